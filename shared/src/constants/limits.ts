/** Limits from spec §5 and §9. */
/** Lists are paginated on the server, 20 a page by default, at most 100 (spec §9). */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const PASSWORD_MIN_LENGTH = 6;
/** Spec §9: an app password (what Gmail, Yahoo and iCloud take for SMTP instead of the account password) has 16 characters. */
export const APP_PASSWORD_LENGTH = 16;
/** SMTP hosts that take only app passwords (ADR 048). */
export const APP_PASSWORD_SMTP_HOSTS = [
  'smtp.gmail.com',
  'smtp.googlemail.com',
  'smtp.mail.yahoo.com',
  'smtp.mail.me.com',
] as const;

/** Whether an SMTP password for this host must be an app password. */
export function needsAppPassword(host: string): boolean {
  return (APP_PASSWORD_SMTP_HOSTS as readonly string[]).includes(host.trim().toLowerCase().replace(/\.$/, ''));
}

/**
 * An app password as typed (shown in groups: `abcd efgh ijkl mnop`, iCloud's with hyphens) without its spaces,
 * or null when it does not have APP_PASSWORD_LENGTH letters and digits besides its spaces and hyphens.
 */
export function appPasswordOf(typed: string): string | null {
  const kept = typed.replace(/\s+/g, '');
  return /^[A-Za-z0-9-]+$/.test(kept) && kept.replace(/-/g, '').length === APP_PASSWORD_LENGTH ? kept : null;
}
/** Uploaded image maximum, in megabytes. */
export const IMAGE_MAX_MB = 5;
export const INFLUENCER_LASTPOSTED_MIN = 30;

export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** localStorage keys (spec §3: access token; chosen language under `lang`). */
export const STORAGE_KEYS = {
  token: 'access_token',
  lang: 'lang',
  archivedUser: 'archived_user',
  reloadGuard: 'leadsmith:reload-guard',
  /** The sidebar drawn as icons only (shell/src/layout/Sidebar.tsx): the user's choice, kept across visits. */
  sidebarCollapsed: 'leadsmith:sidebar-collapsed',
  /** A reseller's brand code (a link's ?brand=, or the last signed-in answer): its brand on the platform's domain after a sign-out. */
  brandCode: 'brand_code',
} as const;

/** Search-limit bands (spec §9). */
export type LimitBand = 'under_50' | 'over_50' | 'full';
export function limitBand(used: number, limit: number): LimitBand {
  if (limit <= 0 || used >= limit) return 'full';
  return used / limit > 0.5 ? 'over_50' : 'under_50';
}
