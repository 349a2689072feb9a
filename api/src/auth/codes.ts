import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { MINUTE_MS } from '../clock';
import type { Queryable } from '../db';

export type CodePurpose = 'confirm_email' | 'reset_password';

export const CODE_TTL_MINUTES = 30;
export const CODE_MAX_ATTEMPTS = 5;
/** Wrong codes per account and purpose in 24 hours, across codes: a new code a minute no longer buys ~7,200 guesses a day. */
export const CODE_MAX_DAILY_ATTEMPTS = 20;
export const RESEND_COOLDOWN_SECONDS = 60;

/** HMAC with the app secret: a 6-digit code's plain sha256 could be reversed by trying all 10^6. */
function hashCode(secret: string, userId: number, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${userId}:${code}`).digest('hex');
}

/** Creates a fresh 6-digit code; earlier unused codes for the same purpose stop working. */
export async function issueCode(
  q: Queryable,
  secret: string,
  userId: number,
  purpose: CodePurpose,
  now: Date,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await q.query('UPDATE email_codes SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [
    userId,
    purpose,
    now,
  ]);
  await q.query(
    'INSERT INTO email_codes (user_id, purpose, code_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)',
    [
      userId,
      purpose,
      hashCode(secret, userId, purpose, code),
      new Date(now.getTime() + CODE_TTL_MINUTES * MINUTE_MS),
      now,
    ],
  );
  return code;
}

/** Seconds until another code may be sent (0 = now), counted from the last code of that purpose. */
export async function cooldownSeconds(q: Queryable, userId: number, purpose: CodePurpose, now: Date): Promise<number> {
  const { rows } = await q.query<{ created_at: Date }>(
    'SELECT created_at FROM email_codes WHERE user_id = $1 AND purpose = $2 ORDER BY created_at DESC, id DESC LIMIT 1',
    [userId, purpose],
  );
  const last = rows[0];
  if (!last) return 0;
  const elapsedMs = now.getTime() - last.created_at.getTime();
  return Math.max(0, Math.ceil((RESEND_COOLDOWN_SECONDS * 1000 - elapsedMs) / 1000));
}

export type CodeCheck = 'ok' | 'invalid' | 'too_many_attempts' | 'daily_limit';

/**
 * Checks a code against the user's latest live one. A wrong guess counts an
 * attempt; after CODE_MAX_ATTEMPTS even the right code is refused. `consume`
 * marks it used (single use). Run inside a transaction: the row is locked.
 * After CODE_MAX_DAILY_ATTEMPTS wrong codes in 24 hours no code is accepted, however fresh.
 */
export async function checkCode(
  q: Queryable,
  secret: string,
  args: { userId: number; purpose: CodePurpose; code: string; now: Date; consume: boolean },
): Promise<CodeCheck> {
  const { rows } = await q.query<{ id: number; code_hash: string; attempts: number }>(
    `SELECT id, code_hash, attempts FROM email_codes
      WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
      ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
    [args.userId, args.purpose, args.now],
  );
  const row = rows[0];
  if (!row) return 'invalid';
  const day = await q.query<{ wrong: number }>(
    'SELECT COALESCE(sum(attempts), 0)::int AS wrong FROM email_codes WHERE user_id = $1 AND purpose = $2 AND created_at > $3',
    [args.userId, args.purpose, new Date(args.now.getTime() - 24 * 60 * MINUTE_MS)],
  );
  if ((day.rows[0]?.wrong ?? 0) >= CODE_MAX_DAILY_ATTEMPTS) return 'daily_limit';
  if (row.attempts >= CODE_MAX_ATTEMPTS) return 'too_many_attempts';
  const expected = Buffer.from(row.code_hash, 'hex');
  const actual = Buffer.from(hashCode(secret, args.userId, args.purpose, args.code), 'hex');
  if (!timingSafeEqual(expected, actual)) {
    await q.query('UPDATE email_codes SET attempts = attempts + 1 WHERE id = $1', [row.id]);
    return row.attempts + 1 >= CODE_MAX_ATTEMPTS ? 'too_many_attempts' : 'invalid';
  }
  if (args.consume) await q.query('UPDATE email_codes SET used_at = $2 WHERE id = $1', [row.id, args.now]);
  return 'ok';
}
