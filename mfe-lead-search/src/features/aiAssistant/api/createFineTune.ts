import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiBody, type ApiResponse } from '@leadsmith/shared';
import { assistantKeys } from './types';

export type CreateFineTuneInput = ApiBody<'/api/business-details/fine-tunes', 'post'>;

/** POST /api/business-details/fine-tunes: an extra prompt of the user. */
export const createFineTune = async (input: CreateFineTuneInput) =>
  (
    await apiClient.post<ApiResponse<'/api/business-details/fine-tunes', 'post'>>(
      '/api/business-details/fine-tunes',
      input,
    )
  ).data.fine_tune;

export function useCreateFineTune() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createFineTune,
    onSuccess: (f) => void client.invalidateQueries({ queryKey: assistantKeys.prompts(f.list_type) }),
  });
}
