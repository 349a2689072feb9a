import type { Db } from '../db';
import { openToken, sealToken } from '../providers/crm/tokenBox';

/**
 * The user's own Google API key (issue 23) is stored sealed under APP_SECRET with the CRM tokens' helper
 * (`users.google_api_key_sealed`), so a copy of the database alone does not hand out a working key.
 * No endpoint returns it; only a local search job opens it.
 */
export const sealGoogleApiKey = (secret: string, key: string): string => sealToken(secret, key);

/** The key a job may use: the sealed one opened, else a plain one stored before sealing (until the start seals it). */
export function openGoogleApiKey(secret: string | null, stored: { sealed: string | null; plain: string | null }): string | null {
  const opened = secret ? openToken(secret, stored.sealed) : null;
  return opened ?? (stored.plain?.trim() ? stored.plain : null);
}

/**
 * Seals the keys stored in plain text before `w7-hmoney-google-api-key-sealed`, and empties their plain
 * column. Run at every start after the migrations; each row is changed only if its plain key is still the
 * one read, so processes starting together, or a user saving a key meanwhile, lose nothing. Returns how
 * many it sealed.
 */
export async function sealStoredGoogleApiKeys(db: Db, secret: string): Promise<number> {
  const { rows } = await db.query<{ id: number; google_api_key: string }>("SELECT id, google_api_key FROM users WHERE google_api_key IS NOT NULL AND google_api_key <> ''");
  let sealed = 0;
  for (const row of rows) {
    const changed = await db.query('UPDATE users SET google_api_key_sealed = $2, google_api_key = NULL WHERE id = $1 AND google_api_key = $3', [row.id, sealGoogleApiKey(secret, row.google_api_key), row.google_api_key]);
    sealed += changed.rowCount ?? 0;
  }
  // An empty plain value is no key: cleared too.
  await db.query("UPDATE users SET google_api_key = NULL WHERE google_api_key = ''");
  return sealed;
}
