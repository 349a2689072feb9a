import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, DEFAULT_PAGE_SIZE, type ApiResponse } from '@leadsmith/shared';

export type CreditUsage = ApiResponse<'/api/credit-usage-statistic', 'get'>;

export interface CreditUsageParams {
  start_date?: string;
  end_date?: string;
  page: number;
}

export async function getCreditUsage(params: CreditUsageParams): Promise<CreditUsage> {
  const query = {
    page: params.page,
    pageSize: DEFAULT_PAGE_SIZE,
    ...(params.start_date ? { start_date: params.start_date } : {}),
    ...(params.end_date ? { end_date: params.end_date } : {}),
  };
  return api.get('/api/credit-usage-statistic', { query });
}

export const creditUsageQueryOptions = (params: CreditUsageParams) =>
  queryOptions({
    queryKey: ['settings', 'credit-usage', params],
    queryFn: () => getCreditUsage(params),
    placeholderData: keepPreviousData,
  });

export const useCreditUsage = (params: CreditUsageParams) => useQuery(creditUsageQueryOptions(params));
