import { migrate, MIGRATIONS, type Db } from '../db';
import { MIGRATION_LOCK_KEY } from '../db/migrations';
import { GOOGLE_PLAIN_KEY_DROPPED } from '../db/schema/core';
import type { Migration } from '../db/schema/types';
import { openToken, sealToken } from '../providers/crm/tokenBox';

/**
 * The user's own Google API key (issue 23) is stored sealed under APP_SECRET with the CRM tokens' helper
 * (`users.google_api_key_sealed`), so a copy of the database alone does not hand out a working key.
 * No endpoint returns it; only a local search job opens it.
 */
export const sealGoogleApiKey = (secret: string, key: string): string => sealToken(secret, key);

/** The key a job may use: the sealed one opened (none without the secret or when it does not open). */
export function openGoogleApiKey(secret: string | null, sealed: string | null): string | null {
  return secret ? openToken(secret, sealed) : null;
}

/**
 * The start's migrations (start.ts). Keys stored in plain text before `w7-hmoney-google-api-key-sealed` were
 * sealed by every start since; a database that skipped those releases may still hold some, and the migration
 * that drops their column (GOOGLE_PLAIN_KEY_DROPPED) would lose them. So the migrations before it run first,
 * the plain keys left are sealed (the secret is needed, which SQL does not have), then the rest. Returns the
 * ids applied, in order.
 */
export async function migrateSealingGoogleApiKeys(
  db: Db,
  secret: string,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<string[]> {
  const drop = migrations.findIndex((m) => m.id === GOOGLE_PLAIN_KEY_DROPPED);
  const before = drop < 0 ? [] : await migrate(db, migrations.slice(0, drop));
  await sealPlainGoogleApiKeys(db, secret);
  return [...before, ...(await migrate(db, migrations))];
}

/**
 * Seals the plain keys still in `users.google_api_key`, if that column is still there. Under the migrations'
 * lock, so processes starting together neither seal twice nor read a column another one is dropping; each
 * row changes only if its plain key is still the one read (a user saving a key meanwhile on an older
 * process loses nothing). Returns how many it sealed.
 */
async function sealPlainGoogleApiKeys(db: Db, secret: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const column = await tx.query(
      "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'users' AND column_name = 'google_api_key'",
    );
    if (!column.rowCount) return 0;
    const { rows } = await tx.query<{ id: number; google_api_key: string }>(
      "SELECT id, google_api_key FROM users WHERE google_api_key IS NOT NULL AND google_api_key <> ''",
    );
    let sealed = 0;
    for (const row of rows) {
      const changed = await tx.query(
        'UPDATE users SET google_api_key_sealed = $2, google_api_key = NULL WHERE id = $1 AND google_api_key = $3',
        [row.id, sealGoogleApiKey(secret, row.google_api_key), row.google_api_key],
      );
      sealed += changed.rowCount ?? 0;
    }
    return sealed;
  });
}
