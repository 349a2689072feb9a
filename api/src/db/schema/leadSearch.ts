import type { Migration } from './types';

/**
 * Schema of lead search (campaigns, results, jobs, labels, autopilots, workflows). Append only. An area's migrations may use the core tables
 * but not another area's, so areas can grow in any order.
 */
export const LEAD_SEARCH_MIGRATIONS: readonly Migration[] = [];
