import type { Db } from './types';

import type { Migration } from './schema/types';
import { CORE_MIGRATIONS } from './schema/core';
import { SETTINGS_MIGRATIONS } from './schema/settings';
import { LEAD_SEARCH_MIGRATIONS } from './schema/leadSearch';
import { AI_MIGRATIONS } from './schema/ai';
import { WHITELABEL_MIGRATIONS } from './schema/whitelabel';
import { ADMIN_MIGRATIONS } from './schema/admin';
import { DELIVERY_MIGRATIONS } from './schema/delivery';
import { LEAD_SOURCE_MIGRATIONS } from './schema/leadSources';
import { SECURITY_MIGRATIONS } from './schema/security';
import { BILLING_MIGRATIONS } from './schema/billing';
import { PAYMENT_MIGRATIONS } from './schema/payments';
import { SAVED_SEARCH_MIGRATIONS } from './schema/savedSearches';

export type { Migration };

/**
 * Schema as TypeScript so the build needs no file copying. The same SQL runs
 * on PGlite and PostgreSQL. Reference data every environment needs (modules,
 * list types) lives here; demo accounts live in seed.ts.
 */
export const MIGRATIONS: readonly Migration[] = [
  ...CORE_MIGRATIONS,
  ...SETTINGS_MIGRATIONS,
  ...LEAD_SEARCH_MIGRATIONS,
  ...AI_MIGRATIONS,
  ...WHITELABEL_MIGRATIONS,
  ...ADMIN_MIGRATIONS,
  ...DELIVERY_MIGRATIONS,
  ...LEAD_SOURCE_MIGRATIONS,
  ...SECURITY_MIGRATIONS,
  ...BILLING_MIGRATIONS,
  ...PAYMENT_MIGRATIONS,
  ...SAVED_SEARCH_MIGRATIONS,
];

/** Any constant works; it only has to be the same for every API process. */
const MIGRATION_LOCK_KEY = 4_711_001;

/**
 * Applies the pending migrations in order, all in one transaction (PostgreSQL
 * DDL is transactional). The advisory lock makes concurrent starts of several
 * API processes on one PostgreSQL server safe: the second waits, then finds
 * nothing left to do. Returns the ids it applied.
 */
export async function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set((await tx.query<{ id: string }>('SELECT id FROM schema_migrations')).rows.map((r) => r.id));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      applied.push(migration.id);
    }
    return applied;
  });
}
