import type { ModuleSlug } from '@leadsmith/shared';
import type { Role, UserType } from '../api/listUsers';

export const MODULE_OPTIONS: readonly ModuleSlug[] = ['ai_suggest', 'leads', 'whitelabel', 'admin', 'wallet'];
export const USER_TYPES: readonly UserType[] = ['customer', 'reseller', 'team_member', 'super_admin'];
export const ROLES: readonly Role[] = ['user', 'related', 'admin'];
export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled'] as const;
