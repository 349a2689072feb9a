import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { resourcePath, trainingKeys, type LinkKind, type TrainingResource } from './training-resources';

/** DELETE /{id} of a training collection. Errors are logged only (spec §8). */
export async function deleteTrainingItem(resource: TrainingResource, id: number): Promise<void> {
  await apiClient.delete(`${resourcePath(resource)}/${id}`, { silent: true });
}

export function useDeleteTrainingItem(resource: TrainingResource, kind?: LinkKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteTrainingItem(resource, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainingKeys.resource(resource, kind) }),
  });
}
