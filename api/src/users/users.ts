import { createHmac } from 'node:crypto';
import type { Queryable } from '../db';
import { Nullable, StringEnum, Type, type Static, isoString } from '../http/contract';
import { LANGUAGES, type Language } from '../i18n/messages';
import { accountLicenseExpiry, licenseExpired } from './license';
import { modulesForRole } from './roles';

import { MODULE_SLUGS, type ModuleSlug } from '@leadsmith/shared/constants';

export { MODULE_SLUGS, type ModuleSlug };
export const ROLES = ['admin', 'related', 'user'] as const;
export type Role = (typeof ROLES)[number];
export const USER_TYPES = ['super_admin', 'reseller', 'customer', 'team_member'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const UserModuleSchema = Type.Object({
  id: Type.Integer(),
  slug: StringEnum(MODULE_SLUGS),
  name: Type.String(),
});
export type UserModule = Static<typeof UserModuleSchema>;

const IsoTime = Type.String({ format: 'date-time' });

/** The user as GET /api/me, login and confirm-email return it. No secrets, ever. */
export const UserSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  created_at: IsoTime,
  /** HMAC of the id for the chat widget (spec §7). */
  hash_hmac: Type.String(),
  role: StringEnum(ROLES),
  user_type: StringEnum(USER_TYPES),
  parent_id: Nullable(Type.Integer()),
  team_owner_id: Nullable(Type.Integer()),
  is_child: Type.Boolean(),
  lang: StringEnum(LANGUAGES),
  modules: Type.Array(UserModuleSchema),
  permissions: Type.Array(StringEnum(MODULE_SLUGS)),
  license_expires_at: Nullable(IsoTime),
  /** The account's licence (its team owner's for a team member) has ended: the app shows the expired-licence page (ADR 046). */
  license_expired: Type.Boolean(),
  last_login_at: Nullable(IsoTime),
  subscription_id: Nullable(Type.String()),
  subscription_status: Nullable(Type.String()),
  sub_account_limit: Nullable(Type.Integer()),
  referral_partner_id: Nullable(Type.Integer()),
  has_google_api_key: Type.Boolean(),
  additional_query_count: Type.Integer(),
  last_reset_date: Nullable(Type.String()),
  search_limit: Nullable(Type.Integer()),
  searches_used: Type.Integer(),
  unused_limits: Type.Integer(),
  payment_product_id: Nullable(Type.String()),
  crm_plan_id: Nullable(Type.String()),
  email_verified_at: Nullable(IsoTime),
  can_create_related_accounts: Type.Boolean(),
  archived: Type.Boolean(),
  /** The terms version the user accepted; the shell asks again while it differs from `terms_version`. */
  terms_accepted_version: Nullable(Type.String()),
  /** The terms version in force (TERMS_VERSION). */
  terms_version: Type.String(),
  /**
   * The terms document the user is asked to accept: its reseller's (the terms URL of its package's
   * sales page) for a reseller's customer, else the platform's (TERMS_URL); null when none is published.
   */
  terms_url: Nullable(Type.String()),
  credit_popup_disabled: Type.Boolean(),
});
export type UserDto = Static<typeof UserSchema>;

interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  created_at: Date;
  role: Role;
  user_type: UserType;
  parent_id: number | null;
  team_owner_id: number | null;
  lang: Language;
  license_expires_at: Date | null;
  last_login_at: Date | null;
  subscription_id: string | null;
  subscription_status: string | null;
  sub_account_limit: number | null;
  referral_partner_id: number | null;
  has_google_api_key: boolean;
  additional_query_count: number;
  last_reset_date: string | null;
  search_limit: number | null;
  searches_used: number;
  unused_limits: number;
  payment_product_id: string | null;
  crm_plan_id: string | null;
  email_verified_at: Date | null;
  can_create_related_accounts: boolean;
  archived: boolean;
  terms_accepted_version: string | null;
  credit_popup_disabled: boolean;
}

// Explicit columns: password_hash and the Google API key never leave the database.
const USER_COLUMNS = `id, email, first_name, last_name, created_at, role, user_type, parent_id, team_owner_id, lang,
  license_expires_at, last_login_at, subscription_id, subscription_status, sub_account_limit, referral_partner_id,
  google_api_key_sealed IS NOT NULL AS has_google_api_key, additional_query_count, last_reset_date,
  search_limit, searches_used, unused_limits, payment_product_id, crm_plan_id, email_verified_at,
  can_create_related_accounts, archived, terms_accepted_version, credit_popup_disabled`;

/** The terms of service version in force: TERMS_VERSION, so publishing new terms asks every user again. */
export const DEFAULT_TERMS_VERSION = '2026-11';
export function currentTermsVersion(env: NodeJS.ProcessEnv = process.env): string {
  return env.TERMS_VERSION?.trim() || DEFAULT_TERMS_VERSION;
}

/** The platform's terms document (TERMS_URL, an http(s) URL), or null. */
export function platformTermsUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  const url = env.TERMS_URL?.trim();
  return url && /^https?:\/\/\S+$/.test(url) ? url : null;
}

async function termsUrlFor(q: Queryable, row: Pick<UserRow, 'id' | 'parent_id'>): Promise<string | null> {
  if (row.parent_id !== null) {
    const reseller = await q.query<{ terms_url: string }>(
      `SELECT ss.terms_url FROM whitelabel_subscriptions s JOIN whitelabel_sales_settings ss ON ss.package_id = s.package_id
        WHERE s.customer_id = $1 AND s.owner_id = $2 AND ss.terms_url IS NOT NULL AND ss.terms_url <> '' ORDER BY s.id DESC LIMIT 1`,
      [row.id, row.parent_id],
    );
    if (reseller.rows[0]) return reseller.rows[0].terms_url;
  }
  return platformTermsUrl();
}

/** HMAC-SHA256 of the user id: lets the chat widget trust the id it is given (spec §7). */
/** Locks the user's row for the caller's transaction (what a rule counts or changes under it queues behind it). */
export async function lockUserRow(tx: Queryable, userId: number): Promise<void> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

export function userHash(secret: string, userId: number): string {
  return createHmac('sha256', secret).update(String(userId)).digest('hex');
}

export async function userModules(q: Queryable, userId: number): Promise<UserModule[]> {
  const { rows } = await q.query<UserModule>(
    'SELECT m.id, m.slug, m.name FROM user_held_modules um JOIN modules m ON m.id = um.module_id WHERE um.user_id = $1 ORDER BY m.id',
    [userId],
  );
  return rows;
}

/** The active (not deleted) user as its public DTO, or null. */
export async function loadUserDto(
  q: Queryable,
  userId: number,
  chatWidgetSecret: string,
  now: Date,
): Promise<UserDto | null> {
  const { rows } = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1 AND deleted_at IS NULL`, [
    userId,
  ]);
  const row = rows[0];
  if (!row) return null;
  // A related account's white-label and admin modules are not its to use (ADR 052): the app neither shows nor allows them.
  const modules = (await userModules(q, userId)).filter((m) => modulesForRole(row.role, [m.slug]).length > 0);
  return {
    ...row,
    created_at: row.created_at.toISOString(),
    hash_hmac: userHash(chatWidgetSecret, row.id),
    is_child: row.parent_id !== null,
    modules,
    // Spec §3: permissions are the modules that have an id.
    permissions: modules.map((m) => m.slug),
    license_expires_at: isoString(row.license_expires_at),
    license_expired: licenseExpired(
      row.team_owner_id === null ? row.license_expires_at : await accountLicenseExpiry(q, row.id),
      now,
    ),
    last_login_at: isoString(row.last_login_at),
    email_verified_at: isoString(row.email_verified_at),
    terms_version: currentTermsVersion(),
    terms_url: await termsUrlFor(q, row),
  };
}

/** Emails are stored and compared lowercased and trimmed. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
