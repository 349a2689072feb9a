import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, DEFAULT_PAGE_SIZE } from '@leadsmith/shared';

export interface CreditUsage {
  start_date: string;
  end_date: string;
  totals: { consumed: number; added: number };
  by_day: { date: string; consumed: number; added: number }[];
  by_type: { type: string; consumed: number }[];
  data: { id: number; created_at: string; delta: number; bucket: 'monthly' | 'additional' | 'rolled_over'; reason: string; type: string | null }[];
  currentPage: number;
  pageSize: number;
  total: number;
}

export interface CreditUsageParams {
  start_date?: string;
  end_date?: string;
  page: number;
}

export async function getCreditUsage(params: CreditUsageParams): Promise<CreditUsage> {
  const query = { page: params.page, pageSize: DEFAULT_PAGE_SIZE, ...(params.start_date ? { start_date: params.start_date } : {}), ...(params.end_date ? { end_date: params.end_date } : {}) };
  return (await apiClient.get<CreditUsage>('/api/credit-usage-statistic', { params: query })).data;
}

export const creditUsageQueryOptions = (params: CreditUsageParams) =>
  queryOptions({ queryKey: ['settings', 'credit-usage', params], queryFn: () => getCreditUsage(params), placeholderData: keepPreviousData });

export const useCreditUsage = (params: CreditUsageParams) => useQuery(creditUsageQueryOptions(params));
