import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, DEFAULT_PAGE_SIZE, type ApiResponse } from '@leadsmith/shared';
import { walletKeys } from './get-wallet';

export type ChargePage = ApiResponse<'/api/wallet/charges', 'get'>;
export type Charge = ChargePage['data'][number];
export type ChargeStatus = Charge['status'];

export async function getCharges(page: number): Promise<ChargePage> {
  return api.get('/api/wallet/charges', { query: { page, pageSize: DEFAULT_PAGE_SIZE } });
}

export const chargesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...walletKeys.all, 'charges', page] as const,
    queryFn: () => getCharges(page),
    placeholderData: keepPreviousData,
  });

export const useCharges = (page: number) => useQuery(chargesQueryOptions(page));
