import type { ApiResponse } from '@leadsmith/shared';
import type { SearchType } from '../../../api/types';
import type { ResultFilters } from './getResults';

/** What a bulk action works on: the checked rows, or every row matching the list's filters across pages. */
export interface SelectionInput {
  type: SearchType;
  id: number;
  ids?: number[];
  allMatching?: { filters: Omit<ResultFilters, 'page' | 'limit'> };
}

export const selectionPayload = ({ ids, allMatching }: SelectionInput) =>
  allMatching ? { all_matching: true, filters: allMatching.filters } : { ids };

/** The answer of the paid enrichment actions (get phones, get employees, enrich): 202, the queued job; the list shows its progress. */
export type EnrichmentAnswer = ApiResponse<'/api/people-results/{id}/get-phones', 'post'>;
