import type { Queryable } from '../db';
import { DEFAULT_COLORS, DEFAULT_DOMAIN, normaliseDomain } from '../modules/core/siteSettings.schemas';
import { settingsForDomain } from '../modules/core/siteSettings.service';
import { brandCodeOf, resellerFallbackContact, resellerOfUser } from '../users/resellerBrand';

/** Whose brand an email carries, and through whose SMTP it may go. */
export interface MailBrand {
  /** The reseller (its business account and SMTP settings); null for the platform's own users. */
  ownerId: number | null;
  name: string;
  /** Where the email's links lead: the reseller's verified domain, or the platform's. */
  baseUrl: string;
  logo: string | null;
  primaryColor: string;
  textColor: string;
  headingColor: string;
  /** Reply-to: the reseller's support address (SMTP settings, else business account, else its account email). */
  supportEmail: string | null;
  /**
   * A reseller without a verified domain of its own: the code its links to the platform's domain carry
   * (`?brand=`), so the pages they open show the reseller's brand, not the platform's. Null otherwise.
   */
  brandCode: string | null;
  /** The reseller's own domain while it is not verified (the platform does not serve it yet); null otherwise. */
  unverifiedDomain: string | null;
}

interface BrandRow {
  owner_user_id: number | null;
  domain: string;
  name: string;
  logo: string | null;
  button_color: string | null;
  text_color: string | null;
  heading_color: string | null;
  support_email: string | null;
  domain_verified_at: Date | null;
}

const BRAND_SELECT = `SELECT b.owner_user_id, b.domain, b.domain_verified_at, b.name, b.logo, b.button_color, b.text_color, b.heading_color,
  COALESCE(s.support_email, b.support_email, o.email) AS support_email
  FROM business_settings b
  LEFT JOIN whitelabel_smtp s ON s.owner_id = b.owner_user_id
  LEFT JOIN users o ON o.id = b.owner_user_id`;

/** Links of the platform's own domain (`localhost` in development) go to the API's own port. */
export function baseUrlOf(domain: string, port: number): string {
  return domain === DEFAULT_DOMAIN ? `http://localhost:${port}` : `https://${domain}`;
}

function brandOf(
  row: BrandRow,
  baseUrl: string,
  brandCode: string | null = null,
  unverifiedDomain: string | null = null,
): MailBrand {
  return {
    ownerId: row.owner_user_id,
    name: row.name,
    baseUrl,
    // An uploaded logo is a path on the app (/api/brand-images/{id}): an email needs the whole address.
    logo: row.logo?.startsWith('/') ? `${baseUrl}${row.logo}` : row.logo,
    primaryColor: row.button_color ?? DEFAULT_COLORS.primary,
    textColor: row.text_color ?? DEFAULT_COLORS.primaryText,
    headingColor: row.heading_color ?? DEFAULT_COLORS.primaryText,
    supportEmail: row.support_email,
    brandCode,
    unverifiedDomain,
  };
}

/**
 * The brand of a user's emails: a reseller's customer (users.parent_id), or a team member of one
 * (through its team owner), gets the reseller's business account; a reseller working on itself, and
 * everyone else, gets the platform's. Before an account exists (a sign-up on a reseller's domain)
 * the domain the request came from decides.
 */
export async function mailBrandFor(
  q: Queryable,
  who: { userId?: number | null; resellerId?: number; domain?: string | null },
  port: number,
): Promise<MailBrand> {
  const platform = async (): Promise<BrandRow> => {
    const p = await settingsForDomain(q, DEFAULT_DOMAIN);
    return {
      owner_user_id: null,
      domain: p.domain,
      domain_verified_at: null,
      name: p.name,
      logo: p.logo,
      button_color: p.button_color,
      text_color: p.text_color,
      heading_color: p.heading_color,
      support_email: null,
    };
  };
  /**
   * A reseller's business account: its links go to its own domain once the DNS check verified it (the
   * platform serves it, and its proxy has a certificate for it); until then to the platform's domain with
   * the reseller's brand code, so the customer still meets the reseller's brand and never a dead link.
   */
  const resellerBrand = async (row: BrandRow & { owner_user_id: number }): Promise<MailBrand> => {
    if (row.domain_verified_at) return brandOf(row, baseUrlOf(row.domain, port));
    const platformUrl = baseUrlOf((await platform()).domain, port);
    return brandOf(row, platformUrl, await brandCodeOf(q, row.owner_user_id), normaliseDomain(row.domain));
  };
  const resellerId = who.resellerId ?? (who.userId ? await resellerOfUser(q, who.userId) : null);
  if (resellerId !== null) {
    const own = (
      await q.query<BrandRow>(`${BRAND_SELECT} WHERE b.owner_user_id = $1 ORDER BY b.id LIMIT 1`, [resellerId])
    ).rows[0];
    if (own) return resellerBrand({ ...own, owner_user_id: resellerId });
    // A reseller that has not filled in its business account yet: the default colours, no logo, its
    // own name (never the platform's: its customers must not meet it), its SMTP, templates and support address;
    // its links go to the platform's domain with its brand code, so the pages opened show its name too.
    const contact = await resellerFallbackContact(q, resellerId);
    const look = await platform();
    const row = {
      ...look,
      owner_user_id: resellerId,
      name: contact?.name ?? '',
      logo: null,
      support_email: contact?.support_email ?? null,
    };
    return brandOf(row, baseUrlOf(look.domain, port), await brandCodeOf(q, resellerId));
  }
  if (who.domain) {
    const { rows } = await q.query<BrandRow>(`${BRAND_SELECT} WHERE b.domain = $1 AND b.owner_user_id IS NOT NULL`, [
      normaliseDomain(who.domain),
    ]);
    const row = rows[0];
    if (row && row.owner_user_id !== null) return resellerBrand({ ...row, owner_user_id: row.owner_user_id });
  }
  const look = await platform();
  return brandOf(look, baseUrlOf(look.domain, port));
}

/**
 * A link as a brand's email carries it. For a reseller without a verified domain: a link to its own
 * (unverified) domain is moved to the platform's, and every link to the platform's domain gets the
 * reseller's brand code (`?brand=`), whether the template is built in or the reseller's own (`{app_url}/…`,
 * or an address typed in). Other links, and every link of the platform's own emails, are left as they are.
 */
export function brandedLink(brand: MailBrand, href: string): string {
  if (!brand.brandCode) return href;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return href;
  const platform = new URL(brand.baseUrl);
  if (brand.unverifiedDomain !== null && url.hostname === brand.unverifiedDomain)
    url = new URL(`${url.pathname}${url.search}${url.hash}`, platform);
  if (url.origin !== platform.origin) return href;
  url.searchParams.set('brand', brand.brandCode);
  return url.toString();
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `brandedLink` on every address in a plain text (an email's text part, a text run of its HTML) that
 * starts with one of the addresses it changes: the platform's origin, or the reseller's unverified domain.
 * An address ends at white space or a quote or bracket; trailing punctuation stays outside it.
 */
export function brandLinksInText(brand: MailBrand, text: string): string {
  if (!brand.brandCode) return text;
  const starts = [
    new URL(brand.baseUrl).origin,
    ...(brand.unverifiedDomain ? [`https://${brand.unverifiedDomain}`, `http://${brand.unverifiedDomain}`] : []),
  ];
  const address = new RegExp(`(?:${starts.map(escapeRegExp).join('|')})(?![\\w.:@-])[^\\s<>"'\\\`]*`, 'gi');
  return text.replace(address, (found) => {
    const trailing = /[.,;:!?)\]]+$/.exec(found)?.[0] ?? '';
    return brandedLink(brand, found.slice(0, found.length - trailing.length)) + trailing;
  });
}
