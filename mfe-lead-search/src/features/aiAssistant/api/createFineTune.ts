import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { assistantKeys, type FineTune, type PromptType } from './types';

export interface CreateFineTuneInput {
  type: string;
  prompt_type: PromptType;
  title: string;
  prompt: string;
}

/** POST /api/business-details/fine-tunes: an extra prompt of the user. */
export const createFineTune = async (input: CreateFineTuneInput) =>
  (await apiClient.post<{ fine_tune: FineTune }>('/api/business-details/fine-tunes', input)).data.fine_tune;

export function useCreateFineTune() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createFineTune, onSuccess: (f) => void client.invalidateQueries({ queryKey: assistantKeys.prompts(f.list_type) }) });
}
