import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { resultKeys } from './getResults';
import { selectionPayload, type EnrichmentAnswer, type SelectionInput } from './selection';

/** POST /api/{local,company,domain}-results/{id}/get-employees: 2 credits per employee found with a contact (spec §9). */
export const getEmployees = async (input: SelectionInput) =>
  (
    await apiClient.post<EnrichmentAnswer>(
      `/api/${input.type}-results/${input.id}/get-employees`,
      selectionPayload(input),
    )
  ).data;

export function useGetEmployees() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: getEmployees,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: resultKeys.all });
      void client.invalidateQueries({ queryKey: ['leadSearch', 'user-limits'] });
    },
  });
}
