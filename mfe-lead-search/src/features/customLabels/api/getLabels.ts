import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

export const LABEL_COLORS = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink'] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];

export interface CustomLabel {
  id: number;
  name: string;
  color: LabelColor;
  /** Results of the account carrying the label (counted up to `count_cap`). */
  result_count: number;
  created_at: string;
}

export interface LabelsPage {
  data: CustomLabel[];
  page: number;
  limit: number;
  total: number;
  count_cap: number;
}

export interface LabelsQuery {
  page?: number;
  limit?: number;
  search?: string;
}

export const labelKeys = {
  all: ['leadSearch', 'customLabels'] as const,
  list: (q: LabelsQuery) => ['leadSearch', 'customLabels', 'list', q] as const,
  results: (id: number, page: number) => ['leadSearch', 'customLabels', 'results', id, page] as const,
};

/** GET /api/custom-labels: the account's label catalogue, paginated. */
export async function getLabels(q: LabelsQuery, signal?: AbortSignal): Promise<LabelsPage> {
  const params = Object.fromEntries(Object.entries(q).filter(([, value]) => value !== undefined && value !== ''));
  return (await apiClient.get<LabelsPage>('/api/custom-labels', { params, signal })).data;
}

export const labelsQuery = (q: LabelsQuery) => queryOptions({ queryKey: labelKeys.list(q), queryFn: ({ signal }) => getLabels(q, signal), placeholderData: keepPreviousData });

export const useLabels = (q: LabelsQuery) => useQuery(labelsQuery(q));
