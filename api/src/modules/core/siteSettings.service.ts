import type { Queryable } from '../../db';
import { brandCodeOf, resellerFallbackContact, resellerOfBrandCode, resellerOfUser } from '../../users/resellerBrand';
import { resellerDomainSettings, resellerSettingsRow, settingsRowForDomain } from './siteSettings.repository';
import { DEFAULT_DOMAIN, HARD_DEFAULT_SETTINGS, normaliseDomain, type SiteSettings } from './siteSettings.schemas';

/** The domain's row, else the `localhost` row, else the hard defaults. */
export async function settingsForDomain(q: Queryable, rawDomain: string): Promise<SiteSettings> {
  const domain = normaliseDomain(rawDomain);
  return (await settingsRowForDomain(q, domain, DEFAULT_DOMAIN)) ?? HARD_DEFAULT_SETTINGS;
}

/**
 * A reseller's brand where the domain is not its own (the platform's): its business account with the
 * domain asked for (links stay where the page is) and without its script (a reseller's code does not run
 * on the platform's origin); a reseller without a business account gets the platform's look under its
 * own name, with no logo, favicon or links of the platform's.
 */
async function resellerSettings(q: Queryable, resellerId: number, domain: string): Promise<SiteSettings> {
  const brand = await brandCodeOf(q, resellerId);
  const own = await resellerSettingsRow(q, resellerId);
  if (own) return { ...own, domain, script: null, brand };
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
  const own = await resellerDomainSettings(q, domain);
  if (own) return own;
  const resellerId = request.userId
    ? await resellerOfUser(q, request.userId)
    : request.brandCode
      ? await resellerOfBrandCode(q, request.brandCode)
      : null;
  return resellerId === null ? settingsForDomain(q, domain) : resellerSettings(q, resellerId, domain);
}
