import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody, type ApiResponse } from '@leadsmith/shared';

/** A saved search as the API answers it (generated from its schema). */
export type SavedSearch = ApiResponse<'/api/saved-searches/{id}', 'get'>;
export type SaveSearchInput = ApiBody<'/api/saved-searches', 'post'>;
export const SAVED_SEARCH_ALERTS = ['off', 'daily', 'weekly'] as const;
export type SavedSearchAlert = (typeof SAVED_SEARCH_ALERTS)[number];

/** Query keys of saved searches and their alerts (the new-search screen saves; the saved-searches screen lists). */
export const savedSearchKeys = {
  all: ['leadSearch', 'saved-searches'] as const,
  list: (page: number) => ['leadSearch', 'saved-searches', 'list', page] as const,
  alerts: (page: number) => ['leadSearch', 'saved-searches', 'alerts', page] as const,
};

/** POST /api/saved-searches: keeps a search's type, filters, location, list and count under a name. */
export async function saveSearch(input: SaveSearchInput): Promise<SavedSearch> {
  return (await api.post('/api/saved-searches', { body: input })).saved_search;
}

export function useSaveSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSearch,
    onSuccess: () => client.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
