import { STORAGE_KEYS } from '../constants/limits';

/** As the API accepts it (`POST /api/site-settings` body `brand`). */
const BRAND_CODE = /^[A-Za-z0-9_-]{8,64}$/;

/** The query key prefix of the branding: the session changing asks for it again (sessionStore). */
export const BRANDING_QUERY_KEY = ['shell', 'site-settings'] as const;

/**
 * The reseller brand this browser shows on the platform's own domain while signed out: the code a link
 * of a reseller without a domain of its own carried (`?brand=`, kept from then on), else the one the
 * last answer gave. shell/public/boot-prefetch.js reads it the same way.
 */
export function currentBrandCode(): string | null {
  try {
    const fromLink = new URLSearchParams(window.location.search).get('brand');
    if (fromLink && BRAND_CODE.test(fromLink)) localStorage.setItem(STORAGE_KEYS.brandCode, fromLink);
    const kept = localStorage.getItem(STORAGE_KEYS.brandCode);
    return kept && BRAND_CODE.test(kept) ? kept : null;
  } catch {
    return null;
  }
}

/** Keeps the code an answer gave (a reseller's customer signed in on the platform's domain), or forgets it (null). */
export function keepBrandCode(code: string | null | undefined): void {
  try {
    if (code && BRAND_CODE.test(code)) localStorage.setItem(STORAGE_KEYS.brandCode, code);
    else localStorage.removeItem(STORAGE_KEYS.brandCode);
  } catch {
    // No storage: the brand is asked for with the session alone.
  }
}

/** The boot script's key for the branding call: the domain, and the brand code when there is one. */
export function brandingPrefetchKey(domain: string, code: string | null): string {
  return code ? `${domain} ${code}` : domain;
}
