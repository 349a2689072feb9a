import type { Migration } from './types';

/**
 * Schema of Settings area (business profile, training data, wallet, integrations, team, API keys, courses). Append only. An area's migrations may use the core tables
 * but not another area's, so areas can grow in any order.
 */
export const SETTINGS_MIGRATIONS: readonly Migration[] = [];
