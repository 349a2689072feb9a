import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from '@leadsmith/shared';
import { autopilotKeys, type Autopilot, type AutopilotType, type Repeat } from './getAutopilots';

export interface AutopilotInput {
  name: string;
  type: AutopilotType;
  repeat: Repeat;
  campaign_id: number;
  location: string;
  filters: Record<string, unknown>;
  max_results: number;
  enrichment: boolean;
  ai_prompts: string[];
  crm: string | null;
  time_zone: string;
}

/** POST /api/autopilots (create; first run shortly after) or PUT /api/autopilots/{id}. */
export async function saveAutopilot({ id, ...body }: AutopilotInput & { id?: number }): Promise<Autopilot> {
  const res = id
    ? await apiClient.put<ApiResponse<'/api/autopilots/{id}', 'put'>>(`/api/autopilots/${id}`, body)
    : await apiClient.post<ApiResponse<'/api/autopilots', 'post'>>('/api/autopilots', body);
  return res.data.autopilot;
}

export function useSaveAutopilot() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveAutopilot, onSuccess: () => client.invalidateQueries({ queryKey: autopilotKeys.all }) });
}
