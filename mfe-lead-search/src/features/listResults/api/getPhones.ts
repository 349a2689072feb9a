import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { SearchType } from '../../../api/types';
import { resultKeys, type ResultFilters } from './getResults';
import type { EnrichmentAnswer } from './selection';

export interface GetPhonesInput {
  type: SearchType;
  id: number;
  ids?: number[];
  allMatching?: { filters: Omit<ResultFilters, 'page' | 'limit'> };
}

/** POST /api/{type}-results/{id}/get-phones: queues the look-up (202); 1 credit per phone found (spec §9 peoplePhoneEnrich). */
export const getPhones = async ({ type, id, ids, allMatching }: GetPhonesInput) =>
  (
    await apiClient.post<EnrichmentAnswer>(
      `/api/${type}-results/${id}/get-phones`,
      allMatching ? { all_matching: true, filters: allMatching.filters } : { ids },
    )
  ).data;

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
