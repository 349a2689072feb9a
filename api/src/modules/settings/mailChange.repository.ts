import type { Queryable } from '../../db';
import { isUniqueViolation } from '../../db';

export interface PendingRow {
  new_email: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  created_at: Date;
}

/** The user's one pending change, replaced by a new one (attempts back to 0). */
export async function savePendingChange(
  tx: Queryable,
  userId: number,
  change: { email: string; codeHash: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO settings_mail_changes (user_id, new_email, code_hash, attempts, expires_at, created_at) VALUES ($1, $2, $3, 0, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET new_email = EXCLUDED.new_email, code_hash = EXCLUDED.code_hash, attempts = 0, expires_at = EXCLUDED.expires_at, created_at = EXCLUDED.created_at`,
    [userId, change.email, change.codeHash, change.expiresAt, now],
  );
}

/** The user's pending change; `lock` holds it until the transaction ends. */
export async function pendingChangeOf(q: Queryable, userId: number, lock = false): Promise<PendingRow | undefined> {
  return (
    await q.query<PendingRow>(
      `SELECT new_email, code_hash, attempts, expires_at, created_at FROM settings_mail_changes WHERE user_id = $1${lock ? ' FOR UPDATE' : ''}`,
      [userId],
    )
  ).rows[0];
}

export async function emailInUse(db: Queryable, email: string): Promise<boolean> {
  const taken = await db.query('SELECT 1 FROM users WHERE email = $1', [email]);
  return taken.rowCount > 0;
}

export async function countWrongCode(tx: Queryable, userId: number): Promise<void> {
  await tx.query('UPDATE settings_mail_changes SET attempts = attempts + 1 WHERE user_id = $1', [userId]);
}

/**
 * Gives the user the new (verified) email; false, with the transaction still usable, when another account
 * took it meanwhile (the update is rolled back to a savepoint).
 */
export async function setVerifiedEmail(tx: Queryable, userId: number, email: string, now: Date): Promise<boolean> {
  try {
    await tx.query('SAVEPOINT mail_change');
    await tx.query('UPDATE users SET email = $2, email_verified_at = $3, updated_at = $3 WHERE id = $1', [
      userId,
      email,
      now,
    ]);
    return true;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await tx.query('ROLLBACK TO SAVEPOINT mail_change');
    return false;
  }
}

export async function deletePendingChange(tx: Queryable, userId: number): Promise<void> {
  await tx.query('DELETE FROM settings_mail_changes WHERE user_id = $1', [userId]);
}
