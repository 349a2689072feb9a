import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, DEFAULT_PAGE_SIZE } from '@leadsmith/shared';
import type { PageOf } from '../../audit/api/listAuditLog';

export type SearcherDays = 7 | 30 | 90 | 365;

export interface Searcher {
  id: number;
  name: string;
  email: string;
  searches: number;
  credits_used: number;
  last_search_at: string;
  deleted: boolean;
}

export async function listSearchers(query: { page: number; days: SearcherDays; search?: string }, signal?: AbortSignal): Promise<PageOf<Searcher>> {
  const { data } = await apiClient.get<PageOf<Searcher>>('/api/admin/searchers', {
    params: { page: query.page, page_size: DEFAULT_PAGE_SIZE, days: query.days, ...(query.search ? { search: query.search } : {}) },
    signal,
  });
  return data;
}

export const searchersQueryOptions = (query: { page: number; days: SearcherDays; search?: string }) =>
  queryOptions({ queryKey: ['admin', 'searchers', query] as const, queryFn: ({ signal }) => listSearchers(query, signal), placeholderData: keepPreviousData });

export const useSearchers = (query: { page: number; days: SearcherDays; search?: string }) => useQuery(searchersQueryOptions(query));
