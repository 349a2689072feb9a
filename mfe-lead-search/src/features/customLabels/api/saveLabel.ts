import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { labelKeys, type CustomLabel, type LabelColor } from './getLabels';

export interface SaveLabelInput {
  /** Absent: create. */
  id?: number;
  name?: string;
  color?: LabelColor;
}

/** POST /api/custom-labels (create) or PUT /api/custom-labels/{id} (rename / recolour; results carrying it follow). */
export async function saveLabel({ id, ...body }: SaveLabelInput): Promise<CustomLabel> {
  const res = id ? await apiClient.put<{ label: CustomLabel }>(`/api/custom-labels/${id}`, body) : await apiClient.post<{ label: CustomLabel }>('/api/custom-labels', body);
  return res.data.label;
}

export function useSaveLabel() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveLabel, onSuccess: () => client.invalidateQueries({ queryKey: labelKeys.all }) });
}
