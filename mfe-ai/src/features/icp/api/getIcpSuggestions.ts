import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

export type IcpSuggestionsPage = ApiResponse<'/api/ai/icp-suggestions', 'get'>;
/** Lead-search filter names in `filters` (job_title, departments, seniority, management_levels, industry, employees_min/max, categories). */
export type IcpSuggestion = IcpSuggestionsPage['data'][number];
export type IcpSearchType = IcpSuggestion['search_type'];

export const SUGGESTIONS_PAGE_SIZE = 10;

export const getIcpSuggestions = (page: number): Promise<IcpSuggestionsPage> =>
  api.get('/api/ai/icp-suggestions', { query: { page, pageSize: SUGGESTIONS_PAGE_SIZE } });

export const icpSuggestionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['ai', 'icp-suggestions', page],
    queryFn: () => getIcpSuggestions(page),
    placeholderData: keepPreviousData,
  });

export const useIcpSuggestions = (page: number) => useQuery(icpSuggestionsQueryOptions(page));

/** The new-search URL parameters lead search reads to prefill its form (type, location and each filter). */
export function newSearchParams(
  suggestion: Pick<IcpSuggestion, 'search_type' | 'location' | 'filters'>,
): URLSearchParams {
  const params = new URLSearchParams({ type: suggestion.search_type });
  if (suggestion.location) params.set('location', suggestion.location);
  for (const [key, value] of Object.entries(suggestion.filters)) {
    if (Array.isArray(value)) value.forEach((item) => params.append(key, item));
    else params.set(key, String(value));
  }
  return params;
}
