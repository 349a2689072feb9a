import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { MINUTE_MS } from '../../clock';
import type { Queryable } from '../../db';
import type { AppDeps } from '../../http/context';
import { ApiError, unprocessable } from '../../http/errors';
import { sendTemplatedMail } from '../../mail/templatedMail';
import {
  countWrongCode,
  deletePendingChange,
  emailInUse,
  pendingChangeOf,
  savePendingChange,
  setVerifiedEmail,
  type PendingRow,
} from './mailChange.repository';

export const MAIL_CHANGE_TTL_MINUTES = 30;
export const MAIL_CHANGE_MAX_ATTEMPTS = 5;
export const MAIL_CHANGE_RESEND_SECONDS = 60;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer'>;

/**
 * Email change: the code goes to the *new* address (proving it is theirs); the account's email only
 * changes on confirm. One pending change per user; codes are HMAC'd at rest.
 */
const codeHash = (deps: Deps, userId: number, email: string, code: string) =>
  createHmac('sha256', deps.config.appSecret).update(`mail_change:${userId}:${email}:${code}`).digest('hex');

async function issue(deps: Deps, tx: Queryable, userId: number, email: string): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = deps.clock.now();
  await savePendingChange(
    tx,
    userId,
    {
      email,
      codeHash: codeHash(deps, userId, email, code),
      expiresAt: new Date(now.getTime() + MAIL_CHANGE_TTL_MINUTES * MINUTE_MS),
    },
    now,
  );
  // The code goes to the new address, in the account's brand and language.
  await sendTemplatedMail(tx, deps, {
    kind: 'email_change',
    userId,
    to: email,
    vars: { code, minutes: MAIL_CHANGE_TTL_MINUTES },
  });
}

/** The change waiting for its code, if it has not expired. */
export async function livePendingChange(deps: Deps, userId: number): Promise<PendingRow | undefined> {
  const row = await pendingChangeOf(deps.db, userId);
  return row && row.expires_at.getTime() > deps.clock.now().getTime() ? row : undefined;
}

/** Starts changing the user's email to `email` (normalised): a code goes to it. */
export async function startMailChange(deps: Deps, user: { id: number; email: string }, email: string): Promise<void> {
  if (email === user.email) throw unprocessable('settings.same_email', 'email');
  if (await emailInUse(deps.db, email)) throw unprocessable('email_taken', 'email');
  await deps.db.transaction((tx) => issue(deps, tx, user.id, email));
}

/** Sends a new code for the pending change (429 within MAIL_CHANGE_RESEND_SECONDS of the last); answers its address. */
export async function resendMailChange(deps: Deps, userId: number): Promise<string> {
  const row = await pendingChangeOf(deps.db, userId);
  if (!row) throw unprocessable('settings.mail_change.none', 'email');
  const wait = Math.ceil(
    (MAIL_CHANGE_RESEND_SECONDS * 1000 - (deps.clock.now().getTime() - row.created_at.getTime())) / 1000,
  );
  if (wait > 0)
    throw new ApiError(429, 'resend_too_soon', {
      params: { seconds: wait },
      extra: { retry_after_seconds: wait },
      headers: { 'retry-after': String(wait) },
    });
  await deps.db.transaction((tx) => issue(deps, tx, userId, row.new_email));
  return row.new_email;
}

/** Confirms the pending change with its code (MAIL_CHANGE_MAX_ATTEMPTS wrong codes end it). */
export async function confirmMailChange(deps: Deps, userId: number, code: string): Promise<void> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx): Promise<'ok' | 'invalid' | 'too_many' | 'taken'> => {
    const row = await pendingChangeOf(tx, userId, true);
    if (!row || row.expires_at.getTime() <= now.getTime()) return 'invalid';
    if (row.attempts >= MAIL_CHANGE_MAX_ATTEMPTS) return 'too_many';
    const ok = timingSafeEqual(
      Buffer.from(row.code_hash, 'hex'),
      Buffer.from(codeHash(deps, userId, row.new_email, code), 'hex'),
    );
    if (!ok) {
      await countWrongCode(tx, userId);
      return row.attempts + 1 >= MAIL_CHANGE_MAX_ATTEMPTS ? 'too_many' : 'invalid';
    }
    const changed = await setVerifiedEmail(tx, userId, row.new_email, now);
    await deletePendingChange(tx, userId);
    return changed ? 'ok' : 'taken';
  });
  if (outcome === 'invalid') throw unprocessable('invalid_code', 'code');
  if (outcome === 'too_many') throw unprocessable('too_many_code_attempts', 'code');
  if (outcome === 'taken') throw unprocessable('email_taken', 'email');
}
