import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Message, MessageProperties, Nullable, StringEnum, Timestamp, Type } from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { emailSchema, objectSchema } from '../../http/schemas';
import { t } from '../../i18n/messages';
import { say } from '../../http/respond';
import { optionalText, resellerGuard, resellerIdOf } from './common';
import { smtpRowOf, type SmtpRow, type SmtpSettings } from './smtp.repository';
import { saveSmtpSettings, sendWithResellerSmtp, type SmtpInput } from './smtp.service';

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

  app.put<{ Body: SmtpInput }>(
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
      const row = await saveSmtpSettings(db, config.appSecret, owner, request.body, clock.now());
      return { ...say(request, 'whitelabel.smtp_saved'), data: publicView(row) };
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
