import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { Campaign, LeadResult, Page, SearchType } from '../../../api/types';

/** Spec §3 list query filters (defaults in DEFAULT_LIST_FILTERS). */
export interface ResultFilters {
  limit: number;
  page: number;
  search: string;
  search_type: 'contain' | 'exact' | 'start';
  sent: number;
  withEmail: number;
}

export interface ResultsPage extends Page<LeadResult> {
  total_capped: boolean;
  campaign: Campaign;
}

export const resultKeys = {
  all: ['leadSearch', 'results'] as const,
  list: (type: SearchType, id: number, filters: ResultFilters) => ['leadSearch', 'results', type, id, filters] as const,
  one: (type: SearchType, id: number, resultId: number) => ['leadSearch', 'results', type, id, 'one', resultId] as const,
};

export const getResults = async (type: SearchType, id: number, filters: ResultFilters, signal?: AbortSignal) =>
  (await apiClient.post<ResultsPage>(`/api/${type}-results/${id}`, filters, { signal })).data;

/** While the list's search runs (or a result is still looking), poll so results arrive live. */
export const resultsQuery = (type: SearchType, id: number, filters: ResultFilters) =>
  queryOptions({
    queryKey: resultKeys.list(type, id, filters),
    queryFn: ({ signal }) => getResults(type, id, filters, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      const running = data.campaign.job?.status === 'running' || data.data.some((r) => r.email_status === 'looking');
      return running ? 1000 : false;
    },
  });

export const useResults = (type: SearchType, id: number, filters: ResultFilters) => useQuery(resultsQuery(type, id, filters));
