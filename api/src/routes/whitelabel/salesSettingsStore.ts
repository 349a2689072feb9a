/**
 * A package's sales settings as stored (whitelabel_sales_settings): read by the settings routes
 * (salesSettings.ts), the public sales page (salesPage.ts) and its renderer (salesPageHtml.ts).
 */
import type { Queryable } from '../../db';
import { DEFAULT_COLORS } from '../siteSettings';

/** Spec §3 Sales settings of one package: colours, business name, sales-page URLs, subdomain URL, HTML for the body. */
export interface SalesSettings {
  business_name: string;
  primary_color: string;
  secondary_color: string;
  background_color: string;
  text_color: string;
  sales_page_url: string | null;
  terms_url: string | null;
  subdomain_url: string | null;
  body_html: string;
  updated_at: string;
}

export type SalesSettingsInput = Omit<SalesSettings, 'updated_at'>;

export const SALES_DEFAULTS = {
  primary_color: DEFAULT_COLORS.primary,
  secondary_color: DEFAULT_COLORS.secondary,
  background_color: '#FFFFFF',
  text_color: DEFAULT_COLORS.primaryText,
};

export const SALES_SETTINGS_COLUMNS =
  'business_name, primary_color, secondary_color, background_color, text_color, sales_page_url, terms_url, subdomain_url, body_html, updated_at';

export async function salesSettingsOf(q: Queryable, packageId: number): Promise<SalesSettings | null> {
  const { rows } = await q.query<SalesSettings>(
    `SELECT ${SALES_SETTINGS_COLUMNS} FROM whitelabel_sales_settings WHERE package_id = $1`,
    [packageId],
  );
  return rows[0] ?? null;
}
