import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { PageOf } from '../../../components/format';

/** The reseller's referral partners. */
export interface Partner {
  id: number;
  name: string;
  email: string | null;
  company: string | null;
  referral_code: string;
  commission_percent: number;
  active: boolean;
  created_at: string;
  updated_at: string;
}

export const PARTNER_PAGE_SIZE = 20;
export const partnerKeys = {
  all: ['whitelabel', 'partners'] as const,
  list: (page: number) => ['whitelabel', 'partners', 'list', page] as const,
  detail: (id: number) => ['whitelabel', 'partners', 'detail', id] as const,
};

export async function listPartners(page: number, signal?: AbortSignal): Promise<PageOf<Partner>> {
  const { data } = await apiClient.get<PageOf<Partner>>('/api/whitelabel/partners', { params: { page, pageSize: PARTNER_PAGE_SIZE }, signal });
  return data;
}

export const partnersQueryOptions = (page: number) => queryOptions({ queryKey: partnerKeys.list(page), queryFn: ({ signal }) => listPartners(page, signal), placeholderData: keepPreviousData });

export const usePartners = (page: number) => useQuery(partnersQueryOptions(page));
