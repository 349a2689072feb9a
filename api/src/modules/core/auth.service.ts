import { randomBytes } from 'node:crypto';
import { isoDate, MINUTE_MS } from '../../clock';
import { sendAccountCode } from '../../auth/accountCodes';
import { checkCode, cooldownSeconds, type CodeCheck, type CodePurpose } from '../../auth/codes';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../auth/passwords';
import { OIDC_STATE_TTL_MINUTES } from '../../auth/oidc';
import { issueToken, revokeAllTokens } from '../../auth/tokens';
import { isUniqueViolation, type Queryable } from '../../db';
import type { AppDeps } from '../../http/context';
import { ApiError, unprocessable } from '../../http/errors';
import type { Language } from '../../i18n/messages';
import { normaliseEmail } from '../../users/users';
import {
  clearFailedLogins,
  emailUsed,
  findAccount,
  insertRegisteredUser,
  insertSocialUser,
  insertWallet,
  insertWalletIfMissing,
  liveUserIdByEmail,
  markEmailConfirmed,
  markLoggedIn,
  markSocialLogin,
  nthFailureOfAccount,
  nthFailureOfIp,
  recordFailedLogin,
  rememberOidcLogin,
  setPasswordFromReset,
  takeOidcLogin,
  upgradePasswordHash,
} from './auth.repository';

/** Spec-like throttle: 5 failed logins per email + IP in 15 minutes. */
export const MAX_FAILED_LOGINS = 5;
export const LOGIN_WINDOW_MINUTES = 15;
/** Password spraying (many emails, one address): failures per IP over all emails in the same window. */
export const MAX_FAILED_LOGINS_PER_IP = 20;

type Deps = AppDeps;

/** A session: the user and its bearer token. */
export interface Issued {
  userId: number;
  token: string;
  expiresAt: Date;
}

async function assertNotThrottled(q: Queryable, email: string, ip: string, now: Date): Promise<void> {
  const windowMs = LOGIN_WINDOW_MINUTES * MINUTE_MS;
  const since = new Date(now.getTime() - windowMs);
  // The oldest failure that still counts toward a limit: blocked until it leaves the window.
  const perAccount = await nthFailureOfAccount(q, email, ip, since, MAX_FAILED_LOGINS);
  const perIp = perAccount ? undefined : await nthFailureOfIp(q, ip, since, MAX_FAILED_LOGINS_PER_IP);
  const oldestCounted = perAccount ?? perIp;
  if (!oldestCounted) return;
  const waitMs = Math.max(1000, oldestCounted.getTime() + windowMs - now.getTime());
  const seconds = Math.ceil(waitMs / 1000);
  throw new ApiError(429, 'too_many_attempts', {
    params: { minutes: Math.ceil(waitMs / MINUTE_MS) },
    extra: { retry_after_seconds: seconds },
    headers: { 'retry-after': String(seconds) },
  });
}

/**
 * Sign-in with email and password: throttled per email + address and per address; an unknown email still runs
 * the KDF (timing does not tell which emails exist); a failure is recorded; an older or cheaper hash is replaced.
 */
export async function login(deps: Deps, rawEmail: string, password: string, ip: string): Promise<Issued> {
  const { db, clock, config } = deps;
  const email = normaliseEmail(rawEmail);
  const now = clock.now();
  await assertNotThrottled(db, email, ip, now);

  const account = await findAccount(db, email);
  const valid = await verifyPassword(password, account?.password_hash ?? (await dummyPasswordHash()));
  if (!account || !valid) {
    await recordFailedLogin(db, email, ip, now, new Date(now.getTime() - 24 * 60 * MINUTE_MS));
    throw new ApiError(401, 'invalid_credentials', { field: 'email' });
  }
  if (!account.email_verified_at) throw new ApiError(403, 'email_not_verified', { field: 'email', extra: { email } });
  // Hashed before the transaction.
  const upgraded = needsRehash(account.password_hash) ? await hashPassword(password) : null;

  const issued = await db.transaction(async (tx) => {
    if (upgraded) await upgradePasswordHash(tx, account.id, upgraded, account.password_hash);
    await clearFailedLogins(tx, email, ip);
    await markLoggedIn(tx, account.id, now);
    return issueToken(tx, account.id, now, config.tokenTtlHours);
  });
  return { userId: account.id, ...issued };
}

/** 422 on the code field for a failed check. */
export function throwForCode(result: CodeCheck): void {
  if (result === 'daily_limit') throw unprocessable('too_many_code_attempts_today', 'code');
  if (result === 'too_many_attempts') throw unprocessable('too_many_code_attempts', 'code');
  if (result === 'invalid') throw unprocessable('invalid_code', 'code');
}

/**
 * A new account with its wallet, and its confirmation code emailed, in one transaction. The brand of the code's
 * email is the account's reseller, else the domain the request came from. Answers the normalised email.
 */
export async function register(
  deps: Deps,
  body: { first_name: string; last_name: string; email: string; password: string; ref?: string },
  lang: Language,
  domain: string,
): Promise<string> {
  const { db, clock } = deps;
  const email = normaliseEmail(body.email);
  const emailTaken = () => unprocessable('email_taken', 'email');
  if (await emailUsed(db, email)) throw emailTaken();

  const passwordHash = await hashPassword(body.password);
  const now = clock.now();
  try {
    await db.transaction(async (tx) => {
      const id = await insertRegisteredUser(tx, {
        email,
        passwordHash,
        firstName: body.first_name.trim(),
        lastName: body.last_name.trim(),
        lang,
        now,
        today: isoDate(now),
        ref: body.ref ?? null,
      });
      await insertWallet(tx, id, now);
      await sendAccountCode(tx, deps, { accountId: id, email, purpose: 'confirm_email', domain });
    });
  } catch (error) {
    // Two registrations racing for one email: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return email;
}

/** The email confirmed with its code (consumed), and a session; 422 on the code field otherwise. */
export async function confirmEmail(deps: Deps, rawEmail: string, code: string): Promise<Issued> {
  const { db, clock, config } = deps;
  const account = await findAccount(db, normaliseEmail(rawEmail));
  if (!account) throw unprocessable('invalid_code', 'code');
  const now = clock.now();
  const outcome = await db.transaction(async (tx) => {
    const result = await checkCode(tx, config.appSecret, {
      userId: account.id,
      purpose: 'confirm_email',
      code,
      now,
      consume: true,
    });
    if (result !== 'ok') return { result, issued: null };
    await markEmailConfirmed(tx, account.id, now);
    return { result, issued: await issueToken(tx, account.id, now, config.tokenTtlHours) };
  });
  throwForCode(outcome.result);
  if (!outcome.issued) throw new Error('confirmed without a token');
  return { userId: account.id, ...outcome.issued };
}

/** A new code for an existing account, written and queued in one transaction. */
async function sendCode(deps: Deps, accountId: number, email: string, purpose: CodePurpose, domain: string) {
  await deps.db.transaction((tx) => sendAccountCode(tx, deps, { accountId, email, purpose, domain }));
}

/** The confirmation code again (unknown and confirmed emails get nothing, and no different answer); 429 within the cooldown. */
export async function resendConfirmation(deps: Deps, rawEmail: string, domain: string): Promise<string> {
  const email = normaliseEmail(rawEmail);
  const account = await findAccount(deps.db, email);
  if (account && !account.email_verified_at) {
    const wait = await cooldownSeconds(deps.db, account.id, 'confirm_email', deps.clock.now());
    if (wait > 0) {
      throw new ApiError(429, 'resend_too_soon', {
        params: { seconds: wait },
        extra: { retry_after_seconds: wait },
        headers: { 'retry-after': String(wait) },
      });
    }
    await sendCode(deps, account.id, email, 'confirm_email', domain);
  }
  return email;
}

/** A reset code, unless the email is unknown or within the cooldown (the earlier code stays valid). */
export async function forgotPassword(deps: Deps, rawEmail: string, domain: string): Promise<string> {
  const email = normaliseEmail(rawEmail);
  const account = await findAccount(deps.db, email);
  if (account && (await cooldownSeconds(deps.db, account.id, 'reset_password', deps.clock.now())) === 0)
    await sendCode(deps, account.id, email, 'reset_password', domain);
  return email;
}

/**
 * Looks up the account and checks (optionally consumes) its reset code in a
 * transaction of its own, so a wrong guess is counted even though the
 * request then fails with 422. `onValid` runs in that transaction.
 */
export async function checkResetCode(
  deps: Deps,
  rawEmail: string,
  code: string,
  consume: boolean,
  onValid?: (tx: Queryable, userId: number) => Promise<void>,
): Promise<CodeCheck> {
  const { db, clock, config } = deps;
  const account = await findAccount(db, normaliseEmail(rawEmail));
  if (!account) return 'invalid';
  return db.transaction(async (tx) => {
    const result = await checkCode(tx, config.appSecret, {
      userId: account.id,
      purpose: 'reset_password',
      code,
      now: clock.now(),
      consume,
    });
    if (result === 'ok' && onValid) await onValid(tx, account.id);
    return result;
  });
}

/** A new password with the reset code: every token of the user revoked, its failed logins forgotten. */
export async function resetPassword(deps: Deps, rawEmail: string, code: string, password: string): Promise<CodeCheck> {
  const passwordHash = await hashPassword(password);
  return checkResetCode(deps, rawEmail, code, true, async (tx, userId) => {
    const now = deps.clock.now();
    await setPasswordFromReset(tx, userId, passwordHash, now);
    await revokeAllTokens(tx, userId, now);
    await clearFailedLogins(tx, normaliseEmail(rawEmail));
  });
}

const oidcCutoff = (now: Date) => new Date(now.getTime() - OIDC_STATE_TTL_MINUTES * MINUTE_MS);

/** Keeps a started social sign-in (state, PKCE verifier, nonce) for its callback; expired ones go. */
export async function keepSocialLogin(
  deps: Deps,
  started: { state: string; codeVerifier: string; nonce: string },
  provider: string,
  redirectUri: string,
): Promise<void> {
  const now = deps.clock.now();
  await rememberOidcLogin(deps.db, { ...started, provider, redirectUri }, now, oidcCutoff(now));
}

/** The started social sign-in of this state, taken (a state is used once), if it has not expired. */
export async function takeSocialLogin(deps: Deps, state: string, provider: string) {
  return takeOidcLogin(deps.db, state, provider, oidcCutoff(deps.clock.now()));
}

/**
 * A session for an identity the provider vouched for: a first sign-in makes the account (the password is random
 * until reset), in one transaction with the sign-in. Undefined when the account could not be found or made.
 */
export async function signInSocialIdentity(
  deps: Deps,
  identity: { email: string; firstName: string; lastName: string },
  lang: Language,
): Promise<Issued | undefined> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const email = normaliseEmail(identity.email);
  const existing = await findAccount(db, email);
  const passwordHash = existing ? null : await hashPassword(randomBytes(24).toString('base64url'));
  return db.transaction(async (tx) => {
    let userId = existing?.id;
    if (userId === undefined) {
      userId =
        (await insertSocialUser(tx, {
          email,
          passwordHash,
          firstName: identity.firstName,
          lastName: identity.lastName,
          lang,
          now,
          today: isoDate(now),
        })) ?? (await liveUserIdByEmail(tx, email));
      if (userId === undefined) return undefined;
      await insertWalletIfMissing(tx, userId, now);
    }
    await markSocialLogin(tx, userId, now);
    return { userId, ...(await issueToken(tx, userId, now, config.tokenTtlHours)) };
  });
}
