import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { LeadResult, SearchType } from '../../../api/types';
import { resultKeys } from './getResults';

export type ManualEntryInput = Record<string, string | string[] | undefined>;

export const addManualResult = async ({
  type,
  id,
  values,
}: {
  type: SearchType;
  id: number;
  values: ManualEntryInput;
}) => (await apiClient.post<{ result: LeadResult }>(`/api/${type}-results/${id}/manual`, values)).data.result;

export function useAddManualResult() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addManualResult,
    onSuccess: () => client.invalidateQueries({ queryKey: resultKeys.all }),
  });
}
