import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, useSessionStore, type ApiResponse } from '@leadsmith/shared/core';

/** A custom link the user's reseller added to its customers' side menu (spec §3 Custom link). */
export type MenuLink = ApiResponse<'/api/whitelabel/menu-links', 'get'>['data'][number];

/** Only absolute http(s) URLs are drawn: a stored `javascript:` or `data:` link never becomes an href. */
export function isSafeMenuUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const menuLinkKeys = {
  all: ['shell', 'menu-links'] as const,
  of: (token: string | null) => ['shell', 'menu-links', token] as const,
};

/** GET /api/whitelabel/menu-links (any signed-in user): its reseller's links marked for the side menu. */
export async function getMenuLinks(signal?: AbortSignal): Promise<MenuLink[]> {
  const { data } = await apiClient.get<ApiResponse<'/api/whitelabel/menu-links', 'get'>>('/api/whitelabel/menu-links', {
    signal,
    silent: true,
  });
  return Array.isArray(data.data)
    ? data.data.filter((l) => typeof l.title === 'string' && typeof l.url === 'string' && isSafeMenuUrl(l.url))
    : [];
}

export const menuLinksQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: menuLinkKeys.of(token),
    queryFn: ({ signal }) => getMenuLinks(signal),
    enabled: token !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The side menu's custom links; empty while loading or when the call fails (the menu works without them). */
export function useMenuLinks(): MenuLink[] {
  const token = useSessionStore((s) => s.token);
  return useQuery(menuLinksQueryOptions(token)).data ?? [];
}
