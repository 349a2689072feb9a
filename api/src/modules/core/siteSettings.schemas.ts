import { Nullable, StringEnum, Type, type Static } from '../../http/contract';
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
