import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';
import type { EmailStatus, SearchType } from '../../../api/types';
import { labelKeys } from './getLabels';

export type LabelResultsPage = ApiResponse<'/api/custom-labels/{id}/results', 'get'>;
/** A result row of any list; `email_status` and `list_type` are the lead search's own unions. */
export type LabelledResult = Omit<LabelResultsPage['data'][number], 'email_status' | 'list_type'> & {
  email_status: EmailStatus;
  list_type: SearchType;
};

/** GET /api/custom-labels/{id}/results: results of every list carrying the label. */
export async function getLabelResults(id: number, page: number, signal?: AbortSignal): Promise<LabelResultsPage> {
  return api.get('/api/custom-labels/{id}/results', {
    path: { id },
    query: { page, pageSize: 20 },
    config: { signal },
  });
}

export const labelResultsQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: labelKeys.results(id, page),
    queryFn: ({ signal }) => getLabelResults(id, page, signal),
    placeholderData: keepPreviousData,
  });

export const useLabelResults = (id: number | null, page: number) =>
  useQuery({ ...labelResultsQuery(id ?? 0, page), enabled: id !== null });
