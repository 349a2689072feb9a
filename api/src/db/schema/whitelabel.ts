import type { Migration } from './types';

/**
 * Schema of the white-label area (packages, subscriptions, payments, SMTP, webhooks). Append only. An area's migrations may use the core tables
 * but not another area's, so areas can grow in any order.
 */
export const WHITELABEL_MIGRATIONS: readonly Migration[] = [];
