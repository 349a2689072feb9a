import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

/** Spec §3 Custom link: shown in the side menu of the reseller's customers. */
export type CustomLink = ApiResponse<'/api/whitelabel/custom-links', 'get'>['data'][number];

export const LINK_PAGE_SIZE = 20;
export const customLinkKeys = { all: ['whitelabel', 'custom-links'] as const, list: (page: number) => ['whitelabel', 'custom-links', 'list', page] as const };

export const listCustomLinks = (page: number, signal?: AbortSignal) => api.get('/api/whitelabel/custom-links', { query: { page, pageSize: LINK_PAGE_SIZE }, config: { signal } });

export const customLinksQueryOptions = (page: number) => queryOptions({ queryKey: customLinkKeys.list(page), queryFn: ({ signal }) => listCustomLinks(page, signal), placeholderData: keepPreviousData });

export const useCustomLinks = (page: number) => useQuery(customLinksQueryOptions(page));
