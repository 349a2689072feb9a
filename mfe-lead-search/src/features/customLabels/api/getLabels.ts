import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiQuery, type ApiResponse } from '@leadsmith/shared';

export { LABEL_COLORS, type LabelColor } from '@leadsmith/shared';

/** `result_count`: results of the account carrying the label (counted up to the page's `count_cap`). */
export type LabelsPage = ApiResponse<'/api/custom-labels', 'get'>;
export type CustomLabel = LabelsPage['data'][number];
export type LabelsQuery = NonNullable<ApiQuery<'/api/custom-labels', 'get'>>;

export const labelKeys = {
  all: ['leadSearch', 'customLabels'] as const,
  list: (q: LabelsQuery) => ['leadSearch', 'customLabels', 'list', q] as const,
  results: (id: number, page: number) => ['leadSearch', 'customLabels', 'results', id, page] as const,
};

/** GET /api/custom-labels: the account's label catalogue, paginated. */
export async function getLabels(q: LabelsQuery, signal?: AbortSignal): Promise<LabelsPage> {
  const params = Object.fromEntries(Object.entries(q).filter(([, value]) => value !== undefined && value !== ''));
  return api.get('/api/custom-labels', { query: params, config: { signal } });
}

export const labelsQuery = (q: LabelsQuery) =>
  queryOptions({
    queryKey: labelKeys.list(q),
    queryFn: ({ signal }) => getLabels(q, signal),
    placeholderData: keepPreviousData,
  });

export const useLabels = (q: LabelsQuery) => useQuery(labelsQuery(q));
