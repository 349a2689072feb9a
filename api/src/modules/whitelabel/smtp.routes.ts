import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Message, MessageProperties, Nullable, StringEnum, Timestamp, Type } from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { emailSchema } from '../../http/schemas';
import { t } from '../../i18n/messages';
import { say } from '../../http/respond';
import { optionalText, resellerGuard, resellerIdOf } from './common';
import { smtpRowOf, type SmtpRow, type SmtpSettings } from './smtp.repository';
import { saveSmtpSettings, sendWithResellerSmtp } from './smtp.service';

const ENCRYPTIONS = ['none', 'ssl', 'tls'] as const;

const SmtpSettingsSchema = Type.Object({
  host: Type.String(),
  port: Type.Integer(),
  username: Nullable(Type.String()),
  encryption: StringEnum(ENCRYPTIONS),
  from_email: Type.String(),
  support_email: Type.String(),
  has_password: Type.Boolean({ description: 'The password never leaves the server: whether one is set.' }),
  updated_at: Timestamp(),
});

const publicView = ({ password, ...rest }: SmtpRow): SmtpSettings => ({ ...rest, has_password: password !== null });

const bodySchema = Type.Object(
  {
    host: Type.String({ minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9.-]+$' }),
    port: Type.Integer({ minimum: 1, maximum: 65535 }),
    username: Type.Optional(optionalText(200)),
    /** Absent or null: keep the stored password; '' clears it. */
    password: Type.Optional(optionalText(200)),
    encryption: StringEnum(ENCRYPTIONS),
    from_email: emailSchema,
    support_email: emailSchema,
  },
  { additionalProperties: false },
);

export function smtpRoutes(api: FastifyInstance, { db, clock, config }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
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

  app.put(
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

  app.post(
    '/api/whitelabel/smtp/test',
    {
      onRequest: guard,
      schema: {
        summary: 'Send a test email through your SMTP server',
        body: Type.Object({ to: emailSchema }, { additionalProperties: false }),
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
