import type { SearchType } from '../../../api/types';
import type { ResultFilters } from './getResults';

/** What a bulk action works on: the checked rows, or every row matching the list's filters across pages. */
export interface SelectionInput {
  type: SearchType;
  id: number;
  ids?: number[];
  allMatching?: { filters: Omit<ResultFilters, 'page' | 'limit'> };
}

export const selectionPayload = ({ ids, allMatching }: SelectionInput) => (allMatching ? { all_matching: true, filters: allMatching.filters } : { ids });

/** The answer of the paid enrichment actions (get phones, get employees, enrich). */
export interface EnrichmentAnswer {
  checked: number;
  found: number;
  credits_charged: number;
  stopped_no_credits: boolean;
}
