import { api, type ApiResponse } from '@leadsmith/shared';
import { type ResourceApi } from '@leadsmith/shared/resource';

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled';

/** Spec §3 Subscription, as GET /api/whitelabel/subscriptions[/:id] returns it. */
/** A subscription as the reseller sees it (`billing_provider`: who collects the renewals; Stripe's subscriptions change at Stripe). */
export type Subscription = ApiResponse<'/api/whitelabel/subscriptions/{id}', 'get'>;

export const subscriptionKeys = {
  all: ['whitelabel', 'subscriptions'] as const,
  detail: (id: number) => ['whitelabel', 'subscriptions', 'detail', id] as const,
  history: (page: number) => ['whitelabel', 'subscriptions', 'history', page] as const,
};

/** The subscriptions' list for the kit, filtered by status (a subscription is read and saved by its own form). */
export const subscriptionsApi: ResourceApi<Subscription> = {
  key: subscriptionKeys.all,
  list: ({ page, pageSize, filters }, signal) =>
    api.get('/api/whitelabel/subscriptions', {
      query: { page, pageSize, ...(filters?.status ? { status: filters.status as SubscriptionStatus } : {}) },
      config: { signal },
    }),
};
