import { buildBootFrame } from './bootFrame';
import { FRAME_TEXTS } from './frameTexts';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  STORAGE_KEYS,
  brandingFrom,
  type Branding,
  type Language,
  type User,
} from '@leadsmith/shared/core';
import { applyDocumentBranding } from '../app/documentBranding';
import { debugRequested } from '../diagnostics/debugSwitch';
import { archivedToken, storedSidebarCollapsed } from '../layout/frameModel';
import { installFrameStyles } from '../layout/frameStyles';

/** Pages drawn without the base layout: the frame is not theirs to show. */
const PAGES_WITHOUT_FRAME = ['/login', '/forgot-password', '/callback', '/crm/callback'];

function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function storedLanguage(): Language {
  const lang = stored(STORAGE_KEYS.lang);
  return (LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as Language) : DEFAULT_LANGUAGE;
}

/** Draws the frame into #root if the page still shows its loading placeholder; true when it did. */
export function drawBootFrame(
  user: User,
  brandingData: Partial<Branding> | null,
  token: string,
  doc: Document = document,
): boolean {
  const root = doc.getElementById('root');
  const placeholder = doc.getElementById('boot');
  // The shell has rendered already (or the placeholder is gone for another reason): leave it be.
  if (!root || !placeholder || placeholder.parentElement !== root) return false;
  const branding = brandingFrom(brandingData);
  const lang = storedLanguage();
  installFrameStyles(doc);
  applyDocumentBranding(branding, doc);
  doc.documentElement.lang = lang;
  const pathname = window.location.pathname;
  root.replaceChildren(
    buildBootFrame(doc, {
      user,
      branding,
      token,
      archived: archivedToken(),
      pathname,
      lang,
      texts: FRAME_TEXTS[lang],
      debug: debugRequested(),
      sidebarCollapsed: storedSidebarCollapsed(),
    }),
  );
  return true;
}

/** How long the shell's code waits for the boot frame before running anyway (the calls may hang). */
export const BOOT_FRAME_WAIT_MS = 3_000;

/**
 * Waits for the prefetched user (and branding: the defaults when that call failed), then draws.
 * Resolves once it has drawn or knows it will not, or after BOOT_FRAME_WAIT_MS; never rejects.
 */
export function startBootFrame(): Promise<void> {
  const prefetch = window.__leadsmithBootPrefetch;
  const token = stored(STORAGE_KEYS.token);
  const path = window.location.pathname.replace(/\/+$/, '').toLowerCase();
  if (!prefetch?.me || !token || prefetch.me.key !== token || PAGES_WITHOUT_FRAME.includes(path))
    return Promise.resolve();
  const branding = prefetch.branding?.response.catch(() => null) ?? Promise.resolve(null);
  // The boot script runs as soon as it arrives, maybe before #root is parsed. The document turns
  // 'interactive' when parsing ends, before the shell's deferred entry runs.
  const parsed =
    document.readyState === 'loading'
      ? new Promise((resolve) => document.addEventListener('readystatechange', resolve, { once: true }))
      : null;
  const drawn = Promise.all([prefetch.me.response, branding, parsed]).then(
    ([user, brandingData]) => {
      try {
        drawBootFrame(user as User, brandingData as Partial<Branding> | null, token);
      } catch (error) {
        // The shell draws its own frame regardless; this only loses the early paint.
        console.error('[leadsmith] the boot frame could not be drawn', error);
      }
    },
    // A failed user call is the shell's to report (it calls again, then signs out or shows the error).
    () => undefined,
  );
  return Promise.race([drawn, new Promise<void>((resolve) => setTimeout(resolve, BOOT_FRAME_WAIT_MS))]);
}
