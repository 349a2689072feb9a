import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, DEFAULT_PAGE_SIZE } from '@leadsmith/shared';
import { walletKeys } from './get-wallet';

export type ChargeStatus = 'processing' | 'requires_action' | 'succeeded' | 'failed' | 'refunded';

export interface Charge {
  id: number;
  kind: 'card_validation' | 'top_up' | 'auto_top_up';
  amount_cents: number;
  credits: number;
  status: ChargeStatus;
  failure_code: string | null;
  card_last4: string | null;
  created_at: string;
}

export interface ChargePage {
  data: Charge[];
  currentPage: number;
  pageSize: number;
  total: number;
}

export async function getCharges(page: number): Promise<ChargePage> {
  return (await apiClient.get<ChargePage>('/api/wallet/charges', { params: { page, pageSize: DEFAULT_PAGE_SIZE } })).data;
}

export const chargesQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...walletKeys.all, 'charges', page] as const, queryFn: () => getCharges(page), placeholderData: keepPreviousData });

export const useCharges = (page: number) => useQuery(chargesQueryOptions(page));
