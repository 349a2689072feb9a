import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { LeadResult, SearchType } from '../../../api/types';
import { resultKeys } from './getResults';

export const getResult = async (type: SearchType, id: number, resultId: number, signal?: AbortSignal) =>
  (await apiClient.get<LeadResult>(`/api/${type}-results/${id}/${resultId}`, { signal })).data;

export const resultQuery = (type: SearchType, id: number, resultId: number) =>
  queryOptions({
    queryKey: resultKeys.one(type, id, resultId),
    queryFn: ({ signal }) => getResult(type, id, resultId, signal),
    enabled: id > 0 && resultId > 0,
  });

export const useResult = (type: SearchType, id: number, resultId: number) => useQuery(resultQuery(type, id, resultId));
