import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, DEFAULT_PAGE_SIZE, type ApiResponse } from '@leadsmith/shared';

export type ReferralsReport = ApiResponse<'/api/admin/reports/user-referrals', 'get'>;

export const getReferralsReport = (page: number, signal?: AbortSignal): Promise<ReferralsReport> =>
  api.get('/api/admin/reports/user-referrals', { query: { page, pageSize: DEFAULT_PAGE_SIZE }, config: { signal } });

export const referralsReportQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'user-referrals', page] as const,
    queryFn: ({ signal }) => getReferralsReport(page, signal),
    placeholderData: keepPreviousData,
  });

export const useReferralsReport = (page: number) => useQuery(referralsReportQueryOptions(page));
