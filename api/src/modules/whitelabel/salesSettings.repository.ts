/**
 * A package's sales settings as stored (whitelabel_sales_settings): read by the settings routes
 * (salesSettings.routes.ts), the public sales page (salesPage.routes.ts) and its renderer (salesPageHtml.ts).
 */
import type { Queryable } from '../../db';
import { DEFAULT_COLORS } from '../core/siteSettings.schemas';

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

export async function upsertSalesSettings(
  q: Queryable,
  packageId: number,
  input: SalesSettingsInput,
  now: Date,
): Promise<SalesSettings> {
  const { rows } = await q.query<SalesSettings>(
    `INSERT INTO whitelabel_sales_settings (package_id, business_name, primary_color, secondary_color, background_color, text_color, sales_page_url, terms_url, subdomain_url, body_html, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (package_id) DO UPDATE SET business_name = EXCLUDED.business_name, primary_color = EXCLUDED.primary_color, secondary_color = EXCLUDED.secondary_color,
           background_color = EXCLUDED.background_color, text_color = EXCLUDED.text_color, sales_page_url = EXCLUDED.sales_page_url, terms_url = EXCLUDED.terms_url,
           subdomain_url = EXCLUDED.subdomain_url, body_html = EXCLUDED.body_html, updated_at = EXCLUDED.updated_at
         RETURNING ${SALES_SETTINGS_COLUMNS}`,
    [
      packageId,
      input.business_name,
      input.primary_color,
      input.secondary_color,
      input.background_color,
      input.text_color,
      input.sales_page_url,
      input.terms_url,
      input.subdomain_url,
      input.body_html,
      now,
    ],
  );
  return rows[0]!;
}
