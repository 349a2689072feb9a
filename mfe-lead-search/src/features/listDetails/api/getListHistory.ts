import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from '@leadsmith/shared';

export type ListHistoryPage = ApiResponse<'/api/campaign/{id}/history', 'post'>;
export type ListHistoryEntry = ListHistoryPage['data'][number];
export type HistoryKind = ListHistoryEntry['kind'];

export const HISTORY_KINDS: readonly HistoryKind[] = [
  'search',
  'enrichment',
  'import',
  'manual_entry',
  'export',
  'crm_send',
  'webhook_send',
  'ai',
  'bulk_delete',
  'label_change',
  'details_change',
];

/** The list filters of spec §3 a history takes (page, limit, dates) and the kinds to show. */
export interface ListHistoryFilters {
  page: number;
  limit: number;
  startDate?: string | null;
  endDate?: string | null;
  kinds?: HistoryKind[];
}

/** POST /api/campaign/{id}/history (spec §7, with the list filters). */
export const getListHistory = async (id: number, filters: ListHistoryFilters, signal?: AbortSignal) =>
  (await apiClient.post<ListHistoryPage>(`/api/campaign/${id}/history`, filters, { signal })).data;

export const listHistoryQuery = (id: number, filters: ListHistoryFilters) =>
  queryOptions({
    queryKey: ['leadSearch', 'campaigns', 'history', id, filters] as const,
    queryFn: ({ signal }) => getListHistory(id, filters, signal),
    placeholderData: keepPreviousData,
  });

export const useListHistory = (id: number, filters: ListHistoryFilters) => useQuery(listHistoryQuery(id, filters));
