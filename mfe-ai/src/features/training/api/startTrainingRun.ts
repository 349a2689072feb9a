import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { TrainingRun } from './getTraining';

export interface StartTrainingRunResponse {
  code: string;
  message: string;
  data: TrainingRun;
}

export async function startTrainingRun(): Promise<StartTrainingRunResponse> {
  return (await apiClient.post<StartTrainingRunResponse>('/api/ai/training-runs', {})).data;
}

/** Train / refresh: queues a run (202); the overview and the history reload and follow it until it ends. */
export function useStartTrainingRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTrainingRun,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['ai', 'training'] }), queryClient.invalidateQueries({ queryKey: ['ai', 'training-runs'] })]),
  });
}
