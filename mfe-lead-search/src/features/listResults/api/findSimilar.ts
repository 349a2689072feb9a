import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { resultKeys } from './getResults';
import { selectionPayload, type EnrichmentAnswer, type SelectionInput } from './selection';

/**
 * POST /api/{people,group}-results/{id}/find-similar: queues the look-up of people like the selected ones
 * (same role and seniority at similar companies); 2 credits per person found with a contact (spec §9 peopleFindSimilar).
 */
export const findSimilar = async (input: SelectionInput) =>
  (
    await apiClient.post<EnrichmentAnswer>(
      `/api/${input.type}-results/${input.id}/find-similar`,
      selectionPayload(input),
    )
  ).data;

export function useFindSimilar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: findSimilar,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: resultKeys.all });
      void client.invalidateQueries({ queryKey: ['leadSearch', 'user-limits'] });
    },
  });
}
