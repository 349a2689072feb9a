import type { Migration } from './types';

/**
 * Schema of the AI provider (training runs, suggestions). Append only. An area's migrations may use the core tables
 * but not another area's, so areas can grow in any order.
 */
export const AI_MIGRATIONS: readonly Migration[] = [];
