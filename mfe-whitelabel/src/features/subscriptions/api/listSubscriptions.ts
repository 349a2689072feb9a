import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from '@leadsmith/shared';
import type { PageOf } from '../../../components/format';

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled';

/** Spec §3 Subscription, as GET /api/whitelabel/subscriptions[/:id] returns it. */
/** A subscription as the reseller sees it (`billing_provider`: who collects the renewals; Stripe's subscriptions change at Stripe). */
export type Subscription = ApiResponse<'/api/whitelabel/subscriptions/{id}', 'get'>;

export interface SubscriptionQuery {
  page: number;
  status?: SubscriptionStatus;
}

export const SUBSCRIPTION_PAGE_SIZE = 20;

export const subscriptionKeys = {
  all: ['whitelabel', 'subscriptions'] as const,
  list: (q: SubscriptionQuery) => ['whitelabel', 'subscriptions', 'list', q] as const,
  detail: (id: number) => ['whitelabel', 'subscriptions', 'detail', id] as const,
  history: (page: number) => ['whitelabel', 'subscriptions', 'history', page] as const,
};

export async function listSubscriptions(q: SubscriptionQuery, signal?: AbortSignal): Promise<PageOf<Subscription>> {
  const params = { page: q.page, pageSize: SUBSCRIPTION_PAGE_SIZE, ...(q.status ? { status: q.status } : {}) };
  const { data } = await apiClient.get<PageOf<Subscription>>('/api/whitelabel/subscriptions', { params, signal });
  return data;
}

export const subscriptionsQueryOptions = (q: SubscriptionQuery) =>
  queryOptions({ queryKey: subscriptionKeys.list(q), queryFn: ({ signal }) => listSubscriptions(q, signal), placeholderData: keepPreviousData });

export const useSubscriptions = (q: SubscriptionQuery) => useQuery(subscriptionsQueryOptions(q));
