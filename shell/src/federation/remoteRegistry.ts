import { queryOptions } from '@tanstack/react-query';
import { apiClient, fromBootPrefetch, readStoredToken, registryPrefetchKey } from '@leadsmith/shared/core';

export interface RemoteRegistryEntry {
  version: string;
  manifestUrl: string;
  /** Present when a registry override chose this version: 'pinned' or 'canary'. */
  source?: string;
}

export interface RemoteRegistry {
  remotes: Record<string, RemoteRegistryEntry>;
}

/** Config fails loudly: a malformed registry names the bad key. */
export function parseRegistry(raw: unknown): RemoteRegistry {
  if (
    !raw ||
    typeof raw !== 'object' ||
    !('remotes' in raw) ||
    typeof raw.remotes !== 'object' ||
    raw.remotes === null
  ) {
    throw new Error('Remote registry: "remotes" must be an object');
  }
  const remotes: Record<string, RemoteRegistryEntry> = {};
  for (const [name, entry] of Object.entries(raw.remotes as Record<string, unknown>)) {
    const e = entry as Partial<RemoteRegistryEntry> | null;
    if (!e || typeof e.version !== 'string' || !e.version)
      throw new Error(`Remote registry: "remotes.${name}.version" must be a non-empty string`);
    if (typeof e.manifestUrl !== 'string' || !/^(\/|https?:\/\/)/.test(e.manifestUrl)) {
      throw new Error(`Remote registry: "remotes.${name}.manifestUrl" must be an absolute path or http(s) URL`);
    }
    remotes[name] = {
      version: e.version,
      manifestUrl: e.manifestUrl,
      ...(typeof e.source === 'string' ? { source: e.source } : {}),
    };
  }
  return { remotes };
}

export const REMOTE_OVERRIDES_KEY = 'leadsmith:remote-overrides';
const LOOPBACK = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//;

/**
 * Developer override: run one remote with its dev server and point this
 * browser at it, e.g. localStorage['leadsmith:remote-overrides'] =
 * '{"mfe_admin":"http://localhost:3005/mf-manifest.json"}'. Loopback URLs only.
 */
export function applyDevOverrides(registry: RemoteRegistry, raw: string | null): RemoteRegistry {
  if (!raw) return registry;
  let overrides: unknown;
  try {
    overrides = JSON.parse(raw);
  } catch {
    console.warn(`[leadsmith] ${REMOTE_OVERRIDES_KEY} is not JSON; ignored`);
    return registry;
  }
  const remotes = { ...registry.remotes };
  for (const [name, url] of Object.entries((overrides ?? {}) as Record<string, unknown>)) {
    if (typeof url === 'string' && LOOPBACK.test(url)) {
      remotes[name] = { version: 'dev', manifestUrl: url };
      console.warn(`[leadsmith] ${name} is loaded from ${url} (developer override)`);
    } else {
      console.warn(`[leadsmith] override for ${name} ignored: only http://localhost or 127.0.0.1 URLs are allowed`);
    }
  }
  return { remotes };
}

const SESSION_ID_KEY = 'leadsmith:registry-sid';

/**
 * A random id per browser (kept in localStorage): the API decides a signed-out visitor's canary
 * by it, so the same browser keeps getting the same version. Signed in, the user decides.
 */
export function browserSessionId(storage: Storage = window.localStorage): string {
  try {
    const existing = storage.getItem(SESSION_ID_KEY);
    if (existing && /^[A-Za-z0-9_-]{8,64}$/.test(existing)) return existing;
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    storage.setItem(SESSION_ID_KEY, id);
    return id;
  } catch {
    return 'no-storage';
  }
}

/** Read at boot, never compiled in: shipping a remote is one registry change. */
export const registryQueryOptions = (domain: string) =>
  queryOptions({
    queryKey: ['shell', 'remote-registry', domain],
    queryFn: async ({ signal }) => {
      const sid = browserSessionId();
      // The boot script (shell/public/boot-prefetch.js) may already have asked with this id and token.
      const data = await fromBootPrefetch('registry', registryPrefetchKey(domain, sid, readStoredToken()), async () => {
        return (await apiClient.get<unknown>('/api/remote-registry', { params: { domain, sid }, signal, silent: true }))
          .data;
      });
      return applyDevOverrides(parseRegistry(data), localStorage.getItem(REMOTE_OVERRIDES_KEY));
    },
    staleTime: Infinity,
    retry: 1,
  });
