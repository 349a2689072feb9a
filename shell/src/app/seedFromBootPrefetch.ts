import type { QueryClient } from '@tanstack/react-query';
import {
  brandingFrom,
  brandingPrefetchKey,
  brandingQueryOptions,
  currentBrandCode,
  keepBrandCode,
  sessionKeys,
  takeSettledBootPrefetch,
  type Branding,
  type User,
} from '@leadsmith/shared/core';

/**
 * Before the first render: the user and branding the boot script (shell/public/boot-prefetch.js)
 * already received go straight into the cache, so the first render draws the signed-in layout
 * with the domain's theme instead of a spinner and the default theme. Answers still in flight
 * are taken by the queries themselves (shared/src/api/bootPrefetch.ts).
 */
export function seedFromBootPrefetch(client: QueryClient, token: string | null, domain: string): void {
  if (token) {
    const me = takeSettledBootPrefetch('me', token);
    if (me) client.setQueryData(sessionKeys.me(token), me.data as User);
  }
  const branding = takeSettledBootPrefetch('branding', brandingPrefetchKey(domain, currentBrandCode()));
  if (branding) {
    const data = branding.data as Partial<Branding>;
    keepBrandCode(data.brand);
    client.setQueryData(brandingQueryOptions(domain).queryKey, brandingFrom(data));
  }
}
