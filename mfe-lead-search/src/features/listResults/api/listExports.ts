import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiClient, type ApiBody, type ApiResponse } from '@leadsmith/shared';
import type { ResultFilters } from './getResults';

export type ListExportPage = ApiResponse<'/api/list-exports', 'get'>;
export type ListExport = ListExportPage['data'][number];
/** The list and its current filters (the screen's filter state; page and limit do not apply to a file). */
export interface StartListExportInput {
  campaign_id: number;
  filters: Omit<ResultFilters, 'page' | 'limit'>;
}

export const listExportKeys = {
  all: ['leadSearch', 'list-exports'] as const,
  ofList: (campaignId: number) => ['leadSearch', 'list-exports', 'list', campaignId] as const,
};

/** GET /api/list-exports?campaign_id=: a list's background exports, newest first, polled while one is being written. */
export const listExportsQuery = (campaignId: number) =>
  queryOptions({
    queryKey: listExportKeys.ofList(campaignId),
    queryFn: ({ signal }) =>
      api.get('/api/list-exports', { query: { campaign_id: campaignId, page: 1, pageSize: 5 }, config: { signal } }),
    refetchInterval: (query) => (query.state.data?.data.some((e) => e.status === 'running') ? 1000 : false),
  });

export const useListExports = (campaignId: number) => useQuery(listExportsQuery(campaignId));

/** POST /api/list-exports: the matching rows written to a file by a background job (progress on the list, an email when ready). */
export function useStartListExport() {
  const client = useQueryClient();
  return useMutation({
    // The screen's filters are the API's list filters (spec §3); the generated type spells their enums more narrowly.
    mutationFn: async (input: StartListExportInput) =>
      (await api.post('/api/list-exports', { body: input as ApiBody<'/api/list-exports', 'post'> })).export,
    onSuccess: (created) => client.invalidateQueries({ queryKey: listExportKeys.ofList(created.campaign_id) }),
  });
}

/**
 * Downloads a finished export through a plain link: the API gives a short-lived signed URL and the browser
 * streams the file to disk (no script holds a file of a million rows in memory).
 */
export async function downloadListExport(id: number): Promise<void> {
  const { url } = await api.post('/api/list-exports/{id}/link', { path: { id } });
  const link = document.createElement('a');
  link.href = `${apiClient.defaults.baseURL ?? ''}${url}`;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** A refused download (the file expired meanwhile) refreshes the files, which then say so. */
export function useDownloadListExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: downloadListExport,
    onError: () => client.invalidateQueries({ queryKey: listExportKeys.all }),
  });
}

/** DELETE /api/list-exports/{id}: the export and its file. */
export function useDeleteListExport(campaignId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete('/api/list-exports/{id}', { path: { id } });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: listExportKeys.ofList(campaignId) }),
  });
}
