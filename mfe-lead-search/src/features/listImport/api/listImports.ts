import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient, type ApiBody, type ApiResponse } from '@leadsmith/shared';
import { campaignKeys } from '../../../api/getCampaigns';
import type { SearchType } from '../../../api/types';
import { resultKeys } from '../../listResults/api/getResults';

export type UploadedImport = ApiResponse<'/api/campaigns/{id}/imports', 'post'>;
export type ListImport = UploadedImport['import'];
export type ImportMapping = UploadedImport['suggested_mapping'];
export type ImportField = keyof ImportMapping;
export type StartImportBody = ApiBody<'/api/campaigns/{id}/imports/{importId}/start', 'post'>;
export type SavedMappings = ApiResponse<'/api/import-mappings', 'get'>;

/** The lead fields a column can be mapped to, in the order the form shows them. */
export { IMPORT_FIELDS } from '@leadsmith/shared';

export const listImportKeys = {
  one: (listId: number, importId: number) => ['leadSearch', 'imports', listId, importId] as const,
  mappings: (type: SearchType) => ['leadSearch', 'importMappings', type] as const,
};

/** POST /api/campaigns/{id}/imports: the file itself as the body (text/csv), streamed by the browser. */
export async function uploadImport({ listId, file }: { listId: number; file: File }): Promise<UploadedImport> {
  const response = await apiClient.post<UploadedImport>(`/api/campaigns/${listId}/imports`, file, {
    params: { file_name: file.name },
    headers: { 'content-type': 'text/csv' },
  });
  return response.data;
}
export const useUploadImport = () => useMutation({ mutationFn: uploadImport });

/** GET /api/campaigns/{id}/imports/{importId}: progress, polled every second while the import runs. */
export const importQuery = (listId: number, importId: number) =>
  queryOptions({
    queryKey: listImportKeys.one(listId, importId),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<ApiResponse<'/api/campaigns/{id}/imports/{importId}', 'get'>>(
          `/api/campaigns/${listId}/imports/${importId}`,
          { signal },
        )
      ).data,
    refetchInterval: (query) => (query.state.data?.import.status === 'running' ? 1000 : false),
  });
/** The import's progress; once it is over, the list's rows and figures read again (the list page shows what came in). */
export function useImport(listId: number, importId: number | null) {
  const client = useQueryClient();
  const query = useQuery({ ...importQuery(listId, importId ?? 0), enabled: importId !== null });
  const over = query.data?.import.status === 'done' || query.data?.import.status === 'failed';
  useEffect(() => {
    if (!over) return;
    void client.invalidateQueries({ queryKey: resultKeys.all });
    void client.invalidateQueries({ queryKey: campaignKeys.all });
  }, [over, client]);
  return query;
}

/** POST …/start: the mapping, its name to save it under, find emails, duplicates. */
export async function startImport({
  listId,
  importId,
  body,
}: {
  listId: number;
  importId: number;
  body: StartImportBody;
}) {
  return (
    await apiClient.post<ApiResponse<'/api/campaigns/{id}/imports/{importId}/start', 'post'>>(
      `/api/campaigns/${listId}/imports/${importId}/start`,
      body,
    )
  ).data;
}
export const useStartImport = (type: SearchType) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSuccess: (data, { listId, importId }) => {
      client.setQueryData(listImportKeys.one(listId, importId), { import: data.import, preview: [] });
      void client.invalidateQueries({ queryKey: listImportKeys.mappings(type) });
    },
  });
};

/** GET /api/import-mappings: mappings saved by name for this type of list. */
export const useSavedMappings = (type: SearchType) =>
  useQuery(
    queryOptions({
      queryKey: listImportKeys.mappings(type),
      queryFn: async ({ signal }) =>
        (await apiClient.get<SavedMappings>('/api/import-mappings', { params: { list_type: type }, signal })).data,
    }),
  );

/** GET …/errors: the rows left out and why, saved as a CSV file through a download link. */
export async function downloadImportReport({ listId, importId }: { listId: number; importId: number }): Promise<void> {
  const response = await apiClient.get<Blob>(`/api/campaigns/${listId}/imports/${importId}/errors`, {
    responseType: 'blob',
  });
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = `import-${importId}-errors.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
export const useDownloadImportReport = () => useMutation({ mutationFn: downloadImportReport });
