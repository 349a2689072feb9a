import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

/** The reseller's referral partners. */
export type Partner = ApiResponse<'/api/whitelabel/partners/{id}', 'get'>;

export const PARTNER_PAGE_SIZE = 20;
export const partnerKeys = {
  all: ['whitelabel', 'partners'] as const,
  list: (page: number) => ['whitelabel', 'partners', 'list', page] as const,
  detail: (id: number) => ['whitelabel', 'partners', 'detail', id] as const,
};

export const listPartners = (page: number, signal?: AbortSignal) => api.get('/api/whitelabel/partners', { query: { page, pageSize: PARTNER_PAGE_SIZE }, config: { signal } });

export const partnersQueryOptions = (page: number) => queryOptions({ queryKey: partnerKeys.list(page), queryFn: ({ signal }) => listPartners(page, signal), placeholderData: keepPreviousData });

export const usePartners = (page: number) => useQuery(partnersQueryOptions(page));
