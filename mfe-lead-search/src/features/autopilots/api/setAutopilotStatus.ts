import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@leadsmith/shared';
import { autopilotKeys, type Autopilot } from './getAutopilots';

/** POST /api/autopilots/{id}/status: pause, or resume (the next run starts shortly after). */
export async function setAutopilotStatus(input: { id: number; status: 'active' | 'paused' }): Promise<Autopilot> {
  return (await api.post('/api/autopilots/{id}/status', { path: { id: input.id }, body: { status: input.status } }))
    .autopilot;
}

export function useSetAutopilotStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setAutopilotStatus,
    onSuccess: () => client.invalidateQueries({ queryKey: autopilotKeys.all }),
  });
}
