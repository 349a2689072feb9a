import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

/** Option lists, costs and the source of every search type: the API's answer, generated from its schema. */
export type SearchOptions = ApiResponse<'/api/search-options', 'get'>;

export const getSearchOptions = (signal?: AbortSignal): Promise<SearchOptions> =>
  api.get('/api/search-options', { config: { signal } });

export const searchOptionsQuery = () =>
  queryOptions({
    queryKey: ['leadSearch', 'search-options'],
    queryFn: ({ signal }) => getSearchOptions(signal),
    staleTime: Infinity,
  });

export const useSearchOptions = () => useQuery(searchOptionsQuery());
