import { createHash } from 'node:crypto';
import type { Db, Queryable } from './types';

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
import { OPERATIONS_MIGRATIONS } from './schema/operations';
import { LIST_EXPORT_MIGRATIONS } from './schema/listExports';
import { LIST_MIGRATIONS } from './schema/lists';
import { SPEC_GAP_MIGRATIONS } from './schema/specGaps';
import { LIST_UNDO_MIGRATIONS, LIST_VIEW_MIGRATIONS } from './schema/listUndo';
import { EMAIL_GRADE_MIGRATIONS } from './schema/emailGrades';
import { LIST_IMPORT_MIGRATIONS } from './schema/listImports';
import { RESULT_SORT_MIGRATIONS } from './schema/resultSorts';

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
  ...OPERATIONS_MIGRATIONS,
  ...LIST_EXPORT_MIGRATIONS,
  ...LIST_MIGRATIONS,
  ...SPEC_GAP_MIGRATIONS,
  ...LIST_UNDO_MIGRATIONS,
  ...EMAIL_GRADE_MIGRATIONS,
  ...LIST_VIEW_MIGRATIONS,
  ...LIST_IMPORT_MIGRATIONS,
  ...RESULT_SORT_MIGRATIONS,
];

/** Any constant works; it only has to be the same for every API process. */
export const MIGRATION_LOCK_KEY = 4_711_001;

/** sha256 of a migration's SQL as shipped: recorded when applied, compared at every start. */
export function migrationChecksum(migration: Migration): string {
  return createHash('sha256').update(migration.sql).digest('hex');
}

/** A shipped migration's text differs from the one the database ran: the start stops with this. */
export class ChangedMigrationError extends Error {
  constructor(readonly changed: readonly { id: string; applied: string; shipped: string }[]) {
    super(
      `refusing to start: ${changed.length === 1 ? 'a shipped migration was' : `${changed.length} shipped migrations were`} changed after the database applied ` +
        `${changed.length === 1 ? 'it' : 'them'}: ${changed.map((c) => `${c.id} (applied sha256 ${c.applied.slice(0, 12)}…, this build ${c.shipped.slice(0, 12)}…)`).join('; ')}. ` +
        'Migrations are forward-only: put the shipped text back and add a new migration for the change (api/src/db/schema).',
    );
    this.name = 'ChangedMigrationError';
  }
}

async function ensureLedger(tx: Queryable): Promise<void> {
  await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  );
  ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text`);
}

/**
 * Applies the pending migrations in order, all in one transaction (PostgreSQL
 * DDL is transactional). The advisory lock makes concurrent starts of several
 * API processes on one PostgreSQL server safe: the second waits, then finds
 * nothing left to do. Returns the ids it applied.
 *
 * Forward-only: each applied migration's checksum is compared with this build's text first; a
 * changed one throws ChangedMigrationError and nothing is applied. Rows applied before checksums
 * were recorded get this build's checksum (the text they ran cannot be known any more).
 */
export async function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await ensureLedger(tx);
    const applied = new Map(
      (await tx.query<{ id: string; checksum: string | null }>('SELECT id, checksum FROM schema_migrations')).rows.map(
        (r) => [r.id, r.checksum],
      ),
    );
    const changed: { id: string; applied: string; shipped: string }[] = [];
    for (const migration of migrations) {
      const recorded = applied.get(migration.id);
      const shipped = migrationChecksum(migration);
      if (recorded === null)
        await tx.query('UPDATE schema_migrations SET checksum = $2 WHERE id = $1', [migration.id, shipped]);
      else if (recorded !== undefined && recorded !== shipped)
        changed.push({ id: migration.id, applied: recorded, shipped });
    }
    if (changed.length > 0) throw new ChangedMigrationError(changed);
    const done: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id, checksum) VALUES ($1, $2)', [
        migration.id,
        migrationChecksum(migration),
      ]);
      done.push(migration.id);
    }
    return done;
  });
}

/**
 * For readiness: whether a process holds the migration lock now (migrating), and which of this
 * build's migrations the database lacks.
 */
export async function migrationState(
  db: Db,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<{ locked: boolean; pending: string[] }> {
  // A bigint advisory key is held as classid (high 32 bits) and objid (low 32 bits), objsubid 1. Advisory locks
  // belong to a database: a migration of another database on the same server (staging beside production) holds
  // the same key there, and is not this database's.
  const { rows: locks } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_locks
      WHERE locktype = 'advisory' AND granted AND classid = 0 AND objid = $1 AND objsubid = 1
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [MIGRATION_LOCK_KEY],
  );
  const { rows } = await db.query<{ ok: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS ok");
  const applied = rows[0]?.ok
    ? new Set((await db.query<{ id: string }>('SELECT id FROM schema_migrations')).rows.map((r) => r.id))
    : new Set<string>();
  return { locked: (locks[0]?.n ?? 0) > 0, pending: migrations.filter((m) => !applied.has(m.id)).map((m) => m.id) };
}
