import type { Migration } from './types';

/**
 * Schema of the super-admin area (plans, audit log, topics, partners, training content). Append only. An area's migrations may use the core tables
 * but not another area's, so areas can grow in any order.
 */
export const ADMIN_MIGRATIONS: readonly Migration[] = [];
