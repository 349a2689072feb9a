import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from '@leadsmith/shared';

export type BounceReports = ApiResponse<'/api/bounce-reports', 'get'>;

export const bounceReportKeys = { all: ['leadSearch', 'bounceReports'] as const };

/** GET /api/bounce-reports: where a CRM or webhook receiver reports bounces, and the latest reports. */
export async function getBounceReports(signal?: AbortSignal): Promise<BounceReports> {
  return (await apiClient.get<BounceReports>('/api/bounce-reports', { signal })).data;
}

export const bounceReportsQuery = () =>
  queryOptions({ queryKey: bounceReportKeys.all, queryFn: ({ signal }) => getBounceReports(signal) });
export const useBounceReports = () => useQuery(bounceReportsQuery());

/** POST /api/bounce-reports/regenerate: a new address; the old one stops working. */
export async function regenerateBounceAddress() {
  return (
    await apiClient.post<ApiResponse<'/api/bounce-reports/regenerate', 'post'>>('/api/bounce-reports/regenerate', {})
  ).data;
}

export const useRegenerateBounceAddress = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: regenerateBounceAddress,
    onSuccess: (data) => client.setQueryData(bounceReportKeys.all, { url: data.url, recent: data.recent }),
  });
};
