import type { PlanAvailableFor, PlanCreatedBy } from '../api/listPlans';

export const CREATED_BY: readonly PlanCreatedBy[] = ['system', 'partner'];
export const AVAILABLE_FOR: readonly PlanAvailableFor[] = ['customers', 'resellers'];
