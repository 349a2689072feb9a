import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db';
import type { AppDeps } from '../http/context';
import { Nullable, StringEnum, Type, type Static } from '../http/contract';
import { domainSchema, objectSchema } from '../http/schemas';
import {
  BRAND_CODE_PATTERN,
  brandCodeOf,
  resellerFallbackContact,
  resellerOfBrandCode,
  resellerOfUser,
} from '../users/resellerBrand';

import { CRM_IDS, DEFAULT_COLORS, defaultSiteSettings, type CrmId } from '@leadsmith/shared/constants';

export { CRM_IDS, DEFAULT_COLORS, type CrmId };

const Text = Nullable(Type.String());

/** Business settings by domain (spec §3), as POST /api/site-settings returns them: the shell's branding. */
export const SiteSettingsSchema = Type.Object({
  name: Type.String(),
  content: Text,
  favicon: Text,
  script: Text,
  login_page_bg_color: Text,
  sidebar_background_color: Text,
  button_color: Text,
  secondary_color: Text,
  text_color: Text,
  heading_color: Text,
  support_url: Text,
  show_training_center: Type.Boolean(),
  crms: Type.Array(StringEnum(CRM_IDS)),
  logo: Text,
  domain: Type.String(),
  brand: Nullable(
    Type.String({
      description:
        "A reseller's brand shown on the platform's own domain (its customer signed in, or a link with ?brand=): its code, for the page to send back as `brand` after a sign-out. Null otherwise.",
    }),
  ),
});
export type SiteSettings = Static<typeof SiteSettingsSchema>;

export const DEFAULT_DOMAIN = 'localhost';

/** Used when even the `localhost` row is missing. */
export const HARD_DEFAULT_SETTINGS: SiteSettings = defaultSiteSettings(DEFAULT_DOMAIN);

/**
 * `https://App.Example.com:8443/login` → `app.example.com`. Accepts a bare
 * host, host:port, or a URL; IPv6 literals keep their brackets.
 */
export function normaliseDomain(input: string): string {
  let host = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  host = host.split(/[/?#]/)[0] ?? '';
  host = host.slice(host.lastIndexOf('@') + 1);
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end === -1 ? host : host.slice(0, end + 1);
  }
  return host.replace(/:\d*$/, '').replace(/\.$/, '');
}

const isCrm = (value: unknown): value is CrmId =>
  typeof value === 'string' && (CRM_IDS as readonly string[]).includes(value);

const SETTINGS_COLUMNS = `domain, name, content, favicon, script, login_page_bg_color, sidebar_background_color, button_color,
  secondary_color, text_color, heading_color, support_url, show_training_center, crms, logo`;

type SettingsRow = Omit<SiteSettings, 'crms' | 'brand'> & { crms: unknown };

const settingsOf = (row: SettingsRow): SiteSettings => ({
  ...row,
  crms: Array.isArray(row.crms) ? row.crms.filter(isCrm) : [],
  brand: null,
});

/** The domain's row, else the `localhost` row, else the hard defaults. */
export async function settingsForDomain(q: Queryable, rawDomain: string): Promise<SiteSettings> {
  const domain = normaliseDomain(rawDomain);
  const { rows } = await q.query<SettingsRow>(
    `SELECT ${SETTINGS_COLUMNS} FROM business_settings WHERE domain IN ($1, $2) ORDER BY (domain = $1) DESC LIMIT 1`,
    [domain, DEFAULT_DOMAIN],
  );
  const row = rows[0];
  return row ? settingsOf(row) : HARD_DEFAULT_SETTINGS;
}

/**
 * A reseller's brand where the domain is not its own (the platform's): its business account with the
 * domain asked for (links stay where the page is) and without its script (a reseller's code does not run
 * on the platform's origin); a reseller without a business account gets the platform's look under its
 * own name, with no logo, favicon or links of the platform's.
 */
async function resellerSettings(q: Queryable, resellerId: number, domain: string): Promise<SiteSettings> {
  const brand = await brandCodeOf(q, resellerId);
  const { rows } = await q.query<SettingsRow>(
    `SELECT ${SETTINGS_COLUMNS} FROM business_settings WHERE owner_user_id = $1 ORDER BY id LIMIT 1`,
    [resellerId],
  );
  if (rows[0]) return { ...settingsOf(rows[0]), domain, script: null, brand };
  const platform = await settingsForDomain(q, domain);
  const contact = await resellerFallbackContact(q, resellerId);
  return {
    ...platform,
    name: contact?.name ?? '',
    content: null,
    favicon: null,
    script: null,
    support_url: null,
    logo: null,
    brand,
  };
}

/**
 * The branding a page shows (spec §3 business settings, issue 33): a reseller's own domain shows its
 * brand to everyone. On any other domain (the platform's) a signed-in reseller's customer, or a team
 * member of one, sees its reseller's brand and the platform's own users the domain's; signed out, the
 * brand code a link carried (or a sign-in left) names the reseller, else the domain decides.
 */
export async function brandingFor(
  q: Queryable,
  request: { domain: string; userId?: number | null; brandCode?: string | null },
): Promise<SiteSettings> {
  const domain = normaliseDomain(request.domain);
  const own = await q.query<SettingsRow>(
    `SELECT ${SETTINGS_COLUMNS} FROM business_settings WHERE domain = $1 AND owner_user_id IS NOT NULL`,
    [domain],
  );
  if (own.rows[0]) return settingsOf(own.rows[0]);
  const resellerId = request.userId
    ? await resellerOfUser(q, request.userId)
    : request.brandCode
      ? await resellerOfBrandCode(q, request.brandCode)
      : null;
  return resellerId === null ? settingsForDomain(q, domain) : resellerSettings(q, resellerId, domain);
}

export function siteSettingsRoutes(app: FastifyInstance, { db }: AppDeps): void {
  // Public: the login page needs the branding before anyone is signed in; a signed-in user's token, when
  // sent, decides for a reseller's customer on the platform's domain.
  app.post<{ Body: { domain: string; brand?: string } }>(
    '/api/site-settings',
    {
      onRequest: app.optionalAuth,
      schema: {
        summary:
          "A domain's branding (public: the login page needs it); a reseller's brand for its customers on the platform's domain",
        body: objectSchema(
          {
            domain: domainSchema,
            brand: {
              type: 'string',
              pattern: BRAND_CODE_PATTERN,
              description: 'The brand code a link carried (?brand=) or an earlier answer gave',
            },
          },
          ['domain'],
        ),
        response: { 200: SiteSettingsSchema },
      },
    },
    async (request) =>
      brandingFor(db, {
        domain: request.body.domain,
        userId: request.user?.id ?? null,
        brandCode: request.body.brand ?? null,
      }),
  );
}
