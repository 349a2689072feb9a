import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@leadsmith/shared';
import { autopilotKeys, type Autopilot } from './getAutopilots';

/** A run is under way or due within this window: the details screen refreshes. */
const SOON_MS = 60_000;

export const isBusy = (a: Autopilot | undefined) =>
  Boolean(
    a &&
    (a.last_run?.status === 'running' ||
      (a.last_run?.crm_pending ?? 0) > 0 ||
      (a.status === 'active' && a.next_run_at && new Date(a.next_run_at).getTime() - Date.now() < SOON_MS)),
  );

/** GET /api/autopilots/{id}. */
export const getAutopilot = (id: number, signal?: AbortSignal): Promise<Autopilot> =>
  api.get('/api/autopilots/{id}', { path: { id }, config: { signal } });

export const autopilotQuery = (id: number) =>
  queryOptions({
    queryKey: autopilotKeys.one(id),
    queryFn: ({ signal }) => getAutopilot(id, signal),
    refetchInterval: (q) => (isBusy(q.state.data) ? 2000 : false),
  });

export const useAutopilot = (id: number | null) => useQuery({ ...autopilotQuery(id ?? 0), enabled: id !== null });
