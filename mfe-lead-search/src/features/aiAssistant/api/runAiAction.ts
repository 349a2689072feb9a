import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { SelectionInput } from '../../listResults/api/selection';
import { selectionPayload } from '../../listResults/api/selection';
import { resultKeys } from '../../listResults/api/getResults';
import type { AiJobStarted } from './types';

/** POST /api/{type}-results/{id}/ai: runs prompts on the selection (a small one at once, a big one as a job). */
export const runAiAction = async (input: SelectionInput & { promptIds: number[] }) =>
  (
    await apiClient.post<AiJobStarted>(`/api/${input.type}-results/${input.id}/ai`, {
      ...selectionPayload(input),
      prompt_ids: input.promptIds,
    })
  ).data.job;

export function useRunAiAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runAiAction,
    onSuccess: () => void client.invalidateQueries({ queryKey: resultKeys.all }),
  });
}
