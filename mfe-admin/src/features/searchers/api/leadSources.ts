import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody, type ApiResponse } from '@leadsmith/shared';

export type LeadSourcesOverview = ApiResponse<'/api/admin/lead-sources', 'get'>;
export type LeadSource = LeadSourcesOverview['sources'][number];
/** A search type, or `email` (the email waterfall). */
export type SourceUse = keyof LeadSourcesOverview['order'];
export type LeadSourceId = LeadSource['id'];
export type CheckResult = ApiResponse<'/api/admin/lead-sources/{id}/check', 'post'>['result'];

export const leadSourceKeys = { all: ['admin', 'lead-sources'] as const };

export async function getLeadSources(signal?: AbortSignal): Promise<LeadSourcesOverview> {
  return api.get('/api/admin/lead-sources', { config: { signal } });
}

export const leadSourcesQueryOptions = () =>
  queryOptions({ queryKey: leadSourceKeys.all, queryFn: ({ signal }) => getLeadSources(signal) });
export const useLeadSources = () => useQuery(leadSourcesQueryOptions());

/** Every write answers with the new overview: the cache takes it as is. */
function useOverviewMutation<T>(send: (input: T) => Promise<LeadSourcesOverview>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (overview) => client.setQueryData(leadSourceKeys.all, overview) });
}

export const useSaveLeadSource = () =>
  useOverviewMutation(({ id, change }: { id: LeadSourceId; change: ApiBody<'/api/admin/lead-sources/{id}', 'put'> }) =>
    api.put('/api/admin/lead-sources/{id}', { path: { id }, body: change }),
  );

export const useSaveLeadSourceOrder = () =>
  useOverviewMutation(({ use, sources }: { use: SourceUse; sources: LeadSourceId[] }) =>
    api.put('/api/admin/lead-sources/order/{use}', { path: { use }, body: { sources } }),
  );

export function useCheckLeadSource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: LeadSourceId) => api.post('/api/admin/lead-sources/{id}/check', { path: { id }, body: {} }),
    onSuccess: ({ result: _result, ...overview }) => client.setQueryData(leadSourceKeys.all, overview),
  });
}
