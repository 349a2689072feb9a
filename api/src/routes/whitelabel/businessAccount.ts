import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db';
import type { AppDeps } from '../../http/context';
import { MessageProperties, Nullable, StringEnum, Timestamp, Type, type Static } from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { emailSchema, objectSchema } from '../../http/schemas';
import { say } from '../respond';
import { CRM_IDS, DEFAULT_DOMAIN, normaliseDomain, type CrmId } from '../siteSettings';
import { s3ObjectStore } from '../../storage/objectStore';
import { brandImageId, ownsBrandImage, pruneBrandImages } from './brandImages';
import { blankToNull, colorSchema, Issues, optionalText, resellerGuard, resellerIdOf, urlSchema } from './common';

/** The reseller's branding: its own row of the core business_settings table (what site-settings serves for the domain). */
const Text = Nullable(Type.String());
const BusinessAccountSchema = Type.Object({
  domain: Type.String(),
  name: Type.String(),
  content: Text,
  logo: Text,
  favicon: Text,
  script: Text,
  login_page_bg_color: Text,
  sidebar_background_color: Text,
  button_color: Text,
  secondary_color: Text,
  text_color: Text,
  heading_color: Text,
  support_url: Text,
  /** Reply-to of its customers' emails when it has no SMTP settings of its own. */
  support_email: Text,
  show_training_center: Type.Boolean(),
  crms: Type.Array(StringEnum(CRM_IDS)),
  updated_at: Timestamp(),
});
export type BusinessAccount = Static<typeof BusinessAccountSchema> & { crms: CrmId[] };
/** The branding (null until the form is first saved) and whether it is done (sales settings need it). */
const BusinessAccountAnswer = Type.Object({ data: Nullable(BusinessAccountSchema), completed: Type.Boolean() });

export type BusinessAccountInput = Omit<BusinessAccount, 'updated_at'>;

export const COLOR_FIELDS = [
  'login_page_bg_color',
  'sidebar_background_color',
  'button_color',
  'secondary_color',
  'text_color',
  'heading_color',
] as const;

const COLUMNS = `domain, name, content, logo, favicon, script, login_page_bg_color, sidebar_background_color, button_color, secondary_color,
  text_color, heading_color, support_url, support_email, show_training_center, crms, updated_at`;

/** A host name: labels of letters, digits and hyphens (what a reseller points at the app). */
const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export async function businessAccountOf(q: Queryable, resellerId: number): Promise<BusinessAccount | null> {
  const { rows } = await q.query<BusinessAccount>(
    `SELECT ${COLUMNS} FROM business_settings WHERE owner_user_id = $1 ORDER BY id LIMIT 1`,
    [resellerId],
  );
  return rows[0] ?? null;
}

/** Spec: "cannot create sales settings page until the business account form is done". */
export const isBusinessAccountDone = async (q: Queryable, resellerId: number): Promise<boolean> =>
  (await businessAccountOf(q, resellerId)) !== null;

const bodySchema = objectSchema(
  {
    domain: { type: 'string', minLength: 1, maxLength: 300 },
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
    content: optionalText(2000),
    logo: urlSchema,
    favicon: urlSchema,
    script: optionalText(20_000),
    login_page_bg_color: colorSchema,
    sidebar_background_color: colorSchema,
    button_color: colorSchema,
    secondary_color: colorSchema,
    text_color: colorSchema,
    heading_color: colorSchema,
    support_url: urlSchema,
    support_email: { anyOf: [{ type: 'string', maxLength: 0 }, { ...emailSchema }, { type: 'null' }] },
    show_training_center: { type: 'boolean', default: false },
    crms: {
      type: 'array',
      maxItems: CRM_IDS.length,
      uniqueItems: true,
      items: { type: 'string', enum: CRM_IDS },
      default: [],
    },
  },
  ['domain', 'name'],
);

export function businessAccountRoutes(app: FastifyInstance, { db, clock, config }: AppDeps): void {
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

  app.put<{ Body: BusinessAccountInput }>(
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
      // The logo and favicon: a web address, or the path of an image this reseller uploaded (brandImages.ts).
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

      const data = await db.transaction(async (tx) => {
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [resellerId]);
        const other = await tx.query<{ owner_user_id: number | null }>(
          'SELECT owner_user_id FROM business_settings WHERE domain = $1',
          [input.domain],
        );
        if (other.rows[0] && other.rows[0].owner_user_id !== resellerId)
          throw unprocessable('whitelabel.domain_taken', 'domain');
        const values = [
          input.domain,
          input.name,
          input.content,
          input.logo,
          input.favicon,
          input.script,
          input.login_page_bg_color,
          input.sidebar_background_color,
          input.button_color,
          input.secondary_color,
          input.text_color,
          input.heading_color,
          input.support_url,
          body.show_training_center,
          JSON.stringify(body.crms),
          clock.now(),
          resellerId,
          input.support_email,
        ];
        const updated = await tx.query<BusinessAccount>(
          `UPDATE business_settings SET domain = $1, name = $2, content = $3, logo = $4, favicon = $5, script = $6, login_page_bg_color = $7,
           sidebar_background_color = $8, button_color = $9, secondary_color = $10, text_color = $11, heading_color = $12, support_url = $13,
           show_training_center = $14, crms = $15::jsonb, updated_at = $16, support_email = $18,
           -- A new domain must prove its ownership again (domainVerification.ts).
           domain_verified_at = CASE WHEN domain = $1 THEN domain_verified_at END
         WHERE id = (SELECT id FROM business_settings WHERE owner_user_id = $17 ORDER BY id LIMIT 1) RETURNING ${COLUMNS}`,
          values,
        );
        if (updated.rows[0]) return updated.rows[0];
        const inserted = await tx.query<BusinessAccount>(
          `INSERT INTO business_settings (domain, name, content, logo, favicon, script, login_page_bg_color, sidebar_background_color, button_color,
           secondary_color, text_color, heading_color, support_url, show_training_center, crms, updated_at, owner_user_id, support_email)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, $16, $17, $18) RETURNING ${COLUMNS}`,
          values,
        );
        return inserted.rows[0]!;
      });
      await pruneBrandImages(db, store, resellerId, [data.logo, data.favicon], clock.now());
      return { ...say(request, 'whitelabel.account_saved'), data, completed: true };
    },
  );
}
