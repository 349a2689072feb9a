import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, DEFAULT_PAGE_SIZE, type ApiResponse } from '@leadsmith/shared';

export type SearcherDays = 7 | 30 | 90 | 365;

export type Searcher = ApiResponse<'/api/admin/searchers', 'get'>['data'][number];

export const listSearchers = (query: { page: number; days: SearcherDays; search?: string }, signal?: AbortSignal) =>
  api.get('/api/admin/searchers', {
    query: {
      page: query.page,
      pageSize: DEFAULT_PAGE_SIZE,
      days: query.days,
      ...(query.search ? { search: query.search } : {}),
    },
    config: { signal },
  });

export const searchersQueryOptions = (query: { page: number; days: SearcherDays; search?: string }) =>
  queryOptions({
    queryKey: ['admin', 'searchers', query] as const,
    queryFn: ({ signal }) => listSearchers(query, signal),
    placeholderData: keepPreviousData,
  });

export const useSearchers = (query: { page: number; days: SearcherDays; search?: string }) =>
  useQuery(searchersQueryOptions(query));
