import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, GLOBAL_SEARCH } from '@leadsmith/shared/core';

export type GlobalSearchPage = Awaited<ReturnType<typeof getGlobalSearch>>;

/** GET /api/global-search: one page of each section (lists, results) of the account's matches. */
export function getGlobalSearch(q: string, page: number, signal?: AbortSignal) {
  return api.get('/api/global-search', {
    query: { q, page, pageSize: GLOBAL_SEARCH.pageSize },
    config: { signal, silent: true },
  });
}

const globalSearchKeys = { of: (token: string | null, q: string) => ['shell', 'global-search', token, q] as const };

/** Pages follow while either section has more; the next page brings the next few of both. */
export const globalSearchQueryOptions = (token: string | null, q: string, enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: globalSearchKeys.of(token, q),
    queryFn: ({ pageParam, signal }) => getGlobalSearch(q, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: GlobalSearchPage) => {
      const seen = last.currentPage * last.pageSize;
      return seen < last.lists.total || seen < last.results.total ? last.currentPage + 1 : undefined;
    },
    enabled: enabled && token !== null && q.length >= GLOBAL_SEARCH.minLength,
    staleTime: 30_000,
    retry: false,
  });
