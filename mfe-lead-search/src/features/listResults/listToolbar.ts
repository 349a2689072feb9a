import { CREDIT_COSTS } from '@leadsmith/shared';
import type { SearchType } from '../../api/types';

export type ListAction =
  | 'emailFound'
  | 'status'
  | 'moreFilters'
  | 'search'
  | 'getPhones'
  | 'getEmployees'
  | 'enrich'
  | 'manualEntry'
  | 'customLabels'
  | 'ai'
  | 'crm'
  | 'csv'
  | 'delete'
  | 'newSearch'
  | 'settings';

/**
 * Toolbar actions per list type, in the spec's order (§2). Group lists hold people (ADR 005). The
 * "ai" action runs the AI assistant's prompts on the selection (features/aiAssistant).
 */
export const TOOLBAR: Readonly<Record<SearchType, readonly ListAction[]>> = {
  domain: ['status', 'moreFilters', 'search', 'getEmployees', 'customLabels', 'crm', 'csv', 'delete', 'newSearch'],
  people: [
    'emailFound',
    'status',
    'moreFilters',
    'search',
    'getPhones',
    'manualEntry',
    'customLabels',
    'ai',
    'crm',
    'csv',
    'delete',
    'newSearch',
  ],
  group: [
    'emailFound',
    'status',
    'moreFilters',
    'search',
    'getPhones',
    'manualEntry',
    'customLabels',
    'ai',
    'crm',
    'csv',
    'delete',
    'newSearch',
  ],
  local: [
    'emailFound',
    'status',
    'moreFilters',
    'search',
    'manualEntry',
    'getEmployees',
    'customLabels',
    'ai',
    'crm',
    'csv',
    'delete',
    'newSearch',
  ],
  company: [
    'emailFound',
    'status',
    'moreFilters',
    'search',
    'manualEntry',
    'getEmployees',
    'customLabels',
    'ai',
    'crm',
    'csv',
    'delete',
    'newSearch',
  ],
  influencer: [
    'emailFound',
    'status',
    'moreFilters',
    'search',
    'manualEntry',
    'enrich',
    'customLabels',
    'ai',
    'crm',
    'csv',
    'delete',
    'newSearch',
  ],
  intent: ['emailFound', 'status', 'moreFilters', 'search', 'customLabels', 'ai', 'crm', 'csv', 'delete', 'settings'],
};

/** Whether a list type's toolbar offers an action. */
export const offers = (type: SearchType, action: ListAction) => TOOLBAR[type].includes(action);

/** Spec §9 cost of one employee found, per list type with get-employees. */
export const EMPLOYEE_COST: Partial<Record<SearchType, number>> = {
  local: CREDIT_COSTS.localEmployeeEnrich,
  company: CREDIT_COSTS.localEmployeeEnrich,
  domain: CREDIT_COSTS.domainEmployeeEnrich,
};
