import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { SearchType } from '../../../api/types';
import { resultKeys, type ResultFilters } from './getResults';

export interface GetPhonesInput {
  type: SearchType;
  id: number;
  ids?: number[];
  allMatching?: { filters: Omit<ResultFilters, 'page' | 'limit'> };
}

export interface GetPhonesAnswer {
  checked: number;
  found: number;
  credits_charged: number;
  stopped_no_credits: boolean;
}

/** POST /api/{type}-results/{id}/get-phones: 1 credit per phone found (spec §9 peoplePhoneEnrich). */
export const getPhones = async ({ type, id, ids, allMatching }: GetPhonesInput) =>
  (await apiClient.post<GetPhonesAnswer>(`/api/${type}-results/${id}/get-phones`, allMatching ? { all_matching: true, filters: allMatching.filters } : { ids })).data;

export function useGetPhones() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: getPhones,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: resultKeys.all });
      void client.invalidateQueries({ queryKey: ['leadSearch', 'user-limits'] });
    },
  });
}
