import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../clock';
import type { Queryable } from '../../db';
import { isUniqueViolation } from '../../db';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { ApiError, unprocessable } from '../../http/errors';
import { Message, MessageProperties, Nullable, Type } from '../../http/contract';
import { codeSchema, emailSchema, emptyObjectSchema, objectSchema } from '../../http/schemas';
import { sendTemplatedMail } from '../../mail/templatedMail';
import { normaliseEmail } from '../../users/users';
import { say } from '../../routes/respond';

export const MAIL_CHANGE_TTL_MINUTES = 30;
export const MAIL_CHANGE_MAX_ATTEMPTS = 5;
export const MAIL_CHANGE_RESEND_SECONDS = 60;

interface PendingRow {
  new_email: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  created_at: Date;
}

/**
 * Email change (spec §7: POST /api/mail-change, /resend, /confirm). The code
 * goes to the *new* address (proving it is theirs); the account's email only
 * changes on confirm. One pending change per user; codes are HMAC'd at rest.
 */
export function mailChangeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock, config } = deps;
  const hash = (userId: number, email: string, code: string) =>
    createHmac('sha256', config.appSecret).update(`mail_change:${userId}:${email}:${code}`).digest('hex');

  async function issue(tx: Queryable, userId: number, email: string): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = clock.now();
    await tx.query(
      `INSERT INTO settings_mail_changes (user_id, new_email, code_hash, attempts, expires_at, created_at) VALUES ($1, $2, $3, 0, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET new_email = EXCLUDED.new_email, code_hash = EXCLUDED.code_hash, attempts = 0, expires_at = EXCLUDED.expires_at, created_at = EXCLUDED.created_at`,
      [userId, email, hash(userId, email, code), new Date(now.getTime() + MAIL_CHANGE_TTL_MINUTES * MINUTE_MS), now],
    );
    // The code goes to the new address, in the account's brand and language.
    await sendTemplatedMail(tx, deps, {
      kind: 'email_change',
      userId,
      to: email,
      vars: { code, minutes: MAIL_CHANGE_TTL_MINUTES },
    });
  }

  const Pending = Type.Object({
    ...MessageProperties,
    pending_email: Type.String(),
    retry_after_seconds: Type.Integer(),
  });

  const pending = async (q: Queryable, userId: number, lock = false) =>
    (
      await q.query<PendingRow>(
        `SELECT new_email, code_hash, attempts, expires_at, created_at FROM settings_mail_changes WHERE user_id = $1${lock ? ' FOR UPDATE' : ''}`,
        [userId],
      )
    ).rows[0];

  app.get(
    '/api/mail-change',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'The email change waiting for its code, if any',
        querystring: emptyObjectSchema,
        response: {
          200: Type.Object({
            pending_email: Nullable(Type.String()),
            expires_at: Nullable(Type.String({ format: 'date-time' })),
          }),
        },
      },
    },
    async (request) => {
      const row = await pending(db, currentUser(request).id);
      const live = row && row.expires_at.getTime() > clock.now().getTime();
      return { pending_email: live ? row.new_email : null, expires_at: live ? row.expires_at.toISOString() : null };
    },
  );

  app.post<{ Body: { email: string } }>(
    '/api/mail-change',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'Start changing your email: a code goes to the new address',
        body: objectSchema({ email: emailSchema }, ['email']),
        response: { 200: Pending },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const email = normaliseEmail(request.body.email);
      if (email === user.email) throw unprocessable('settings.same_email', 'email');
      const taken = await db.query('SELECT 1 FROM users WHERE email = $1', [email]);
      if (taken.rowCount > 0) throw unprocessable('email_taken', 'email');
      await db.transaction((tx) => issue(tx, user.id, email));
      return {
        ...say(request, 'settings.mail_change.sent', { email }),
        pending_email: email,
        retry_after_seconds: MAIL_CHANGE_RESEND_SECONDS,
      };
    },
  );

  app.post(
    '/api/mail-change/resend',
    {
      onRequest: app.requireAuth,
      schema: { summary: 'Send the email change code again', body: emptyObjectSchema, response: { 200: Pending } },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await pending(db, user.id);
      if (!row) throw unprocessable('settings.mail_change.none', 'email');
      const wait = Math.ceil(
        (MAIL_CHANGE_RESEND_SECONDS * 1000 - (clock.now().getTime() - row.created_at.getTime())) / 1000,
      );
      if (wait > 0)
        throw new ApiError(429, 'resend_too_soon', {
          params: { seconds: wait },
          extra: { retry_after_seconds: wait },
          headers: { 'retry-after': String(wait) },
        });
      await db.transaction((tx) => issue(tx, user.id, row.new_email));
      return {
        ...say(request, 'settings.mail_change.sent', { email: row.new_email }),
        pending_email: row.new_email,
        retry_after_seconds: MAIL_CHANGE_RESEND_SECONDS,
      };
    },
  );

  app.post<{ Body: { code: string } }>(
    '/api/mail-change/confirm',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'Confirm the new email with its code',
        body: objectSchema({ code: codeSchema }, ['code']),
        response: { 200: Message },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const now = clock.now();
      const outcome = await db.transaction(async (tx): Promise<'ok' | 'invalid' | 'too_many' | 'taken'> => {
        const row = await pending(tx, user.id, true);
        if (!row || row.expires_at.getTime() <= now.getTime()) return 'invalid';
        if (row.attempts >= MAIL_CHANGE_MAX_ATTEMPTS) return 'too_many';
        const ok = timingSafeEqual(
          Buffer.from(row.code_hash, 'hex'),
          Buffer.from(hash(user.id, row.new_email, request.body.code), 'hex'),
        );
        if (!ok) {
          await tx.query('UPDATE settings_mail_changes SET attempts = attempts + 1 WHERE user_id = $1', [user.id]);
          return row.attempts + 1 >= MAIL_CHANGE_MAX_ATTEMPTS ? 'too_many' : 'invalid';
        }
        try {
          await tx.query('SAVEPOINT mail_change');
          await tx.query('UPDATE users SET email = $2, email_verified_at = $3, updated_at = $3 WHERE id = $1', [
            user.id,
            row.new_email,
            now,
          ]);
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          await tx.query('ROLLBACK TO SAVEPOINT mail_change');
          await tx.query('DELETE FROM settings_mail_changes WHERE user_id = $1', [user.id]);
          return 'taken';
        }
        await tx.query('DELETE FROM settings_mail_changes WHERE user_id = $1', [user.id]);
        return 'ok';
      });
      if (outcome === 'invalid') throw unprocessable('invalid_code', 'code');
      if (outcome === 'too_many') throw unprocessable('too_many_code_attempts', 'code');
      if (outcome === 'taken') throw unprocessable('email_taken', 'email');
      return say(request, 'settings.mail_change.done');
    },
  );
}
