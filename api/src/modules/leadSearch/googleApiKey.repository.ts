import type { Queryable } from '../../db';

/** Stores the user's own Google API key, sealed by the caller (users/googleApiKeys.ts). */
export async function saveSealedGoogleApiKey(db: Queryable, userId: number, sealed: string, now: Date): Promise<void> {
  await db.query('UPDATE users SET google_api_key_sealed = $2, updated_at = $3 WHERE id = $1', [userId, sealed, now]);
}

/** Removes the user's own Google API key. */
export async function clearGoogleApiKey(db: Queryable, userId: number, now: Date): Promise<void> {
  await db.query('UPDATE users SET google_api_key_sealed = NULL, updated_at = $2 WHERE id = $1', [userId, now]);
}
