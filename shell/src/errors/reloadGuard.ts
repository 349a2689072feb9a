import { STORAGE_KEYS } from '@leadsmith/shared';

const WINDOW_MS = 60_000;

interface ReloadMark {
  url: string;
  at: number;
}

function readMark(): ReloadMark | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEYS.reloadGuard);
    return raw ? (JSON.parse(raw) as ReloadMark) : null;
  } catch {
    return null;
  }
}

/**
 * Spec §8: a failed page load does a full reload of the target URL — once.
 * Returns true when a reload was started; false when this URL was already
 * reloaded within the last minute (the caller then shows an in-place error),
 * so the page can never reload in a loop.
 */
export function reloadOnceFor(url = window.location.href, load: (url: string) => void = (u) => window.location.assign(u)): boolean {
  const mark = readMark();
  if (mark && mark.url === url && Date.now() - mark.at < WINDOW_MS) return false;
  sessionStorage.setItem(STORAGE_KEYS.reloadGuard, JSON.stringify({ url, at: Date.now() }));
  load(url);
  return true;
}

/** Called once a page has loaded fine, so a later failure may reload again. */
export function clearReloadGuard(): void {
  sessionStorage.removeItem(STORAGE_KEYS.reloadGuard);
}
