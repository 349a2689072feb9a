import type { Queryable } from '../../db';
import { CRM_IDS, type CrmId, type SiteSettings } from './siteSettings.schemas';

const isCrm = (value: unknown): value is CrmId =>
  typeof value === 'string' && (CRM_IDS as readonly string[]).includes(value);

const SETTINGS_COLUMNS = `domain, name, content, favicon, script, login_page_bg_color, sidebar_background_color, button_color,
  secondary_color, text_color, heading_color, support_url, show_training_center, crms, logo`;

type SettingsRow = Omit<SiteSettings, 'crms' | 'brand'> & { crms: unknown };

/** A row as the API answers it (`brand` is set by the caller when a reseller's brand is shown off its domain). */
const settingsOf = (row: SettingsRow): SiteSettings => ({
  ...row,
  crms: Array.isArray(row.crms) ? row.crms.filter(isCrm) : [],
  brand: null,
});

/** The domain's row, else the `localhost` row (`fallbackDomain`). */
export async function settingsRowForDomain(
  q: Queryable,
  domain: string,
  fallbackDomain: string,
): Promise<SiteSettings | undefined> {
  const { rows } = await q.query<SettingsRow>(
    `SELECT ${SETTINGS_COLUMNS} FROM business_settings WHERE domain IN ($1, $2) ORDER BY (domain = $1) DESC LIMIT 1`,
    [domain, fallbackDomain],
  );
  return rows[0] && settingsOf(rows[0]);
}

/** The reseller's business account's settings (its first), if it has one. */
export async function resellerSettingsRow(q: Queryable, resellerId: number): Promise<SiteSettings | undefined> {
  const { rows } = await q.query<SettingsRow>(
    `SELECT ${SETTINGS_COLUMNS} FROM business_settings WHERE owner_user_id = $1 ORDER BY id LIMIT 1`,
    [resellerId],
  );
  return rows[0] && settingsOf(rows[0]);
}

/** The settings of a reseller's own domain, if the domain is one. */
export async function resellerDomainSettings(q: Queryable, domain: string): Promise<SiteSettings | undefined> {
  const own = await q.query<SettingsRow>(
    `SELECT ${SETTINGS_COLUMNS} FROM business_settings WHERE domain = $1 AND owner_user_id IS NOT NULL`,
    [domain],
  );
  return own.rows[0] && settingsOf(own.rows[0]);
}
