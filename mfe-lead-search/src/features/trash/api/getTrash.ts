import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiQuery, type ApiResponse } from '@leadsmith/shared';

export type TrashPage = ApiResponse<'/api/campaign-trash', 'get'>;
export type TrashedList = TrashPage['data'][number];
export type TrashQuery = NonNullable<ApiQuery<'/api/campaign-trash', 'get'>>;

export const trashKeys = {
  all: ['leadSearch', 'trash'] as const,
  list: (q: TrashQuery) => ['leadSearch', 'trash', 'list', q] as const,
};

/** GET /api/campaign-trash: deleted lists, most recently deleted first, each with the day it is purged. */
export const getTrash = (q: TrashQuery, signal?: AbortSignal): Promise<TrashPage> =>
  api.get('/api/campaign-trash', { query: q, config: { signal } });

export const trashQuery = (q: TrashQuery) =>
  queryOptions({
    queryKey: trashKeys.list(q),
    queryFn: ({ signal }) => getTrash(q, signal),
    placeholderData: keepPreviousData,
  });

export const useTrash = (q: TrashQuery) => useQuery(trashQuery(q));
