import { createHash, randomBytes } from 'node:crypto';
import { HOUR_MS } from '../clock';
import type { Queryable } from '../db';

/** Only this hash is stored: a database leak does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

/** 32 random bytes, base64url; stored as sha256 with its expiry (and the admin behind an impersonation). */
export async function issueToken(
  q: Queryable,
  userId: number,
  now: Date,
  ttlHours: number,
  impersonatorId: number | null = null,
): Promise<IssuedToken> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlHours * HOUR_MS);
  await q.query(
    'INSERT INTO auth_tokens (user_id, token_hash, created_at, expires_at, impersonator_id) VALUES ($1, $2, $3, $4, $5)',
    [userId, hashToken(token), now, expiresAt, impersonatorId],
  );
  return { token, expiresAt };
}

export async function revokeToken(q: Queryable, tokenId: number, now: Date): Promise<void> {
  await q.query('UPDATE auth_tokens SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [tokenId, now]);
}

export async function revokeAllTokens(q: Queryable, userId: number, now: Date): Promise<void> {
  await q.query('UPDATE auth_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [userId, now]);
}

/** `Bearer <token>` → token; anything else → null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header);
  return match?.[1] ?? null;
}
