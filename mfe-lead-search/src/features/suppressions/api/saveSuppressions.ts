import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from '@leadsmith/shared';

export type SuppressionImport = ApiResponse<'/api/suppressions/import', 'post'>;

/** POST /api/suppressions: one email or whole domain. */
export async function addSuppression(body: { value: string; reason?: string }) {
  return (await apiClient.post<ApiResponse<'/api/suppressions', 'post'>>('/api/suppressions', body)).data;
}

/** POST /api/suppressions/import: the emails and domains of a CSV file (its text). */
export async function importSuppressions(body: { csv: string; reason?: string }): Promise<SuppressionImport> {
  return (await apiClient.post<SuppressionImport>('/api/suppressions/import', body)).data;
}

/** DELETE /api/suppressions/{id}. */
export async function deleteSuppression(id: number) {
  return (await apiClient.delete(`/api/suppressions/${id}`)).data;
}

/** Every change invalidates the list and the lead-search results (their "do not contact" marks). */
function useSuppressionMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: ['leadSearch'] }) });
}

export const useAddSuppression = () => useSuppressionMutation(addSuppression);
export const useImportSuppressions = () => useSuppressionMutation(importSuppressions);
export const useDeleteSuppression = () => useSuppressionMutation(deleteSuppression);
