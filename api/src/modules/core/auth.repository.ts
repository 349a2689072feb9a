import type { Queryable } from '../../db';
import type { Language } from '../../i18n/messages';

export interface AccountRow {
  id: number;
  first_name: string;
  lang: Language;
  password_hash: string;
  email_verified_at: Date | null;
}

/** The live (not deleted) account of an email, if any. */
export async function findAccount(q: Queryable, email: string): Promise<AccountRow | null> {
  const { rows } = await q.query<AccountRow>(
    'SELECT id, first_name, lang, password_hash, email_verified_at FROM users WHERE email = $1 AND deleted_at IS NULL',
    [email],
  );
  return rows[0] ?? null;
}

/** The time of the n-th newest failed login of this email from this address since `since`, if there are n. */
export async function nthFailureOfAccount(
  q: Queryable,
  email: string,
  ip: string,
  since: Date,
  n: number,
): Promise<Date | undefined> {
  const { rows } = await q.query<{ at: Date }>(
    'SELECT at FROM login_attempts WHERE email = $1 AND ip = $2 AND at > $3 ORDER BY at DESC LIMIT $4',
    [email, ip, since, n],
  );
  return rows[n - 1]?.at;
}

/** The time of the n-th newest failed login from this address (any email) since `since`, if there are n. */
export async function nthFailureOfIp(q: Queryable, ip: string, since: Date, n: number): Promise<Date | undefined> {
  const { rows } = await q.query<{ at: Date }>(
    'SELECT at FROM login_attempts WHERE ip = $1 AND at > $2 ORDER BY at DESC LIMIT $3',
    [ip, since, n],
  );
  return rows[n - 1]?.at;
}

/** A failed login, and the failures older than `forgetBefore` forgotten. */
export async function recordFailedLogin(
  q: Queryable,
  email: string,
  ip: string,
  now: Date,
  forgetBefore: Date,
): Promise<void> {
  await q.query('INSERT INTO login_attempts (email, ip, at) VALUES ($1, $2, $3)', [email, ip, now]);
  await q.query('DELETE FROM login_attempts WHERE at < $1', [forgetBefore]);
}

/** The failures of this email (from this address only, when given). */
export async function clearFailedLogins(q: Queryable, email: string, ip?: string): Promise<void> {
  if (ip === undefined) await q.query('DELETE FROM login_attempts WHERE email = $1', [email]);
  else await q.query('DELETE FROM login_attempts WHERE email = $1 AND ip = $2', [email, ip]);
}

/** Replaces the password hash unless it changed meanwhile. */
export async function upgradePasswordHash(q: Queryable, userId: number, hash: string, oldHash: string): Promise<void> {
  await q.query('UPDATE users SET password_hash = $2 WHERE id = $1 AND password_hash = $3', [userId, hash, oldHash]);
}

export async function markLoggedIn(q: Queryable, userId: number, now: Date): Promise<void> {
  await q.query('UPDATE users SET last_login_at = $2 WHERE id = $1', [userId, now]);
}

/** Whether any account has the email, deleted ones included (they keep their email: it identifies them for a restore). */
export async function emailUsed(q: Queryable, email: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM users WHERE email = $1', [email])).rowCount > 0;
}

/**
 * A registered customer account, attributed to the active referral partner whose code the sign-up link
 * carried (spec §3 referral partner); answers its id.
 */
export async function insertRegisteredUser(
  q: Queryable,
  u: {
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    lang: Language;
    now: Date;
    today: string;
    ref: string | null;
  },
): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, role, user_type, lang, created_at, updated_at, search_limit, last_reset_date, referral_partner_id)
     VALUES ($1, $2, $3, $4, 'user', 'customer', $5, $6, $6, 0, $7,
             (SELECT p.id FROM admin_partners p WHERE $8::text IS NOT NULL AND lower(p.referral_code) = lower($8::text) AND p.active)) RETURNING id`,
    [u.email, u.passwordHash, u.firstName, u.lastName, u.lang, u.now, u.today, u.ref],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('user insert returned no id');
  return id;
}

export async function insertWallet(q: Queryable, userId: number, now: Date): Promise<void> {
  await q.query('INSERT INTO credit_wallets (user_id, updated_at) VALUES ($1, $2)', [userId, now]);
}

/** The email confirmed (once: the first time stays) and the sign-in recorded. */
export async function markEmailConfirmed(q: Queryable, userId: number, now: Date): Promise<void> {
  await q.query(
    'UPDATE users SET email_verified_at = COALESCE(email_verified_at, $2), last_login_at = $2, updated_at = $2 WHERE id = $1',
    [userId, now],
  );
}

/** A new password; proving access to the mailbox also confirms the email. */
export async function setPasswordFromReset(q: Queryable, userId: number, hash: string, now: Date): Promise<void> {
  await q.query(
    'UPDATE users SET password_hash = $2, updated_at = $3, email_verified_at = COALESCE(email_verified_at, $3) WHERE id = $1',
    [userId, hash, now],
  );
}

/** A social sign-in under way: its state, PKCE verifier, nonce and redirect URI; those older than `forgetBefore` go. */
export async function rememberOidcLogin(
  q: Queryable,
  l: { state: string; provider: string; codeVerifier: string; nonce: string; redirectUri: string },
  now: Date,
  forgetBefore: Date,
): Promise<void> {
  await q.query('DELETE FROM oidc_logins WHERE created_at < $1', [forgetBefore]);
  await q.query(
    'INSERT INTO oidc_logins (state, provider, code_verifier, nonce, redirect_uri, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [l.state, l.provider, l.codeVerifier, l.nonce, l.redirectUri, now],
  );
}

/** Takes (deletes and answers) the social sign-in of this state and provider made after `since`: a state is used once. */
export async function takeOidcLogin(
  q: Queryable,
  state: string,
  provider: string,
  since: Date,
): Promise<{ code_verifier: string; nonce: string; redirect_uri: string } | undefined> {
  return (
    await q.query<{ code_verifier: string; nonce: string; redirect_uri: string }>(
      'DELETE FROM oidc_logins WHERE state = $1 AND provider = $2 AND created_at > $3 RETURNING code_verifier, nonce, redirect_uri',
      [state, provider, since],
    )
  ).rows[0];
}

/** The account a first social sign-in makes (its email confirmed by the provider); undefined when the email was taken meanwhile. */
export async function insertSocialUser(
  q: Queryable,
  u: {
    email: string;
    passwordHash: string | null;
    firstName: string;
    lastName: string;
    lang: Language;
    now: Date;
    today: string;
  },
): Promise<number | undefined> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, role, user_type, lang, created_at, updated_at, search_limit, last_reset_date, email_verified_at)
     VALUES ($1, $2, $3, $4, 'user', 'customer', $5, $6, $6, 0, $7, $6) ON CONFLICT (email) DO NOTHING RETURNING id`,
    [u.email, u.passwordHash, u.firstName, u.lastName, u.lang, u.now, u.today],
  );
  return rows[0]?.id;
}

export async function liveUserIdByEmail(q: Queryable, email: string): Promise<number | undefined> {
  return (await q.query<{ id: number }>('SELECT id FROM users WHERE email = $1 AND deleted_at IS NULL', [email]))
    .rows[0]?.id;
}

export async function insertWalletIfMissing(q: Queryable, userId: number, now: Date): Promise<void> {
  await q.query('INSERT INTO credit_wallets (user_id, updated_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING', [
    userId,
    now,
  ]);
}

/** A social sign-in: the email confirmed (the provider vouched for it) and the sign-in recorded. */
export async function markSocialLogin(q: Queryable, userId: number, now: Date): Promise<void> {
  await q.query(
    'UPDATE users SET email_verified_at = COALESCE(email_verified_at, $2), last_login_at = $2 WHERE id = $1',
    [userId, now],
  );
}
