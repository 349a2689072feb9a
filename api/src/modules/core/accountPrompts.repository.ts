import type { Queryable } from '../../db';

export async function acceptTerms(q: Queryable, userId: number, version: string, now: Date): Promise<void> {
  await q.query('UPDATE users SET terms_accepted_version = $2, terms_accepted_at = $3, updated_at = $3 WHERE id = $1', [
    userId,
    version,
    now,
  ]);
}

export async function disableCreditPopup(q: Queryable, userId: number, now: Date): Promise<void> {
  await q.query('UPDATE users SET credit_popup_disabled = true, updated_at = $2 WHERE id = $1', [userId, now]);
}
