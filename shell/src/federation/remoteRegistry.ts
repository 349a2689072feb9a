import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

export interface RemoteRegistryEntry {
  version: string;
  manifestUrl: string;
}

export interface RemoteRegistry {
  remotes: Record<string, RemoteRegistryEntry>;
}

/** Config fails loudly: a malformed registry names the bad key. */
export function parseRegistry(raw: unknown): RemoteRegistry {
  if (!raw || typeof raw !== 'object' || !('remotes' in raw) || typeof raw.remotes !== 'object' || raw.remotes === null) {
    throw new Error('Remote registry: "remotes" must be an object');
  }
  const remotes: Record<string, RemoteRegistryEntry> = {};
  for (const [name, entry] of Object.entries(raw.remotes as Record<string, unknown>)) {
    const e = entry as Partial<RemoteRegistryEntry> | null;
    if (!e || typeof e.version !== 'string' || !e.version) throw new Error(`Remote registry: "remotes.${name}.version" must be a non-empty string`);
    if (typeof e.manifestUrl !== 'string' || !/^(\/|https?:\/\/)/.test(e.manifestUrl)) {
      throw new Error(`Remote registry: "remotes.${name}.manifestUrl" must be an absolute path or http(s) URL`);
    }
    remotes[name] = { version: e.version, manifestUrl: e.manifestUrl };
  }
  return { remotes };
}

/** Read at boot, never compiled in: shipping a remote is one registry change. */
export const registryQueryOptions = (domain: string) =>
  queryOptions({
    queryKey: ['shell', 'remote-registry', domain],
    queryFn: async ({ signal }) => {
      const { data } = await apiClient.get<unknown>('/api/remote-registry', { params: { domain }, signal, silent: true });
      return parseRegistry(data);
    },
    staleTime: Infinity,
    retry: 1,
  });
