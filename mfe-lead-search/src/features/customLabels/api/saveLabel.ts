import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiBody, type ApiResponse } from '@leadsmith/shared';
import { labelKeys, type CustomLabel } from './getLabels';

/** Without an id: create (name required by the API); with one: rename / recolour. */
export type SaveLabelInput = { id?: number } & ApiBody<'/api/custom-labels/{id}', 'put'>;

/** POST /api/custom-labels (create) or PUT /api/custom-labels/{id} (rename / recolour; results carrying it follow). */
export async function saveLabel({ id, ...body }: SaveLabelInput): Promise<CustomLabel> {
  const res = id
    ? await apiClient.put<ApiResponse<'/api/custom-labels/{id}', 'put'>>(`/api/custom-labels/${id}`, body)
    : await apiClient.post<ApiResponse<'/api/custom-labels', 'post'>>('/api/custom-labels', body);
  return res.data.label;
}

export function useSaveLabel() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveLabel, onSuccess: () => client.invalidateQueries({ queryKey: labelKeys.all }) });
}
