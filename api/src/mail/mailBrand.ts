import type { Queryable } from '../db';
import { DEFAULT_COLORS, DEFAULT_DOMAIN, normaliseDomain, settingsForDomain } from '../routes/siteSettings';
import { brandCodeOf, resellerFallbackContact, resellerOfUser } from '../users/resellerBrand';

/** Whose brand an email carries, and through whose SMTP it may go. */
export interface MailBrand {
  /** The reseller (its business account and SMTP settings); null for the platform's own users. */
  ownerId: number | null;
  name: string;
  /** Where the email's links lead: the reseller's domain, or the platform's. */
  baseUrl: string;
  logo: string | null;
  primaryColor: string;
  textColor: string;
  headingColor: string;
  /** Reply-to: the reseller's support address (SMTP settings, else business account, else its account email). */
  supportEmail: string | null;
  /**
   * A reseller without a domain of its own: the code its links to the platform's domain carry (`?brand=`),
   * so the pages they open show the reseller's brand, not the platform's. Null otherwise.
   */
  brandCode: string | null;
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
}

const BRAND_SELECT = `SELECT b.owner_user_id, b.domain, b.name, b.logo, b.button_color, b.text_color, b.heading_color,
  COALESCE(s.support_email, b.support_email, o.email) AS support_email
  FROM business_settings b
  LEFT JOIN whitelabel_smtp s ON s.owner_id = b.owner_user_id
  LEFT JOIN users o ON o.id = b.owner_user_id`;

/** Links of the platform's own domain (`localhost` in development) go to the API's own port. */
export function baseUrlOf(domain: string, port: number): string {
  return domain === DEFAULT_DOMAIN ? `http://localhost:${port}` : `https://${domain}`;
}

function brandOf(row: BrandRow, port: number, brandCode: string | null = null): MailBrand {
  const baseUrl = baseUrlOf(row.domain, port);
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
  };
}

/**
 * The brand of a user's emails: a reseller's customer (users.parent_id), or a team member of one
 * (through its team owner), gets the reseller's business account; a reseller working on itself, and
 * everyone else, gets the platform's. Before an account exists (a sign-up on a reseller's domain)
 * the domain the request came from decides.
 */
export async function mailBrandFor(q: Queryable, who: { userId?: number | null; resellerId?: number; domain?: string | null }, port: number): Promise<MailBrand> {
  const platform = async () => {
    const p = await settingsForDomain(q, DEFAULT_DOMAIN);
    return { owner_user_id: null, domain: p.domain, name: p.name, logo: p.logo, button_color: p.button_color, text_color: p.text_color, heading_color: p.heading_color, support_email: null };
  };
  const resellerId = who.resellerId ?? (who.userId ? await resellerOfUser(q, who.userId) : null);
  if (resellerId !== null) {
    const own = (await q.query<BrandRow>(`${BRAND_SELECT} WHERE b.owner_user_id = $1 ORDER BY b.id LIMIT 1`, [resellerId])).rows[0];
    if (own) return brandOf(own, port);
    // A reseller that has not filled in its business account yet: the default colours, no logo, its
    // own name (never the platform's: its customers must not meet it), its SMTP, templates and support address;
    // its links go to the platform's domain with its brand code, so the pages opened show its name too.
    const contact = await resellerFallbackContact(q, resellerId);
    const look = await platform();
    return brandOf({ ...look, owner_user_id: resellerId, name: contact?.name ?? '', logo: null, support_email: contact?.support_email ?? null }, port, await brandCodeOf(q, resellerId));
  }
  if (who.domain) {
    const { rows } = await q.query<BrandRow>(`${BRAND_SELECT} WHERE b.domain = $1 AND b.owner_user_id IS NOT NULL`, [normaliseDomain(who.domain)]);
    if (rows[0]) return brandOf(rows[0], port);
  }
  return brandOf(await platform(), port);
}
