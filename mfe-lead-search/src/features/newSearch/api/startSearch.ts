import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiBody, type ApiResponse } from '@leadsmith/shared';
import { campaignKeys } from '../../../api/getCampaigns';

/** `duplicates`: contacts the owner already holds in another list are kept (marked duplicate, never charged twice) or left out. */
export type StartSearchInput = ApiBody<'/api/searches', 'post'>;

/** The filters are checked per search type by the API (checkFilters), so the form sends them as it holds them. */
export const startSearch = async (input: StartSearchInput) =>
  (await apiClient.post<ApiResponse<'/api/searches', 'post'>>('/api/searches', input)).data;

export function useStartSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startSearch,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: campaignKeys.all });
      void client.invalidateQueries({ queryKey: ['leadSearch', 'user-limits'] });
    },
  });
}
