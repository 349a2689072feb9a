import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { SearchType } from '../../../api/types';
import type { Undoable } from '../../../api/undoOperation';
import { resultKeys, type ResultFilters } from './getResults';

export interface DeleteResultsInput {
  type: SearchType;
  id: number;
  /** Either ids of the selected rows, or every row matching the filters across pages. */
  ids?: number[];
  allMatching?: { filters: Omit<ResultFilters, 'page' | 'limit'> };
}

/** Deletes results; selected ones can be undone for a while (undo_id): the caller shows the answer with showUndoToast, so the client does not toast it. */
export const deleteResults = async ({ type, id, ids, allMatching }: DeleteResultsInput) =>
  (
    await apiClient.post<Undoable & { deleted: number }>(
      `/api/${type}-results/${id}/delete`,
      allMatching ? { all_matching: true, filters: allMatching.filters } : { ids },
      { ownToast: true },
    )
  ).data;

export function useDeleteResults() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteResults,
    onSuccess: () => client.invalidateQueries({ queryKey: resultKeys.all }),
  });
}
