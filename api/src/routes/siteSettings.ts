import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db';
import type { AppDeps } from '../http/context';
import { Nullable, StringEnum, Type, type Static } from '../http/contract';
import { domainSchema, objectSchema } from '../http/schemas';

import { CRM_IDS, DEFAULT_COLORS, type CrmId } from '@leadsmith/shared/constants';

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
});
export type SiteSettings = Static<typeof SiteSettingsSchema>;


export const DEFAULT_DOMAIN = 'localhost';

/** Used when even the `localhost` row is missing. */
export const HARD_DEFAULT_SETTINGS: SiteSettings = {
  name: 'Leadsmith',
  content: null,
  favicon: null,
  script: null,
  login_page_bg_color: null,
  sidebar_background_color: null,
  button_color: DEFAULT_COLORS.primary,
  secondary_color: DEFAULT_COLORS.secondary,
  text_color: DEFAULT_COLORS.primaryText,
  heading_color: DEFAULT_COLORS.primaryText,
  support_url: null,
  show_training_center: false,
  crms: [],
  logo: null,
  domain: DEFAULT_DOMAIN,
};

/**
 * `https://App.Example.com:8443/login` → `app.example.com`. Accepts a bare
 * host, host:port, or a URL; IPv6 literals keep their brackets.
 */
export function normaliseDomain(input: string): string {
  let host = input.trim().toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  host = host.split(/[/?#]/)[0] ?? '';
  host = host.slice(host.lastIndexOf('@') + 1);
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end === -1 ? host : host.slice(0, end + 1);
  }
  return host.replace(/:\d*$/, '').replace(/\.$/, '');
}

const isCrm = (value: unknown): value is CrmId => typeof value === 'string' && (CRM_IDS as readonly string[]).includes(value);

const SETTINGS_COLUMNS = `domain, name, content, favicon, script, login_page_bg_color, sidebar_background_color, button_color,
  secondary_color, text_color, heading_color, support_url, show_training_center, crms, logo`;

type SettingsRow = Omit<SiteSettings, 'crms'> & { crms: unknown };

/** The domain's row, else the `localhost` row, else the hard defaults. */
export async function settingsForDomain(q: Queryable, rawDomain: string): Promise<SiteSettings> {
  const domain = normaliseDomain(rawDomain);
  const { rows } = await q.query<SettingsRow>(
    `SELECT ${SETTINGS_COLUMNS} FROM business_settings WHERE domain IN ($1, $2) ORDER BY (domain = $1) DESC LIMIT 1`,
    [domain, DEFAULT_DOMAIN],
  );
  const row = rows[0];
  if (!row) return HARD_DEFAULT_SETTINGS;
  return { ...row, crms: Array.isArray(row.crms) ? row.crms.filter(isCrm) : [] };
}

export function siteSettingsRoutes(app: FastifyInstance, { db }: AppDeps): void {
  // Public: the login page needs the branding before anyone is signed in.
  app.post<{ Body: { domain: string } }>(
    '/api/site-settings',
    { schema: { summary: "A domain's branding (public: the login page needs it)", body: objectSchema({ domain: domainSchema }, ['domain']), response: { 200: SiteSettingsSchema } } },
    async (request) => settingsForDomain(db, request.body.domain),
  );
}
