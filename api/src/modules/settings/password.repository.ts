import type { Queryable } from '../../db';

export async function setPasswordHash(tx: Queryable, userId: number, hash: string, at: Date): Promise<void> {
  await tx.query('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1', [userId, hash, at]);
}

/** Revokes every session of the user's but `keepTokenId`. */
export async function revokeOtherSessions(tx: Queryable, userId: number, keepTokenId: number, at: Date): Promise<void> {
  await tx.query('UPDATE auth_tokens SET revoked_at = $3 WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL', [
    userId,
    keepTokenId,
    at,
  ]);
}
