import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { resourcePath, trainingKeys, type LinkKind, type TrainingResource } from './training-resources';

export interface SaveTrainingItemArgs {
  id?: number;
  values: Record<string, unknown>;
}

/** POST (add) or PUT /{id} (edit) an item of a training collection. Errors are logged only (spec §8). */
export async function saveTrainingItem(
  resource: TrainingResource,
  { id, values }: SaveTrainingItemArgs,
): Promise<{ data: unknown }> {
  const path = resourcePath(resource);
  const response = id
    ? await apiClient.put(`${path}/${id}`, values, { silent: true })
    : await apiClient.post(path, values, { silent: true });
  return response.data as { data: unknown };
}

export function useSaveTrainingItem(resource: TrainingResource, kind?: LinkKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: SaveTrainingItemArgs) => saveTrainingItem(resource, args),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainingKeys.resource(resource, kind) }),
  });
}
