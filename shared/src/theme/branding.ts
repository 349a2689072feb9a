import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api/client';
import { fromBootPrefetch } from '../api/bootPrefetch';
import { DEFAULT_BRANDING, brandingFrom, type Branding } from './brandColors';
import { BRANDING_QUERY_KEY, brandingPrefetchKey, currentBrandCode, keepBrandCode } from './brandCode';

export * from './brandColors';
export { BRANDING_QUERY_KEY, brandingPrefetchKey, currentBrandCode, keepBrandCode } from './brandCode';

/**
 * The domain's branding. The API client sends the session's token, so a reseller's customer signed in on
 * the platform's domain gets its reseller's brand; signed out, the kept brand code does (issue 33). The
 * session changing refetches it (sessionStore), keeping the brand on screen until the answer.
 */
export const brandingQueryOptions = (domain: string) =>
  queryOptions({
    queryKey: [...BRANDING_QUERY_KEY, domain],
    queryFn: async (): Promise<Branding> => {
      try {
        const brand = currentBrandCode();
        // The boot script may already have asked (shared/src/api/bootPrefetch.ts).
        const data = await fromBootPrefetch(
          'branding',
          brandingPrefetchKey(domain, brand),
          async () =>
            (
              await apiClient.post<Partial<Branding>>('/api/site-settings', brand ? { domain, brand } : { domain }, {
                silent: true,
              })
            ).data,
        );
        keepBrandCode(data.brand);
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
