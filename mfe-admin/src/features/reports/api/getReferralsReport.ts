import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, DEFAULT_PAGE_SIZE } from '@leadsmith/shared';
import type { PageOf } from '../../audit/api/listAuditLog';

export interface ReferralsReport extends PageOf<{ partner_id: number; name: string; referral_code: string; active_users: number; deleted_users: number }> {
  unattributed: number;
}

export async function getReferralsReport(page: number, signal?: AbortSignal): Promise<ReferralsReport> {
  const { data } = await apiClient.get<ReferralsReport>('/api/admin/reports/user-referrals', { params: { page, page_size: DEFAULT_PAGE_SIZE }, signal });
  return data;
}

export const referralsReportQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['admin', 'reports', 'user-referrals', page] as const, queryFn: ({ signal }) => getReferralsReport(page, signal), placeholderData: keepPreviousData });

export const useReferralsReport = (page: number) => useQuery(referralsReportQueryOptions(page));
