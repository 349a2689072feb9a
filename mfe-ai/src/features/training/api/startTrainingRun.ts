import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

export type StartTrainingRunResponse = ApiResponse<'/api/ai/training-runs', 'post'>;

export async function startTrainingRun(): Promise<StartTrainingRunResponse> {
  return api.post('/api/ai/training-runs', { body: {} });
}

/** Train / refresh: queues a run (202); the overview and the history reload and follow it until it ends. */
export function useStartTrainingRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTrainingRun,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['ai', 'training'] }),
        queryClient.invalidateQueries({ queryKey: ['ai', 'training-runs'] }),
      ]),
  });
}
