import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { assistantKeys, type FineTune } from './types';

export interface UpdateFineTuneInput {
  id: number;
  title?: string;
  prompt?: string;
}

/** PUT /api/business-details/fine-tunes/{id}: edits a prompt (a standard one becomes "customised"). */
export const updateFineTune = async ({ id, ...body }: UpdateFineTuneInput) =>
  (await apiClient.put<{ fine_tune: FineTune }>(`/api/business-details/fine-tunes/${id}`, body)).data.fine_tune;

export function useUpdateFineTune() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateFineTune, onSuccess: (f) => void client.invalidateQueries({ queryKey: assistantKeys.prompts(f.list_type) }) });
}
