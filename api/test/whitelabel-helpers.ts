import { hashPassword } from '../src/auth/passwords';
import type { TestContext } from './helpers';
import { bearer, login } from './helpers';

/** A second reseller (whitelabel module), to prove one reseller never reaches another's rows. */
export async function otherReseller(ctx: TestContext, email = 'other.reseller@leadsmith.test'): Promise<string> {
  const password = 'other-reseller-pw';
  const hash = await hashPassword(password);
  const { rows } = await ctx.db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, role, user_type, email_verified_at, created_at, updated_at, can_create_related_accounts)
     VALUES ($1, $2, 'Other', 'Reseller', 'user', 'reseller', now(), now(), now(), true) RETURNING id`,
    [email, hash],
  );
  await ctx.db.query(
    `INSERT INTO user_modules (user_id, module_id) SELECT $1, id FROM modules WHERE slug IN ('whitelabel', 'leads')`,
    [rows[0]!.id],
  );
  return login(ctx.app, { email, password });
}

export function caller(ctx: TestContext) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

export const BRANDING = {
  domain: 'https://Brand.Example.com:8443/login',
  name: 'Acme Leads',
  content: 'Leads for Acme customers',
  logo: 'https://cdn.example.com/logo.png',
  favicon: null,
  script: '<script>alert(document.domain)</script>',
  login_page_bg_color: '#112233',
  sidebar_background_color: '#223344',
  button_color: '#AA0000',
  secondary_color: '#00AA00',
  text_color: '#111111',
  heading_color: '#222222',
  support_url: 'https://help.example.com',
  show_training_center: true,
  crms: ['ghl', 'zapier'],
};

export const PACKAGE = {
  name: 'Starter',
  description: 'For small agencies',
  monthly_price_cents: 4900,
  yearly_price_cents: 49000,
  one_time_price_cents: null,
  trial_days: 0,
  trial_amount_cents: 0,
  monthly_credits: 500,
  credit_price_cents: 15,
  collect_payment_method: true,
  available_for_billing_portal: true,
  show_on_sales_page: true,
  create_via_form: true,
  form_available_days: 30,
  thank_you_url: null,
  custom_fields: [
    { label: 'Company', optional: false, type: 'text', options: [] },
    { label: 'Team size', optional: true, type: 'dropdown', options: ['Small', 'Large 50'] },
  ],
};

export { fakeSmtpServer } from './fakeSmtp';

/** A 1×1 PNG, and an ICO holding it (what a favicon usually is). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
export const ICO = (() => {
  const header = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0, 0, 0, 0, 22, 0, 0, 0]);
  header.writeUInt32LE(PNG.length, 14);
  return Buffer.concat([header, PNG]);
})();
