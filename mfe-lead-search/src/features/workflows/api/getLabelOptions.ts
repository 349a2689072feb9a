import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@leadsmith/shared';

export interface LabelOption {
  id: number;
  name: string;
}

/** GET /api/custom-labels (first 100): the labels a label node can apply. */
export async function getLabelOptions(signal?: AbortSignal): Promise<LabelOption[]> {
  return (await api.get('/api/custom-labels', { query: { page: 1, pageSize: 100 }, config: { signal } })).data.map(
    ({ id, name }) => ({ id, name }),
  );
}

export const labelOptionsQuery = () =>
  queryOptions({
    queryKey: ['leadSearch', 'workflows', 'label-options'],
    queryFn: ({ signal }) => getLabelOptions(signal),
  });

export const useLabelOptions = () => useQuery(labelOptionsQuery());
