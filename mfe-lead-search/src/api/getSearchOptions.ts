import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { SearchType } from './types';

export interface SearchOptions {
  types: SearchType[];
  filters_by_type: Record<SearchType, string[]>;
  cost_per_record: Record<SearchType, number>;
  max_count: number;
  influencer_lastposted_min: number;
  seniorities: string[];
  departments: string[];
  management_levels: string[];
  place_types: string[];
  technologies: string[];
  industries: string[];
  platforms: string[];
  account_types: string[];
  genders: string[];
  growth_intervals: string[];
  operators: string[];
  range_filters: string[];
  rate_filters: string[];
  /** The source serving each type; `demo_reason` is set when it is the demo generator (no real source configured). */
  providers: Record<SearchType, { id: string; demo: boolean; demo_reason: 'no_source' | null }>;
}

export const getSearchOptions = async (signal?: AbortSignal) => (await apiClient.get<SearchOptions>('/api/search-options', { signal })).data;

export const searchOptionsQuery = () => queryOptions({ queryKey: ['leadSearch', 'search-options'], queryFn: ({ signal }) => getSearchOptions(signal), staleTime: Infinity });

export const useSearchOptions = () => useQuery(searchOptionsQuery());
