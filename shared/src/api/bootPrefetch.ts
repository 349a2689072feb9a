/**
 * The calls shell/public/boot-prefetch.js starts before the bundle has downloaded, left on
 * `window.__leadsmithBootPrefetch`. Each is taken at most once, and only by the query whose
 * request it is (its key: the token, domain and registry id it was made with); anything else —
 * no prefetch, another key, a failed prefetch — calls the API as usual. A new token (sign-in,
 * sign-out) drops whatever is left, so an answer made for one session never serves another.
 */
export const BOOT_PREFETCH_GLOBAL = '__leadsmithBootPrefetch';

export type BootPrefetchName = 'me' | 'branding' | 'registry';

export interface BootPrefetchEntry {
  /** What the request was made for; a query takes the entry only with the same key. */
  key: string;
  /** The JSON body of a 2xx answer; rejects on any other answer or a network error. */
  response: Promise<unknown>;
  /** Set once the answer arrived (2xx), so the shell can seed its cache before the first render. */
  settled?: { data: unknown };
}

export type BootPrefetch = Partial<Record<BootPrefetchName, BootPrefetchEntry>>;

declare global {
  interface Window {
    [BOOT_PREFETCH_GLOBAL]?: BootPrefetch;
  }
}

/** The key the boot script gives the registry call. */
export const registryPrefetchKey = (domain: string, sid: string, token: string | null) =>
  [domain, sid, token ?? ''].join(' ');

function prefetches(): BootPrefetch | undefined {
  return typeof window === 'undefined' ? undefined : window[BOOT_PREFETCH_GLOBAL];
}

/** Removes and returns the entry `name` when it was made for `key`; a mismatch drops it too. */
function take(name: BootPrefetchName, key: string): BootPrefetchEntry | undefined {
  const all = prefetches();
  const entry = all?.[name];
  if (!all || !entry) return undefined;
  delete all[name];
  return entry.key === key ? entry : undefined;
}

/** The answer, when it has already arrived for `key` (taken: later calls go to the API). */
export function takeSettledBootPrefetch(name: BootPrefetchName, key: string): { data: unknown } | undefined {
  const entry = prefetches()?.[name];
  if (!entry?.settled || entry.key !== key) return undefined;
  return take(name, key)?.settled;
}

/**
 * The prefetched answer for `key` if there is one, else (or when it failed) `fetcher()`.
 * A failed prefetch is logged and the call made again, so its error reaches the caller the
 * usual way (toasts, 401 handling).
 */
export async function fromBootPrefetch<T>(name: BootPrefetchName, key: string, fetcher: () => Promise<T>): Promise<T> {
  const entry = take(name, key);
  if (!entry) return fetcher();
  try {
    return (await entry.response) as T;
  } catch (error) {
    console.warn(`[leadsmith] boot prefetch "${name}" failed; calling the API again`, error);
    return fetcher();
  }
}

/** Drops every prefetch not taken yet (the session changed). */
export function clearBootPrefetch(): void {
  if (typeof window !== 'undefined') delete window[BOOT_PREFETCH_GLOBAL];
}

/**
 * Resolves once the named prefetches have answered (or failed), or after `timeoutMs`, whichever is
 * first. The shell's first render waits for the user and branding this way, so it draws the
 * signed-in frame at once (the one the boot frame already shows) instead of a spinner.
 */
export function bootPrefetchesAnswered(names: BootPrefetchName[], timeoutMs: number): Promise<void> {
  const pending = names.flatMap((name) => prefetches()?.[name]?.response ?? []);
  if (pending.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    void Promise.allSettled(pending).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
