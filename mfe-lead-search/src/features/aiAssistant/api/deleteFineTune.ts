import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { assistantKeys } from './types';

/** DELETE /api/business-details/fine-tunes/{id}: deletes an extra prompt. */
export const deleteFineTune = async (id: number) =>
  (await apiClient.delete<{ reset: boolean }>(`/api/business-details/fine-tunes/${id}`)).data;

export function useDeleteFineTune() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteFineTune,
    onSuccess: () => void client.invalidateQueries({ queryKey: [...assistantKeys.all, 'prompts'] }),
  });
}
