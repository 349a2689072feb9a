import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isoDate, MINUTE_MS } from '../clock';
import { sendAccountCode } from '../auth/accountCodes';
import { checkCode, cooldownSeconds, RESEND_COOLDOWN_SECONDS, type CodeCheck, type CodePurpose } from '../auth/codes';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../auth/passwords';
import {
  configuredProviders,
  finishLogin,
  OIDC_STATE_TTL_MINUTES,
  oidcSettings,
  SOCIAL_PROVIDERS,
  startLogin,
  type SocialProvider,
} from '../auth/oidc';
import { issueToken, revokeAllTokens, revokeToken } from '../auth/tokens';
import { isUniqueViolation, type Queryable, type SqlParam } from '../db';
import { currentUser } from '../http/auth';
import type { AppDeps } from '../http/context';
import { ApiError, unprocessable, validationError } from '../http/errors';
import { Message, MessageProperties, Type, type Static } from '../http/contract';
import {
  anyPasswordSchema,
  codeSchema,
  emailSchema,
  emptyObjectSchema,
  nameSchema,
  objectSchema,
  passwordSchema,
} from '../http/schemas';
import type { Language } from '../i18n/messages';
import { loadUserDto, normaliseEmail, UserSchema } from '../users/users';
import { say } from './respond';

/** Spec-like throttle: 5 failed logins per email + IP in 15 minutes. */
export const MAX_FAILED_LOGINS = 5;
export const LOGIN_WINDOW_MINUTES = 15;
/** Password spraying (many emails, one address): failures per IP over all emails in the same window. */
export const MAX_FAILED_LOGINS_PER_IP = 20;

/** A session: the bearer token, when it ends, and the signed-in user (sign-in, email confirmation, social sign-in). */
export const LoginSchema = Type.Object({
  token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_at: Type.String({ format: 'date-time' }),
  user: UserSchema,
});
export type LoginResponse = Static<typeof LoginSchema>;

interface AccountRow {
  id: number;
  first_name: string;
  lang: Language;
  password_hash: string;
  email_verified_at: Date | null;
}

async function findAccount(q: Queryable, email: string): Promise<AccountRow | null> {
  const { rows } = await q.query<AccountRow>(
    'SELECT id, first_name, lang, password_hash, email_verified_at FROM users WHERE email = $1 AND deleted_at IS NULL',
    [email],
  );
  return rows[0] ?? null;
}

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock, config } = deps;

  async function loginResponse(userId: number, token: string, expiresAt: Date): Promise<LoginResponse> {
    const user = await loadUserDto(db, userId, config.chatWidgetSecret, clock.now());
    if (!user) throw new Error(`user ${userId} vanished while signing in`);
    return { token, token_type: 'Bearer', expires_at: expiresAt.toISOString(), user };
  }

  /**
   * Issues a code and records its email in the caller's transaction (the outbox sends it). The brand is
   * the account's reseller, else the domain the request came from; the language is the account's.
   */
  async function writeCode(
    tx: Queryable,
    accountId: number,
    email: string,
    purpose: CodePurpose,
    domain: string,
  ): Promise<void> {
    await sendAccountCode(tx, deps, { accountId, email, purpose, domain });
  }

  /** A new code for an existing account, written and queued in one transaction. */
  async function sendCode(
    request: FastifyRequest,
    account: AccountRow,
    email: string,
    purpose: CodePurpose,
  ): Promise<void> {
    await db.transaction((tx) => writeCode(tx, account.id, email, purpose, request.hostname));
  }

  /** 422 on the code field for a failed check. */
  function throwForCode(result: CodeCheck): void {
    if (result === 'daily_limit') throw unprocessable('too_many_code_attempts_today', 'code');
    if (result === 'too_many_attempts') throw unprocessable('too_many_code_attempts', 'code');
    if (result === 'invalid') throw unprocessable('invalid_code', 'code');
  }

  /**
   * Looks up the account and checks (optionally consumes) its reset code in a
   * transaction of its own, so a wrong guess is counted even though the
   * request then fails with 422. `onValid` runs in that transaction.
   */
  async function checkAccountCode(
    rawEmail: string,
    code: string,
    consume: boolean,
    onValid?: (tx: Queryable, userId: number) => Promise<void>,
  ): Promise<CodeCheck> {
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

  async function assertNotThrottled(email: string, ip: string, now: Date): Promise<void> {
    const windowMs = LOGIN_WINDOW_MINUTES * MINUTE_MS;
    const since = new Date(now.getTime() - windowMs);
    // The oldest failure that still counts toward a limit: blocked until it leaves the window.
    const nth = async (sql: string, params: SqlParam[], n: number) =>
      (await db.query<{ at: Date }>(sql, [...params, since, n])).rows[n - 1];
    const perAccount = await nth(
      'SELECT at FROM login_attempts WHERE email = $1 AND ip = $2 AND at > $3 ORDER BY at DESC LIMIT $4',
      [email, ip],
      MAX_FAILED_LOGINS,
    );
    const perIp = perAccount
      ? undefined
      : await nth(
          'SELECT at FROM login_attempts WHERE ip = $1 AND at > $2 ORDER BY at DESC LIMIT $3',
          [ip],
          MAX_FAILED_LOGINS_PER_IP,
        );
    const oldestCounted = perAccount ?? perIp;
    if (!oldestCounted) return;
    const waitMs = Math.max(1000, oldestCounted.at.getTime() + windowMs - now.getTime());
    const seconds = Math.ceil(waitMs / 1000);
    throw new ApiError(429, 'too_many_attempts', {
      params: { minutes: Math.ceil(waitMs / MINUTE_MS) },
      extra: { retry_after_seconds: seconds },
      headers: { 'retry-after': String(seconds) },
    });
  }

  app.post<{ Body: { email: string; password: string } }>(
    '/auth/login',
    {
      schema: {
        summary: 'Sign in with email and password',
        response: { 200: LoginSchema },
        body: objectSchema({ email: emailSchema, password: anyPasswordSchema }, ['email', 'password']),
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      const now = clock.now();
      await assertNotThrottled(email, request.ip, now);

      const account = await findAccount(db, email);
      // Unknown email: still run the KDF so timing does not tell which emails exist.
      const valid = await verifyPassword(request.body.password, account?.password_hash ?? (await dummyPasswordHash()));
      if (!account || !valid) {
        await db.query('INSERT INTO login_attempts (email, ip, at) VALUES ($1, $2, $3)', [email, request.ip, now]);
        await db.query('DELETE FROM login_attempts WHERE at < $1', [new Date(now.getTime() - 24 * 60 * MINUTE_MS)]);
        throw new ApiError(401, 'invalid_credentials', { field: 'email' });
      }
      if (!account.email_verified_at)
        throw new ApiError(403, 'email_not_verified', { field: 'email', extra: { email } });
      // An older or cheaper hash is replaced now that the password is known (hashed before the transaction).
      const upgraded = needsRehash(account.password_hash) ? await hashPassword(request.body.password) : null;

      const issued = await db.transaction(async (tx) => {
        if (upgraded)
          await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1 AND password_hash = $3', [
            account.id,
            upgraded,
            account.password_hash,
          ]);
        await tx.query('DELETE FROM login_attempts WHERE email = $1 AND ip = $2', [email, request.ip]);
        await tx.query('UPDATE users SET last_login_at = $2 WHERE id = $1', [account.id, now]);
        return issueToken(tx, account.id, now, config.tokenTtlHours);
      });
      return loginResponse(account.id, issued.token, issued.expiresAt);
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'Sign out: the token stops working',
        response: { 200: Type.Object({ success: Type.Literal(true) }) },
        body: emptyObjectSchema,
      },
    },
    async (request) => {
      await revokeToken(db, currentUser(request).tokenId, clock.now());
      return { success: true };
    },
  );

  app.post<{
    Body: {
      first_name: string;
      last_name: string;
      email: string;
      password: string;
      password_confirmation: string;
      ref?: string;
    };
  }>(
    '/auth/register',
    {
      schema: {
        summary: 'Create an account; a confirmation code is emailed',
        response: { 201: Type.Object({ ...MessageProperties, email: Type.String() }) },
        body: objectSchema(
          {
            first_name: nameSchema,
            last_name: nameSchema,
            email: emailSchema,
            password: passwordSchema,
            password_confirmation: anyPasswordSchema,
            // A partner's referral code from the link the visitor came by (`?ref=`); an unknown or inactive one is ignored.
            ref: { type: 'string', minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9-]+$' },
          },
          ['first_name', 'last_name', 'email', 'password', 'password_confirmation'],
        ),
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.password !== body.password_confirmation)
        throw validationError({ field: 'password_confirmation', code: 'validation.passwords_match' });
      const email = normaliseEmail(body.email);
      const emailTaken = () => unprocessable('email_taken', 'email');
      // Deleted accounts keep their email: it identifies them for a restore.
      if ((await db.query('SELECT 1 FROM users WHERE email = $1', [email])).rowCount > 0) throw emailTaken();

      const passwordHash = await hashPassword(body.password);
      const now = clock.now();
      const firstName = body.first_name.trim();
      try {
        await db.transaction(async (tx) => {
          // Referral attribution (spec §3 referral partner): the active partner whose code the sign-up link carried.
          const { rows } = await tx.query<{ id: number }>(
            `INSERT INTO users (email, password_hash, first_name, last_name, role, user_type, lang, created_at, updated_at, search_limit, last_reset_date, referral_partner_id)
             VALUES ($1, $2, $3, $4, 'user', 'customer', $5, $6, $6, 0, $7,
                     (SELECT p.id FROM admin_partners p WHERE $8::text IS NOT NULL AND lower(p.referral_code) = lower($8::text) AND p.active)) RETURNING id`,
            [email, passwordHash, firstName, body.last_name.trim(), request.lang, now, isoDate(now), body.ref ?? null],
          );
          const id = rows[0]?.id;
          if (id === undefined) throw new Error('user insert returned no id');
          await tx.query('INSERT INTO credit_wallets (user_id, updated_at) VALUES ($1, $2)', [id, now]);
          await writeCode(tx, id, email, 'confirm_email', request.hostname);
        });
      } catch (error) {
        // Two registrations racing for one email: the unique index decides.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      reply.code(201);
      return { ...say(request, 'confirmation_sent', { email }), email };
    },
  );

  app.post<{ Body: { email: string; code: string } }>(
    '/auth/confirm-email',
    {
      schema: {
        summary: 'Confirm the email with its code; signs in',
        response: { 200: LoginSchema },
        body: objectSchema({ email: emailSchema, code: codeSchema }, ['email', 'code']),
      },
    },
    async (request) => {
      const account = await findAccount(db, normaliseEmail(request.body.email));
      if (!account) throw unprocessable('invalid_code', 'code');
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        const result = await checkCode(tx, config.appSecret, {
          userId: account.id,
          purpose: 'confirm_email',
          code: request.body.code,
          now,
          consume: true,
        });
        if (result !== 'ok') return { result, issued: null };
        await tx.query(
          'UPDATE users SET email_verified_at = COALESCE(email_verified_at, $2), last_login_at = $2, updated_at = $2 WHERE id = $1',
          [account.id, now],
        );
        return { result, issued: await issueToken(tx, account.id, now, config.tokenTtlHours) };
      });
      throwForCode(outcome.result);
      if (!outcome.issued) throw new Error('confirmed without a token');
      return loginResponse(account.id, outcome.issued.token, outcome.issued.expiresAt);
    },
  );

  app.post<{ Body: { email: string } }>(
    '/auth/resend-email-verification-code',
    {
      schema: {
        summary: 'Send the confirmation code again',
        response: { 200: Type.Object({ ...MessageProperties, retry_after_seconds: Type.Integer() }) },
        body: objectSchema({ email: emailSchema }, ['email']),
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      const account = await findAccount(db, email);
      // Same answer for unknown and already-confirmed emails: no account enumeration.
      if (account && !account.email_verified_at) {
        const wait = await cooldownSeconds(db, account.id, 'confirm_email', clock.now());
        if (wait > 0) {
          throw new ApiError(429, 'resend_too_soon', {
            params: { seconds: wait },
            extra: { retry_after_seconds: wait },
            headers: { 'retry-after': String(wait) },
          });
        }
        await sendCode(request, account, email, 'confirm_email');
      }
      return { ...say(request, 'confirmation_resent', { email }), retry_after_seconds: RESEND_COOLDOWN_SECONDS };
    },
  );

  app.post<{ Body: { email: string } }>(
    '/auth/forgot-password',
    {
      schema: {
        summary: 'Email a password reset code',
        response: { 200: Message },
        body: objectSchema({ email: emailSchema }, ['email']),
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      const account = await findAccount(db, email);
      // Always 200 (no enumeration); within the cooldown the earlier code stays valid and no new mail goes out.
      if (account && (await cooldownSeconds(db, account.id, 'reset_password', clock.now())) === 0) {
        await sendCode(request, account, email, 'reset_password');
      }
      return say(request, 'reset_code_sent', { email });
    },
  );

  app.post<{ Body: { email: string; code: string } }>(
    '/auth/reset-password/check-code',
    {
      schema: {
        summary: 'Check a password reset code without using it',
        response: { 200: Type.Object({ valid: Type.Literal(true) }) },
        body: objectSchema({ email: emailSchema, code: codeSchema }, ['email', 'code']),
      },
    },
    async (request) => {
      const result = await checkAccountCode(request.body.email, request.body.code, false);
      throwForCode(result);
      return { valid: true };
    },
  );

  app.post<{ Body: { email: string; code: string; password: string; password_confirmation: string } }>(
    '/auth/reset-password',
    {
      schema: {
        summary: 'Set a new password with the reset code',
        response: { 200: Message },
        body: objectSchema(
          { email: emailSchema, code: codeSchema, password: passwordSchema, password_confirmation: anyPasswordSchema },
          ['email', 'code', 'password', 'password_confirmation'],
        ),
      },
    },
    async (request) => {
      const body = request.body;
      if (body.password !== body.password_confirmation)
        throw validationError({ field: 'password_confirmation', code: 'validation.passwords_match' });
      const passwordHash = await hashPassword(body.password);
      const result = await checkAccountCode(body.email, body.code, true, async (tx, userId) => {
        const now = clock.now();
        // Proving access to the mailbox also confirms the email.
        await tx.query(
          'UPDATE users SET password_hash = $2, updated_at = $3, email_verified_at = COALESCE(email_verified_at, $3) WHERE id = $1',
          [userId, passwordHash, now],
        );
        await revokeAllTokens(tx, userId, now);
        await tx.query('DELETE FROM login_attempts WHERE email = $1', [normaliseEmail(body.email)]);
      });
      throwForCode(result);
      return say(request, 'password_reset');
    },
  );

  app.get(
    '/auth/social/providers',
    {
      schema: {
        summary: 'The social sign-in providers configured here',
        response: {
          200: {
            type: 'object',
            required: ['providers'],
            properties: { providers: { type: 'array', items: { type: 'string', enum: [...SOCIAL_PROVIDERS] } } },
          },
        },
      },
    },
    async () => ({
      providers: configuredProviders(),
    }),
  );

  /** Where the provider sends the browser back: the shell's /callback on this origin (spec §2). */
  const callbackUrl = (request: FastifyRequest) =>
    new URL('/callback', `${request.protocol}://${request.headers.host ?? 'localhost'}`).href;

  app.post<{ Params: { provider: string } }>(
    '/auth/social/:provider/start',
    {
      schema: {
        summary: 'Start signing in with a social provider: the authorization URL (PKCE, state and nonce kept here)',
        params: objectSchema({ provider: { type: 'string', enum: [...SOCIAL_PROVIDERS] } }, ['provider']),
        body: emptyObjectSchema,
        response: { 200: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } } },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const provider = request.params.provider as SocialProvider;
      const settings = oidcSettings(provider);
      if (!settings) throw unprocessable('provider_not_configured', 'provider', { provider });
      const redirectUri = callbackUrl(request);
      const started = await startLogin(settings, redirectUri).catch((error: unknown) => {
        request.log.warn({ err: error }, 'social sign-in could not start');
        throw unprocessable('social_failed', 'provider', { provider: 'Google' });
      });
      const now = clock.now();
      await db.query('DELETE FROM oidc_logins WHERE created_at < $1', [
        new Date(now.getTime() - OIDC_STATE_TTL_MINUTES * MINUTE_MS),
      ]);
      await db.query(
        'INSERT INTO oidc_logins (state, provider, code_verifier, nonce, redirect_uri, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
        [started.state, provider, started.codeVerifier, started.nonce, redirectUri, now],
      );
      return { url: started.url };
    },
  );

  app.post<{ Body: { token: string; provider: string; state?: string } }>(
    '/auth/login-with-social',
    {
      schema: {
        summary: "Finish a social sign-in with the provider's code",
        response: { 200: LoginSchema },
        body: objectSchema(
          {
            token: { type: 'string', minLength: 1, maxLength: 8192 },
            provider: { type: 'string', minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_-]+$' },
            state: { type: 'string', minLength: 1, maxLength: 200 },
          },
          ['token', 'provider'],
        ),
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { provider, token: code, state } = request.body;
      const settings = (SOCIAL_PROVIDERS as readonly string[]).includes(provider)
        ? oidcSettings(provider as SocialProvider)
        : null;
      if (!settings) throw unprocessable('provider_not_configured', 'provider', { provider });
      if (!state) throw validationError({ field: 'state', code: 'validation.required' });
      const now = clock.now();
      // The state is used once: the row goes whatever happens next.
      const login = (
        await db.query<{ code_verifier: string; nonce: string; redirect_uri: string }>(
          'DELETE FROM oidc_logins WHERE state = $1 AND provider = $2 AND created_at > $3 RETURNING code_verifier, nonce, redirect_uri',
          [state, provider, new Date(now.getTime() - OIDC_STATE_TTL_MINUTES * MINUTE_MS)],
        )
      ).rows[0];
      if (!login) throw unprocessable('social_state_invalid', 'state');
      const label = 'Google';
      const identity = await finishLogin(settings, {
        redirectUri: login.redirect_uri,
        code,
        state,
        codeVerifier: login.code_verifier,
        nonce: login.nonce,
      }).catch((error: unknown) => {
        request.log.warn({ err: error }, 'social sign-in failed');
        throw unprocessable('social_failed', 'token', { provider: label });
      });
      if (!identity.emailVerified) throw unprocessable('social_email_unverified', 'token', { provider: label });
      const email = normaliseEmail(identity.email);
      const existing = await findAccount(db, email);
      // A first sign-in makes the account (the provider vouched for the address); the password is random until reset.
      const passwordHash = existing ? null : await hashPassword(randomBytes(24).toString('base64url'));
      const issued = await db.transaction(async (tx) => {
        let userId = existing?.id;
        if (userId === undefined) {
          const { rows } = await tx.query<{ id: number }>(
            `INSERT INTO users (email, password_hash, first_name, last_name, role, user_type, lang, created_at, updated_at, search_limit, last_reset_date, email_verified_at)
             VALUES ($1, $2, $3, $4, 'user', 'customer', $5, $6, $6, 0, $7, $6) ON CONFLICT (email) DO NOTHING RETURNING id`,
            [email, passwordHash, identity.firstName, identity.lastName, request.lang, now, isoDate(now)],
          );
          userId =
            rows[0]?.id ??
            (await tx.query<{ id: number }>('SELECT id FROM users WHERE email = $1 AND deleted_at IS NULL', [email]))
              .rows[0]?.id;
          if (userId === undefined) throw unprocessable('social_failed', 'token', { provider: label });
          await tx.query(
            'INSERT INTO credit_wallets (user_id, updated_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING',
            [userId, now],
          );
        }
        await tx.query(
          'UPDATE users SET email_verified_at = COALESCE(email_verified_at, $2), last_login_at = $2 WHERE id = $1',
          [userId, now],
        );
        return { userId, ...(await issueToken(tx, userId, now, config.tokenTtlHours)) };
      });
      return loginResponse(issued.userId, issued.token, issued.expiresAt);
    },
  );
}
