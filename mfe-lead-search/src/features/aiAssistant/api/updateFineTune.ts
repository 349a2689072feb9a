import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiBody, type ApiResponse } from '@leadsmith/shared';
import { assistantKeys } from './types';

export type UpdateFineTuneInput = { id: number } & ApiBody<'/api/business-details/fine-tunes/{id}', 'put'>;

/** PUT /api/business-details/fine-tunes/{id}: edits a prompt (a standard one becomes "customised"). */
export const updateFineTune = async ({ id, ...body }: UpdateFineTuneInput) =>
  (
    await apiClient.put<ApiResponse<'/api/business-details/fine-tunes/{id}', 'put'>>(
      `/api/business-details/fine-tunes/${id}`,
      body,
    )
  ).data.fine_tune;

export function useUpdateFineTune() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateFineTune,
    onSuccess: (f) => void client.invalidateQueries({ queryKey: assistantKeys.prompts(f.list_type) }),
  });
}
