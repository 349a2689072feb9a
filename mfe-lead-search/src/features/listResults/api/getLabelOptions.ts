import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@leadsmith/shared';

export interface LabelOption {
  id: number;
  name: string;
}

/** Most labels offered in a list's label filter (the catalogue screen pages through the rest). */
export const LABEL_OPTIONS_LIMIT = 100;

/**
 * Under the custom-labels keys, so renaming or deleting a label refreshes the filter too; `catalogue` is
 * every custom-labels query (the Custom labels page's included).
 */
export const labelOptionKeys = {
  catalogue: ['leadSearch', 'customLabels'] as const,
  all: ['leadSearch', 'customLabels', 'options'] as const,
};

/** GET /api/custom-labels: the account's labels, suggested in the list's label filter. */
export async function getLabelOptions(signal?: AbortSignal): Promise<LabelOption[]> {
  const page = await api.get('/api/custom-labels', {
    query: { page: 1, pageSize: LABEL_OPTIONS_LIMIT },
    config: { signal },
  });
  return page.data.map(({ id, name }) => ({ id, name }));
}

export const labelOptionsQuery = () =>
  queryOptions({ queryKey: labelOptionKeys.all, queryFn: ({ signal }) => getLabelOptions(signal), staleTime: 30_000 });

export const useLabelOptions = () => useQuery(labelOptionsQuery());
