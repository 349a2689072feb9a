import type { Queryable } from '../../db';
import type { BusinessAccount, BusinessAccountInput } from './businessAccount.schemas';

const COLUMNS = `domain, name, content, logo, favicon, script, login_page_bg_color, sidebar_background_color, button_color, secondary_color,
  text_color, heading_color, support_url, support_email, show_training_center, crms, updated_at`;

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

/** Whose business_settings row holds this domain: `{ owner_user_id }` (null owner: the platform's), or null when none does. */
export async function domainHolderOf(q: Queryable, domain: string): Promise<{ owner_user_id: number | null } | null> {
  const other = await q.query<{ owner_user_id: number | null }>(
    'SELECT owner_user_id FROM business_settings WHERE domain = $1',
    [domain],
  );
  return other.rows[0] ?? null;
}

const valuesOf = (input: BusinessAccountInput, resellerId: number, now: Date) => [
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
  input.show_training_center,
  JSON.stringify(input.crms),
  now,
  resellerId,
  input.support_email,
];

/** Writes the reseller's first business_settings row; null when it has none yet. A new domain clears its verification. */
export async function updateBusinessAccount(
  q: Queryable,
  resellerId: number,
  input: BusinessAccountInput,
  now: Date,
): Promise<BusinessAccount | null> {
  const updated = await q.query<BusinessAccount>(
    `UPDATE business_settings SET domain = $1, name = $2, content = $3, logo = $4, favicon = $5, script = $6, login_page_bg_color = $7,
           sidebar_background_color = $8, button_color = $9, secondary_color = $10, text_color = $11, heading_color = $12, support_url = $13,
           show_training_center = $14, crms = $15::jsonb, updated_at = $16, support_email = $18,
           -- A new domain must prove its ownership again (domainVerification.routes.ts).
           domain_verified_at = CASE WHEN domain = $1 THEN domain_verified_at END
         WHERE id = (SELECT id FROM business_settings WHERE owner_user_id = $17 ORDER BY id LIMIT 1) RETURNING ${COLUMNS}`,
    valuesOf(input, resellerId, now),
  );
  return updated.rows[0] ?? null;
}

export async function insertBusinessAccount(
  q: Queryable,
  resellerId: number,
  input: BusinessAccountInput,
  now: Date,
): Promise<BusinessAccount> {
  const inserted = await q.query<BusinessAccount>(
    `INSERT INTO business_settings (domain, name, content, logo, favicon, script, login_page_bg_color, sidebar_background_color, button_color,
           secondary_color, text_color, heading_color, support_url, show_training_center, crms, updated_at, owner_user_id, support_email)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, $16, $17, $18) RETURNING ${COLUMNS}`,
    valuesOf(input, resellerId, now),
  );
  return inserted.rows[0]!;
}
