import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

export interface IntentTracking {
  campaign_id: number;
  key: string;
  collect_url: string;
  snippet: string;
  visits: { total: number; pending: number; last_at: string | null };
}

/** GET /api/intent-tracking/{id}: the intent list's tracking snippet and the visits it has recorded. */
export const getIntentTracking = async (id: number, signal?: AbortSignal) => (await apiClient.get<IntentTracking>(`/api/intent-tracking/${id}`, { signal })).data;

export const intentTrackingQuery = (id: number) =>
  queryOptions({ queryKey: ['leadSearch', 'intent-tracking', id], queryFn: ({ signal }) => getIntentTracking(id, signal), refetchInterval: 5000 });

export const useIntentTracking = (id: number) => useQuery(intentTrackingQuery(id));
