import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { PageOf } from '../../../components/format';
import { subscriptionKeys } from './listSubscriptions';

export interface UsageEvent {
  id: number;
  subscription_id: number;
  customer_name: string;
  username: string;
  event: string;
  detail: Record<string, unknown>;
  created_at: string;
}

export const HISTORY_PAGE_SIZE = 20;

export async function listUsageHistory(page: number, signal?: AbortSignal): Promise<PageOf<UsageEvent>> {
  const { data } = await apiClient.get<PageOf<UsageEvent>>('/api/whitelabel/subscriptions/usage-history', {
    params: { page, pageSize: HISTORY_PAGE_SIZE },
    signal,
  });
  return data;
}

export const usageHistoryQueryOptions = (page: number) =>
  queryOptions({
    queryKey: subscriptionKeys.history(page),
    queryFn: ({ signal }) => listUsageHistory(page, signal),
    placeholderData: keepPreviousData,
  });

export const useUsageHistory = (page: number) => useQuery(usageHistoryQueryOptions(page));
