import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, DEFAULT_PAGE_SIZE, type ApiResponse } from '@leadsmith/shared';
import { savedSearchKeys } from '../../../api/saveSearch';

export type SavedSearchPage = ApiResponse<'/api/saved-searches', 'get'>;

/** GET /api/saved-searches: the account's saved searches, newest first, with the count of alerts not seen. */
export const getSavedSearches = (page: number, signal?: AbortSignal): Promise<SavedSearchPage> =>
  api.get('/api/saved-searches', { query: { page, pageSize: DEFAULT_PAGE_SIZE }, config: { signal } });

export const savedSearchesQuery = (page: number) =>
  queryOptions({
    queryKey: savedSearchKeys.list(page),
    queryFn: ({ signal }) => getSavedSearches(page, signal),
    placeholderData: keepPreviousData,
    // A run in progress: its new leads appear when it ends.
    refetchInterval: (query) => (query.state.data?.data.some((s) => s.last_run?.status === 'running') ? 2000 : false),
  });

export const useSavedSearches = (page: number) => useQuery(savedSearchesQuery(page));
