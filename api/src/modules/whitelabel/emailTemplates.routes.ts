import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { MessageProperties, Nullable, StringEnum, Timestamp, Type } from '../../http/contract';
import type { AppDeps } from '../../http/context';
import { LANGUAGES } from '../../i18n/messages';
import { EMAIL_KINDS } from '../../mail/emailKinds';
import { mailBrandFor } from '../../mail/mailBrand';
import { previewTemplate } from '../../mail/templatedMail';
import { say } from '../../http/respond';
import { notFound, resellerGuard, resellerIdOf } from './common';
import { deleteEmailTemplate, saveEmailTemplate } from './emailTemplates.repository';
import { emailTemplateView } from './emailTemplates.service';

const Kind = StringEnum(EMAIL_KINDS, { description: 'Which email: every kind a customer receives' });
const Lang = StringEnum(LANGUAGES);

const EmailTemplate = Type.Object({
  kind: Kind,
  subject: Type.String(),
  html: Type.String({ description: 'The body as HTML (rebuilt by the allowlist sanitiser when sent)' }),
  text: Type.String({ description: 'The text alternative' }),
  is_default: Type.Boolean(),
  variables: Type.Array(Type.String(), { description: 'Placeholders the kind fills, written {name}' }),
  updated_at: Nullable(Timestamp()),
});

const KindParams = Type.Object({ kind: Kind }, { additionalProperties: false });
const Parts = {
  subject: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  html: Type.String({ minLength: 1, maxLength: 50_000, pattern: '\\S' }),
  text: Type.String({ minLength: 1, maxLength: 20_000, pattern: '\\S' }),
};
const TemplateBody = Type.Object(Parts, { additionalProperties: false });
const TemplateAnswer = Type.Object({ ...MessageProperties, data: EmailTemplate });

/**
 * The reseller's email templates: one per kind its customers receive (subject, HTML body, text
 * alternative). Unsaved kinds show the built-in text in the language asked for, with its placeholders;
 * the preview renders a draft with the reseller's brand exactly as the email is sent.
 */
export function emailTemplateRoutes(api: FastifyInstance, { db, clock, config }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = resellerGuard(app);

  app.get(
    '/api/whitelabel/email-templates',
    {
      onRequest: guard,
      schema: {
        summary: 'Every email kind with its template (the built-in one, in `lang`, until the reseller saves its own)',
        querystring: Type.Object({ lang: Type.Optional(Lang) }, { additionalProperties: false }),
        response: { 200: Type.Object({ data: Type.Array(EmailTemplate) }) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const lang = request.query.lang ?? request.lang;
      return { data: await Promise.all(EMAIL_KINDS.map((k) => emailTemplateView(db, owner, k, lang))) };
    },
  );

  app.put(
    '/api/whitelabel/email-templates/:kind',
    {
      onRequest: guard,
      schema: {
        summary: "Save the reseller's template of a kind",
        params: KindParams,
        body: TemplateBody,
        response: { 200: TemplateAnswer },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const { subject, html, text } = request.body;
      await saveEmailTemplate(db, owner, request.params.kind, { subject: subject.trim(), html, text }, clock.now());
      return {
        ...say(request, 'whitelabel.template_saved'),
        data: await emailTemplateView(db, owner, request.params.kind, request.lang),
      };
    },
  );

  app.delete(
    '/api/whitelabel/email-templates/:kind',
    {
      onRequest: guard,
      schema: {
        summary: 'Back to the built-in template of a kind',
        params: KindParams,
        response: { 200: TemplateAnswer },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      if (!(await deleteEmailTemplate(db, owner, request.params.kind))) throw notFound();
      return {
        ...say(request, 'whitelabel.template_reset'),
        data: await emailTemplateView(db, owner, request.params.kind, request.lang),
      };
    },
  );

  app.post(
    '/api/whitelabel/email-templates/:kind/preview',
    {
      onRequest: guard,
      schema: {
        summary:
          "A draft rendered as its email is sent: the reseller's logo, colours and domain, sample values in the placeholders",
        params: KindParams,
        body: Type.Object({ ...Parts, lang: Type.Optional(Lang) }, { additionalProperties: false }),
        response: { 200: Type.Object({ subject: Type.String(), html: Type.String(), text: Type.String() }) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      // The brand a customer of this reseller gets (its business account, else the default look).
      const brand = await mailBrandFor(db, { resellerId: owner }, config.port);
      const { subject, html, text, lang } = request.body;
      return previewTemplate(db, brand, request.params.kind, lang ?? request.lang, { subject, html, text });
    },
  );
}
