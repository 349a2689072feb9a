import { STORAGE_KEYS } from '@leadsmith/shared/core';

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
 * Returns true when a reload was started; false when any automatic reload
 * happened within the last minute (the caller then shows an in-place error),
 * so the page can never reload in a loop, even across several failing areas.
 */
export function reloadOnceFor(
  url = window.location.href,
  load: (url: string) => void = (u) => window.location.assign(u),
): boolean {
  const mark = readMark();
  if (mark && Date.now() - mark.at < WINDOW_MS) return false;
  sessionStorage.setItem(STORAGE_KEYS.reloadGuard, JSON.stringify({ url, at: Date.now() }));
  load(url);
  return true;
}
