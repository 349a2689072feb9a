import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api/client';
import { fromBootPrefetch } from '../api/bootPrefetch';
import { DEFAULT_BRANDING, brandingFrom, type Branding } from './brandColors';

export * from './brandColors';

export const brandingQueryOptions = (domain: string) =>
  queryOptions({
    queryKey: ['shell', 'site-settings', domain],
    queryFn: async (): Promise<Branding> => {
      try {
        // The boot script may already have asked (shared/src/api/bootPrefetch.ts).
        const data = await fromBootPrefetch('branding', domain, async () => (await apiClient.post<Partial<Branding>>('/api/site-settings', { domain }, { silent: true })).data);
        return brandingFrom(data);
      } catch {
        return DEFAULT_BRANDING;
      }
    },
    staleTime: 5 * 60_000,
  });

export function useBranding(): Branding {
  return useQuery(brandingQueryOptions(window.location.hostname)).data ?? DEFAULT_BRANDING;
}
