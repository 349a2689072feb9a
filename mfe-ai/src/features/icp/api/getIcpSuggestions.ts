import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

export type IcpSearchType = 'people' | 'company' | 'local';

export interface IcpSuggestion {
  id: number;
  position: number;
  title: string;
  description: string;
  search_type: IcpSearchType;
  location: string;
  /** Lead-search filter names (job_title, departments, seniority, management_levels, industry, employees_min/max, categories). */
  filters: Record<string, string | number | string[]>;
  provider: string;
  language: string;
  created_at: string;
}

export interface IcpSuggestionsPage {
  data: IcpSuggestion[];
  currentPage: number;
  pageSize: number;
  total: number;
}

export const SUGGESTIONS_PAGE_SIZE = 10;

export async function getIcpSuggestions(page: number): Promise<IcpSuggestionsPage> {
  return (await apiClient.get<IcpSuggestionsPage>('/api/ai/icp-suggestions', { params: { page, pageSize: SUGGESTIONS_PAGE_SIZE } })).data;
}

export const icpSuggestionsQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['ai', 'icp-suggestions', page], queryFn: () => getIcpSuggestions(page), placeholderData: keepPreviousData });

export const useIcpSuggestions = (page: number) => useQuery(icpSuggestionsQueryOptions(page));

/** The new-search URL parameters lead search reads to prefill its form (type, location and each filter). */
export function newSearchParams(suggestion: Pick<IcpSuggestion, 'search_type' | 'location' | 'filters'>): URLSearchParams {
  const params = new URLSearchParams({ type: suggestion.search_type });
  if (suggestion.location) params.set('location', suggestion.location);
  for (const [key, value] of Object.entries(suggestion.filters)) {
    if (Array.isArray(value)) value.forEach((item) => params.append(key, item));
    else params.set(key, String(value));
  }
  return params;
}
