import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@leadsmith/shared';
import { campaignKeys } from '../../../api/getCampaigns';
import { savedSearchKeys, type SavedSearch } from '../../../api/saveSearch';

/** POST /api/saved-searches/{id}/run: the search again, adding only leads the account does not hold yet. */
export async function runSavedSearch(id: number): Promise<SavedSearch> {
  return (await api.post('/api/saved-searches/{id}/run', { path: { id } })).saved_search;
}

export function useRunSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runSavedSearch,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: savedSearchKeys.all });
      void client.invalidateQueries({ queryKey: campaignKeys.all });
      void client.invalidateQueries({ queryKey: ['leadSearch', 'user-limits'] });
    },
  });
}
