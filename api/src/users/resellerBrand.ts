import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db';

/** A brand code as links carry it (`?brand=`): what `brandCodeOf` makes. */
export const BRAND_CODE_PATTERN = '^[A-Za-z0-9_-]{8,64}$';
const BRAND_CODE = new RegExp(BRAND_CODE_PATTERN);

/** The reseller whose customer (users.parent_id) this user is, directly or as a team member of one; null for the platform's own users. */
export async function resellerOfUser(q: Queryable, userId: number): Promise<number | null> {
  const { rows } = await q.query<{ reseller_id: number | null }>(
    'SELECT COALESCE(t.parent_id, u.parent_id) AS reseller_id FROM users u LEFT JOIN users t ON t.id = u.team_owner_id WHERE u.id = $1',
    [userId],
  );
  return rows[0]?.reseller_id ?? null;
}

/**
 * The public code of a reseller's brand, made on first use. Two first uses at once keep the one
 * stored first. Links to the platform's own domain carry it so the pages show the reseller's brand.
 */
export async function brandCodeOf(q: Queryable, resellerId: number): Promise<string> {
  await q.query(
    'INSERT INTO reseller_brand_codes (reseller_id, code) VALUES ($1, $2) ON CONFLICT (reseller_id) DO NOTHING',
    [resellerId, randomBytes(12).toString('base64url')],
  );
  const { rows } = await q.query<{ code: string }>('SELECT code FROM reseller_brand_codes WHERE reseller_id = $1', [
    resellerId,
  ]);
  return rows[0]!.code;
}

/** The reseller a brand code names, or null for a malformed or unknown one. */
export async function resellerOfBrandCode(q: Queryable, code: string): Promise<number | null> {
  if (!BRAND_CODE.test(code)) return null;
  const { rows } = await q.query<{ reseller_id: number }>(
    'SELECT reseller_id FROM reseller_brand_codes WHERE code = $1',
    [code],
  );
  return rows[0]?.reseller_id ?? null;
}

/**
 * The name a reseller's customers see when the reseller has no business account (no brand name) yet:
 * the business name of its business profile, else its own name, else the part of its account email
 * before the @ — never the platform's name — and its support address (SMTP settings, else its email).
 */
export async function resellerFallbackContact(
  q: Queryable,
  resellerId: number,
): Promise<{ name: string; support_email: string | null } | undefined> {
  const { rows } = await q.query<{ name: string; support_email: string | null }>(
    `SELECT COALESCE(NULLIF(btrim(p.business_name), ''), NULLIF(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), split_part(u.email, '@', 1)) AS name,
            COALESCE(s.support_email, u.email) AS support_email
       FROM users u LEFT JOIN whitelabel_smtp s ON s.owner_id = u.id LEFT JOIN settings_business_profiles p ON p.user_id = u.id
      WHERE u.id = $1`,
    [resellerId],
  );
  return rows[0];
}
