import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

export type IntentTracking = ApiResponse<'/api/intent-tracking/{id}', 'get'>;

/** GET /api/intent-tracking/{id}: the intent list's tracking snippet and the visits it has recorded. */
export const getIntentTracking = (id: number, signal?: AbortSignal): Promise<IntentTracking> =>
  api.get('/api/intent-tracking/{id}', { path: { id }, config: { signal } });

export const intentTrackingQuery = (id: number) =>
  queryOptions({
    queryKey: ['leadSearch', 'intent-tracking', id],
    queryFn: ({ signal }) => getIntentTracking(id, signal),
    refetchInterval: 5000,
  });

export const useIntentTracking = (id: number) => useQuery(intentTrackingQuery(id));
