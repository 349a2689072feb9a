import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { SearchType } from '../../../api/types';
import { resultKeys, type ResultFilters } from './getResults';

export interface DeleteResultsInput {
  type: SearchType;
  id: number;
  /** Either ids of the selected rows, or every row matching the filters across pages. */
  ids?: number[];
  allMatching?: { filters: Omit<ResultFilters, 'page' | 'limit'> };
}

export const deleteResults = async ({ type, id, ids, allMatching }: DeleteResultsInput) =>
  (await apiClient.post<{ deleted: number }>(`/api/${type}-results/${id}/delete`, allMatching ? { all_matching: true, filters: allMatching.filters } : { ids })).data;

export function useDeleteResults() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteResults, onSuccess: () => client.invalidateQueries({ queryKey: resultKeys.all }) });
}
