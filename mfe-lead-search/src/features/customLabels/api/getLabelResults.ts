import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { EmailStatus, SearchType } from '../../../api/types';
import { labelKeys, type CustomLabel } from './getLabels';

export interface LabelledResult {
  id: number;
  name: string;
  company: string | null;
  email: string | null;
  email_status: EmailStatus;
  labels: string[];
  campaign_id: number;
  campaign_name: string;
  list_type: SearchType;
}

export interface LabelResultsPage {
  data: LabelledResult[];
  page: number;
  limit: number;
  total: number;
  total_capped: boolean;
  label: CustomLabel;
}

/** GET /api/custom-labels/{id}/results: results of every list carrying the label. */
export async function getLabelResults(id: number, page: number, signal?: AbortSignal): Promise<LabelResultsPage> {
  return (await apiClient.get<LabelResultsPage>(`/api/custom-labels/${id}/results`, { params: { page, limit: 20 }, signal })).data;
}

export const labelResultsQuery = (id: number, page: number) =>
  queryOptions({ queryKey: labelKeys.results(id, page), queryFn: ({ signal }) => getLabelResults(id, page, signal), placeholderData: keepPreviousData });

export const useLabelResults = (id: number | null, page: number) => useQuery({ ...labelResultsQuery(id ?? 0, page), enabled: id !== null });
