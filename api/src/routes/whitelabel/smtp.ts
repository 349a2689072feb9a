import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db';
import type { AppDeps } from '../../http/context';
import { Message, MessageProperties, Nullable, StringEnum, Timestamp, Type } from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { emailSchema, objectSchema } from '../../http/schemas';
import { t } from '../../i18n/messages';
import { checkOutboundHost, outboundSmtpSocket } from '../../net/outbound';
import { APP_PASSWORD_LENGTH, appPasswordOf, needsAppPassword } from '@leadsmith/shared/constants';
import { say } from '../respond';
import { optionalText, resellerGuard, resellerIdOf } from '../../modules/whitelabel/common';

export type SmtpEncryption = 'none' | 'ssl' | 'tls';

/** Spec §3 SMTP settings. The password never leaves the server (has_password says whether one is set). */
export interface SmtpSettings {
  host: string;
  port: number;
  username: string | null;
  encryption: SmtpEncryption;
  from_email: string;
  support_email: string;
  has_password: boolean;
  updated_at: string;
}

interface SmtpRow extends Omit<SmtpSettings, 'has_password'> {
  password: string | null;
}

/** The SMTP password is stored encrypted (AES-256-GCM under APP_SECRET). */
function key(secret: string): Buffer {
  return createHash('sha256').update(`whitelabel-smtp:${secret}`).digest();
}
export function sealSecret(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(secret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64')).join('.');
}
export function openSecret(secret: string, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64'));
  const decipher = createDecipheriv('aes-256-gcm', key(secret), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
}

const COLUMNS = 'host, port, username, password, encryption, from_email, support_email, updated_at';

export async function smtpRowOf(q: Queryable, ownerId: number): Promise<SmtpRow | null> {
  const { rows } = await q.query<SmtpRow>(`SELECT ${COLUMNS} FROM whitelabel_smtp WHERE owner_id = $1`, [ownerId]);
  return rows[0] ?? null;
}

const SmtpSettingsSchema = Type.Object({
  host: Type.String(),
  port: Type.Integer(),
  username: Nullable(Type.String()),
  encryption: StringEnum(['none', 'ssl', 'tls'] as const),
  from_email: Type.String(),
  support_email: Type.String(),
  has_password: Type.Boolean({ description: 'The password never leaves the server: whether one is set.' }),
  updated_at: Timestamp(),
});

const publicView = ({ password, ...rest }: SmtpRow): SmtpSettings => ({ ...rest, has_password: password !== null });

export interface ResellerEmail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Shown as the sender's name beside the reseller's from address (its brand). */
  fromName?: string | null;
  messageId?: string;
}

/**
 * Sends through the reseller's own SMTP server (nodemailer), the connection opened by the outbound
 * guard (api/src/net/outbound.ts): a host that is or resolves to a private address is refused
 * before any byte is sent. Throws when the server refuses; callers show one generic text.
 */
export async function sendWithResellerSmtp(row: SmtpRow, appSecret: string, email: ResellerEmail): Promise<void> {
  // The repo's nodemailer typing (src/types) covers URL transports only; this uses the options form.
  const nodemailer = (await import('nodemailer')) as unknown as {
    createTransport(options: object): { sendMail(message: object): Promise<unknown>; close(): void };
  };
  const transport = nodemailer.createTransport({
    host: row.host,
    port: row.port,
    secure: row.encryption === 'ssl',
    requireTLS: row.encryption === 'tls',
    ignoreTLS: row.encryption === 'none',
    auth: row.username
      ? { user: row.username, pass: row.password ? openSecret(appSecret, row.password) : '' }
      : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
    getSocket: outboundSmtpSocket,
  });
  try {
    await transport.sendMail({
      from: email.fromName ? { name: email.fromName, address: row.from_email } : row.from_email,
      replyTo: row.support_email,
      to: email.to,
      subject: email.subject,
      text: email.text,
      ...(email.html ? { html: email.html } : {}),
      ...(email.messageId ? { messageId: email.messageId } : {}),
    });
  } finally {
    transport.close();
  }
}

const bodySchema = objectSchema(
  {
    host: { type: 'string', minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9.-]+$' },
    port: { type: 'integer', minimum: 1, maximum: 65535 },
    username: optionalText(200),
    /** Absent or null: keep the stored password; '' clears it. */
    password: optionalText(200),
    encryption: { type: 'string', enum: ['none', 'ssl', 'tls'] },
    from_email: emailSchema,
    support_email: emailSchema,
  },
  ['host', 'port', 'encryption', 'from_email', 'support_email'],
);

export function smtpRoutes(app: FastifyInstance, { db, clock, config }: AppDeps): void {
  const guard = resellerGuard(app);

  app.get(
    '/api/whitelabel/smtp',
    {
      onRequest: guard,
      schema: {
        summary: 'Your SMTP settings (null before they are saved)',
        response: { 200: Type.Object({ data: Nullable(SmtpSettingsSchema) }) },
      },
    },
    async (request) => {
      const row = await smtpRowOf(db, await resellerIdOf(db, request));
      return { data: row ? publicView(row) : null };
    },
  );

  app.put<{
    Body: {
      host: string;
      port: number;
      username?: string | null;
      password?: string | null;
      encryption: SmtpEncryption;
      from_email: string;
      support_email: string;
    };
  }>(
    '/api/whitelabel/smtp',
    {
      onRequest: guard,
      schema: {
        summary: 'Save your SMTP settings (the password is stored encrypted)',
        body: bodySchema,
        response: { 200: Type.Object({ ...MessageProperties, data: SmtpSettingsSchema }) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const b = request.body;
      // Spec §9: a mail service that takes only app passwords (Gmail, Yahoo, iCloud) gets one of 16 characters,
      // stored without the spaces it is shown with; another password there would only fail at the first send.
      let given = b.password;
      if (given && needsAppPassword(b.host)) {
        const app = appPasswordOf(given);
        if (app === null)
          throw unprocessable('whitelabel.smtp_app_password', 'password', {
            host: b.host.trim().toLowerCase(),
            length: APP_PASSWORD_LENGTH,
          });
        given = app;
      }
      // The same check as every user-given address; the send checks again at connect time.
      if ((await checkOutboundHost(b.host.trim())) === 'private_address')
        throw unprocessable('settings.address_refused', 'host');
      const password =
        given === undefined || given === null ? undefined : given === '' ? null : sealSecret(config.appSecret, given);
      const { rows } = await db.query<SmtpRow>(
        `INSERT INTO whitelabel_smtp (owner_id, host, port, username, password, encryption, from_email, support_email, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (owner_id) DO UPDATE SET host = EXCLUDED.host, port = EXCLUDED.port, username = EXCLUDED.username,
           password = CASE WHEN $10::boolean THEN whitelabel_smtp.password ELSE EXCLUDED.password END,
           encryption = EXCLUDED.encryption, from_email = EXCLUDED.from_email, support_email = EXCLUDED.support_email, updated_at = EXCLUDED.updated_at
         RETURNING ${COLUMNS}`,
        [
          owner,
          b.host.trim(),
          b.port,
          b.username?.trim() || null,
          password ?? null,
          b.encryption,
          b.from_email.trim().toLowerCase(),
          b.support_email.trim().toLowerCase(),
          clock.now(),
          password === undefined,
        ],
      );
      return { ...say(request, 'whitelabel.smtp_saved'), data: publicView(rows[0]!) };
    },
  );

  app.post<{ Body: { to: string } }>(
    '/api/whitelabel/smtp/test',
    {
      onRequest: guard,
      schema: {
        summary: 'Send a test email through your SMTP server',
        body: objectSchema({ to: emailSchema }, ['to']),
        response: { 200: Message },
      },
    },
    async (request) => {
      const row = await smtpRowOf(db, await resellerIdOf(db, request));
      if (!row) throw unprocessable('whitelabel.smtp_required', 'to');
      try {
        await sendWithResellerSmtp(row, config.appSecret, {
          to: request.body.to,
          subject: t(request.lang, 'whitelabel.smtp_test_subject'),
          text: t(request.lang, 'whitelabel.smtp_test_body', { host: row.host }),
        });
      } catch (error) {
        request.log.warn({ err: error }, 'reseller SMTP test failed');
        // One text for every failure: the answer must not tell an open port from a closed one.
        throw unprocessable('whitelabel.smtp_failed', 'to');
      }
      return say(request, 'whitelabel.smtp_test_sent', { to: request.body.to });
    },
  );
}
