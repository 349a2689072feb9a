import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiBody, type ApiResponse } from '@leadsmith/shared';
import { autopilotKeys, type Autopilot } from './getAutopilots';

/** What the autopilot form sends (the API's body schema). */
export type AutopilotInput = ApiBody<'/api/autopilots', 'post'>;

/** POST /api/autopilots (create; first run shortly after) or PUT /api/autopilots/{id}. */
export async function saveAutopilot({ id, ...body }: AutopilotInput & { id?: number }): Promise<Autopilot> {
  const res = id
    ? await apiClient.put<ApiResponse<'/api/autopilots/{id}', 'put'>>(`/api/autopilots/${id}`, body)
    : await apiClient.post<ApiResponse<'/api/autopilots', 'post'>>('/api/autopilots', body);
  return res.data.autopilot;
}

export function useSaveAutopilot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveAutopilot,
    onSuccess: () => client.invalidateQueries({ queryKey: autopilotKeys.all }),
  });
}
