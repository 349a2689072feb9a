import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiClient, type ApiResponse } from '@leadsmith/shared';

export type Privacy = ApiResponse<'/api/account/privacy', 'get'>;

const FINISHED = new Set(['ready', 'failed']);

/** GET /api/account/privacy: polled every 2 s while an export is being built. */
export const privacyQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'privacy'] as const,
    queryFn: ({ signal }) => api.get('/api/account/privacy', { config: { signal } }),
    refetchInterval: (query) => (query.state.data?.exports.some((e) => !FINISHED.has(e.status)) ? 2000 : false),
  });

/** The account owner's privacy settings (`enabled` false for a team member: the routes are the owner's only). */
export const usePrivacy = (enabled = true) => useQuery({ ...privacyQueryOptions(), enabled });

function useInvalidating<T>(mutationFn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: privacyQueryOptions().queryKey }),
  });
}

export const useRequestExport = () => useInvalidating(() => api.post('/api/account/exports', { body: {} }));
export const useSaveRetention = () =>
  useInvalidating((months: number | null) => api.put('/api/account/retention', { body: { retention_months: months } }));
export const useRequestDeletion = () =>
  useInvalidating((password: string) => api.post('/api/account/deletion', { body: { password } }));
export const useCancelDeletion = () => useInvalidating(() => api.delete('/api/account/deletion'));

/** Downloads a ready archive through the API client (the token travels in its header), then saves it as a file. */
export async function downloadExport(id: number): Promise<void> {
  const { data } = await apiClient.get<Blob>(`/api/account/exports/${id}/download`, { responseType: 'blob' });
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = `leadsmith-export-${id}.zip`;
  link.click();
  URL.revokeObjectURL(url);
}
