import type { Migration } from './types';

/**
 * Schema of remote delivery (per-domain registry overrides). Append only. An area's migrations may use the core tables
 * but not another area's, so areas can grow in any order.
 */
export const DELIVERY_MIGRATIONS: readonly Migration[] = [];
