import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, DEFAULT_PAGE_SIZE } from '@leadsmith/shared';
import type { PageOf } from '../../audit/api/listAuditLog';

export const SUBSCRIPTION_REPORT_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'none'] as const;
export type SubscriptionReportStatus = (typeof SUBSCRIPTION_REPORT_STATUSES)[number];

export interface SubscriptionsReport extends PageOf<{
  id: number;
  name: string;
  email: string;
  plan_name: string | null;
  subscription_id: string | null;
  subscription_status: string | null;
  license_expires_at: string | null;
}> {
  summary: { status: string; count: number }[];
}

export async function getSubscriptionsReport(page: number, status: SubscriptionReportStatus | undefined, signal?: AbortSignal): Promise<SubscriptionsReport> {
  const { data } = await apiClient.get<SubscriptionsReport>('/api/admin/reports/subscriptions', { params: { page, page_size: DEFAULT_PAGE_SIZE, ...(status ? { status } : {}) }, signal });
  return data;
}

export const subscriptionsReportQueryOptions = (page: number, status?: SubscriptionReportStatus) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'subscriptions', page, status ?? ''] as const,
    queryFn: ({ signal }) => getSubscriptionsReport(page, status, signal),
    placeholderData: keepPreviousData,
  });

export const useSubscriptionsReport = (page: number, status?: SubscriptionReportStatus) => useQuery(subscriptionsReportQueryOptions(page, status));
