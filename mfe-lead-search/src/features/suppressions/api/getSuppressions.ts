import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiQuery, type ApiResponse } from '@leadsmith/shared';

export type SuppressionsPage = ApiResponse<'/api/suppressions', 'get'>;
export type Suppression = SuppressionsPage['data'][number];
export type SuppressionsQuery = NonNullable<ApiQuery<'/api/suppressions', 'get'>>;

export const suppressionKeys = {
  all: ['leadSearch', 'suppressions'] as const,
  list: (q: SuppressionsQuery) => ['leadSearch', 'suppressions', 'list', q] as const,
};

/** GET /api/suppressions: the account's do-not-contact entries, newest first. */
export async function getSuppressions(q: SuppressionsQuery, signal?: AbortSignal): Promise<SuppressionsPage> {
  const params = Object.fromEntries(Object.entries(q).filter(([, value]) => value !== undefined && value !== ''));
  return api.get('/api/suppressions', { query: params, config: { signal } });
}

export const suppressionsQuery = (q: SuppressionsQuery) =>
  queryOptions({
    queryKey: suppressionKeys.list(q),
    queryFn: ({ signal }) => getSuppressions(q, signal),
    placeholderData: keepPreviousData,
  });

export const useSuppressions = (q: SuppressionsQuery) => useQuery(suppressionsQuery(q));
