import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

export interface LabelOption {
  id: number;
  name: string;
}

/** GET /api/custom-labels (first 100): the labels a label node can apply. */
export async function getLabelOptions(signal?: AbortSignal): Promise<LabelOption[]> {
  return (await apiClient.get<{ data: LabelOption[] }>('/api/custom-labels', { params: { page: 1, limit: 100 }, signal })).data.data;
}

export const labelOptionsQuery = () => queryOptions({ queryKey: ['leadSearch', 'workflows', 'label-options'], queryFn: ({ signal }) => getLabelOptions(signal) });

export const useLabelOptions = () => useQuery(labelOptionsQuery());
