import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { resultKeys } from './getResults';
import { selectionPayload, type EnrichmentAnswer, type SelectionInput } from './selection';

/** POST /api/influencer-results/{id}/enrich: 5 credits per creator that returns a contact (spec §9). */
export const enrichInfluencers = async (input: SelectionInput) =>
  (await apiClient.post<EnrichmentAnswer>(`/api/influencer-results/${input.id}/enrich`, selectionPayload(input))).data;

export function useEnrichInfluencers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: enrichInfluencers,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: resultKeys.all });
      void client.invalidateQueries({ queryKey: ['leadSearch', 'user-limits'] });
    },
  });
}
