import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { subscriptionKeys, type Subscription } from './listSubscriptions';

export async function getSubscription(id: number, signal?: AbortSignal): Promise<Subscription> {
  const { data } = await apiClient.get<Subscription>(`/api/whitelabel/subscriptions/${id}`, { signal });
  return data;
}

export const subscriptionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: subscriptionKeys.detail(id),
    queryFn: ({ signal }) => getSubscription(id, signal),
    enabled: id > 0,
  });

export const useSubscription = (id: number) => useQuery(subscriptionQueryOptions(id));
