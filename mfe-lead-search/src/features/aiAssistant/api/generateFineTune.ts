import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { PromptType } from './types';

/** POST /api/business-details/generateFineTune: a prompt written from the business profile (not saved). */
export const generateFineTune = async (input: { type: string; prompt_type: PromptType }) =>
  (await apiClient.post<{ prompt: string; provider: string }>('/api/business-details/generateFineTune', input)).data;

export const useGenerateFineTune = () => useMutation({ mutationFn: generateFineTune });
