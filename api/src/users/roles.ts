import { RELATED_ROLE_EXCLUDED_MODULES, type ModuleSlug } from '@leadsmith/shared/constants';
import { unprocessable, type ApiError } from '../http/errors';

export { RELATED_ROLE_EXCLUDED_MODULES };

/** The state of an account the role rules look at. */
export interface RoleState {
  role: string;
  parent_id: number | null;
  modules: readonly string[];
  can_create_related_accounts: boolean;
}

/**
 * Role `related` means a related (sub-)account (ADR 052): it has a parent, holds neither the
 * white-label nor the admin module, and may not create related accounts itself (one level deep).
 * Null when the state is consistent, else the 422 naming the field to change.
 */
export function relatedRoleRefusal(state: RoleState): ApiError | null {
  if (state.role !== 'related') return null;
  if (state.parent_id === null) return unprocessable('admin.related_needs_parent', 'parent_id');
  const excluded = RELATED_ROLE_EXCLUDED_MODULES.filter((slug) => state.modules.includes(slug));
  if (excluded.length > 0)
    return unprocessable('admin.related_excluded_modules', 'modules', { modules: excluded.join(', ') });
  if (state.can_create_related_accounts)
    return unprocessable('admin.related_cannot_create_related', 'can_create_related_accounts');
  return null;
}

/** The modules a role may use: a related account never gets white-label or admin, whatever rows say. */
export function modulesForRole<T extends ModuleSlug>(role: string, modules: readonly T[]): T[] {
  return role === 'related'
    ? modules.filter((m) => !(RELATED_ROLE_EXCLUDED_MODULES as readonly string[]).includes(m))
    : [...modules];
}
