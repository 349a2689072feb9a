import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { assistantKeys, type FineTune } from './types';

/** POST /api/business-details/fine-tunes/{id}/reset: a standard prompt back to its default. */
export const resetFineTune = async (id: number) =>
  (await apiClient.post<{ fine_tune: FineTune }>(`/api/business-details/fine-tunes/${id}/reset`)).data.fine_tune;

export function useResetFineTune() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetFineTune,
    onSuccess: (f) => void client.invalidateQueries({ queryKey: assistantKeys.prompts(f.list_type) }),
  });
}
