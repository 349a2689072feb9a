import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, DEFAULT_PAGE_SIZE, type ApiResponse } from '@leadsmith/shared';

export const SUBSCRIPTION_REPORT_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'none'] as const;
export type SubscriptionReportStatus = (typeof SUBSCRIPTION_REPORT_STATUSES)[number];

export type SubscriptionsReport = ApiResponse<'/api/admin/reports/subscriptions', 'get'>;

export const getSubscriptionsReport = (
  page: number,
  status: SubscriptionReportStatus | undefined,
  signal?: AbortSignal,
): Promise<SubscriptionsReport> =>
  api.get('/api/admin/reports/subscriptions', {
    query: { page, pageSize: DEFAULT_PAGE_SIZE, ...(status ? { status } : {}) },
    config: { signal },
  });

export const subscriptionsReportQueryOptions = (page: number, status?: SubscriptionReportStatus) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'subscriptions', page, status ?? ''] as const,
    queryFn: ({ signal }) => getSubscriptionsReport(page, status, signal),
    placeholderData: keepPreviousData,
  });

export const useSubscriptionsReport = (page: number, status?: SubscriptionReportStatus) =>
  useQuery(subscriptionsReportQueryOptions(page, status));
