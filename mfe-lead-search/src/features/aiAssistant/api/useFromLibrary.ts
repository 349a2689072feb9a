import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { assistantKeys, type FineTune } from './types';

/** POST /api/business-details/use-fine-tunes-library/{id}: copies a library prompt into the user's prompts. */
export const useFromLibrary = async ({ id, source }: { id: number; source: 'builtin' | 'admin' }) =>
  (
    await apiClient.post<{ fine_tune: FineTune }>(`/api/business-details/use-fine-tunes-library/${id}`, undefined, {
      params: { source },
    })
  ).data.fine_tune;

export function useUseFromLibrary() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: useFromLibrary,
    onSuccess: () => void client.invalidateQueries({ queryKey: assistantKeys.all }),
  });
}
