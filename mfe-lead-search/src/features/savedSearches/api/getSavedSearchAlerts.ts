import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, DEFAULT_PAGE_SIZE, type ApiResponse } from '@leadsmith/shared';
import { savedSearchKeys } from '../../../api/saveSearch';

export type SavedSearchAlertPage = ApiResponse<'/api/saved-search-alerts', 'get'>;
export type SavedSearchAlertItem = SavedSearchAlertPage['data'][number];

/** GET /api/saved-search-alerts: the alerts that found new leads, newest first. */
export const getSavedSearchAlerts = (page: number, signal?: AbortSignal): Promise<SavedSearchAlertPage> =>
  api.get('/api/saved-search-alerts', { query: { page, pageSize: DEFAULT_PAGE_SIZE }, config: { signal } });

export const savedSearchAlertsQuery = (page: number) =>
  queryOptions({
    queryKey: savedSearchKeys.alerts(page),
    queryFn: ({ signal }) => getSavedSearchAlerts(page, signal),
    refetchInterval: 30_000,
  });

export const useSavedSearchAlerts = (page = 1) => useQuery(savedSearchAlertsQuery(page));
