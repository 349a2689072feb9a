import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Defaulted, MessageProperties, Nullable, StringEnum, Type } from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { emailSchema, nameSchema } from '../../http/schemas';
import { say } from '../../http/respond';
import { CRM_IDS, DEFAULT_DOMAIN, normaliseDomain } from '../core/siteSettings.schemas';
import { s3ObjectStore } from '../../storage/objectStore';
import { BusinessAccountSchema } from './businessAccount.schemas';
import { businessAccountOf } from './businessAccount.repository';
import { saveBusinessAccount } from './businessAccount.service';
import { brandImageId, ownsBrandImage, pruneBrandImages } from './brandImages.service';
import { blankToNull, colorSchema, Issues, optionalText, resellerGuard, resellerIdOf, urlSchema } from './common';

/** The branding (null until the form is first saved) and whether it is done (sales settings need it). */
const BusinessAccountAnswer = Type.Object({ data: Nullable(BusinessAccountSchema), completed: Type.Boolean() });

import { BRAND_COLOR_FIELDS as COLOR_FIELDS } from '@leadsmith/shared/constants';

export { COLOR_FIELDS };

/** A host name: labels of letters, digits and hyphens (what a reseller points at the app). */
const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const bodySchema = Type.Object(
  {
    domain: Type.String({ minLength: 1, maxLength: 300 }),
    name: nameSchema,
    content: Type.Optional(optionalText(2000)),
    logo: Type.Optional(urlSchema),
    favicon: Type.Optional(urlSchema),
    script: Type.Optional(optionalText(20_000)),
    login_page_bg_color: Type.Optional(colorSchema),
    sidebar_background_color: Type.Optional(colorSchema),
    button_color: Type.Optional(colorSchema),
    secondary_color: Type.Optional(colorSchema),
    text_color: Type.Optional(colorSchema),
    heading_color: Type.Optional(colorSchema),
    support_url: Type.Optional(urlSchema),
    support_email: Type.Optional(Type.Union([Type.String({ maxLength: 0 }), emailSchema, Type.Null()])),
    show_training_center: Defaulted(Type.Boolean({ default: false })),
    crms: Defaulted(Type.Array(StringEnum(CRM_IDS), { maxItems: CRM_IDS.length, uniqueItems: true, default: [] })),
  },
  { additionalProperties: false },
);

export function businessAccountRoutes(api: FastifyInstance, { db, clock, config }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const store = config.objectStorage ? s3ObjectStore(config.objectStorage) : null;
  if (store) app.addHook('onClose', async () => store.close());

  app.get(
    '/api/whitelabel/business-account',
    {
      onRequest: resellerGuard(app),
      schema: { summary: 'Your branding (business account)', response: { 200: BusinessAccountAnswer } },
    },
    async (request) => {
      const data = await businessAccountOf(db, await resellerIdOf(db, request));
      return { data, completed: data !== null };
    },
  );

  app.put(
    '/api/whitelabel/business-account',
    {
      onRequest: resellerGuard(app),
      schema: {
        summary: 'Save your branding (business account)',
        body: bodySchema,
        response: { 200: Type.Object({ ...MessageProperties, ...BusinessAccountAnswer.properties }) },
      },
    },
    async (request) => {
      const resellerId = await resellerIdOf(db, request);
      const body = request.body;
      const input = {
        domain: normaliseDomain(body.domain),
        name: body.name.trim(),
        content: blankToNull(body.content),
        logo: blankToNull(body.logo),
        favicon: blankToNull(body.favicon),
        script: blankToNull(body.script),
        support_url: blankToNull(body.support_url),
        support_email: blankToNull(body.support_email)?.toLowerCase() ?? null,
        login_page_bg_color: blankToNull(body.login_page_bg_color),
        sidebar_background_color: blankToNull(body.sidebar_background_color),
        button_color: blankToNull(body.button_color),
        secondary_color: blankToNull(body.secondary_color),
        text_color: blankToNull(body.text_color),
        heading_color: blankToNull(body.heading_color),
      };
      const issues = new Issues();
      if (!HOST.test(input.domain)) issues.add({ field: 'domain', code: 'validation.domain' });
      // The logo and favicon: a web address, or the path of an image this reseller uploaded (brandImages.routes.ts).
      for (const field of ['logo', 'favicon'] as const) {
        const value = input[field];
        if (value === null || brandImageId(value) === null) issues.url(field, value);
        else if (!(await ownsBrandImage(db, resellerId, value)))
          issues.add({ field, code: 'whitelabel.image_unknown' });
      }
      issues.url('support_url', input.support_url);
      for (const f of COLOR_FIELDS) issues.color(f, input[f]);
      issues.throwIfAny();
      if (input.domain === DEFAULT_DOMAIN) throw unprocessable('whitelabel.domain_taken', 'domain');

      const data = await saveBusinessAccount(
        db,
        resellerId,
        { ...input, show_training_center: body.show_training_center, crms: body.crms },
        clock.now(),
      );
      await pruneBrandImages(db, store, resellerId, [data.logo, data.favicon], clock.now());
      return { ...say(request, 'whitelabel.account_saved'), data, completed: true };
    },
  );
}
