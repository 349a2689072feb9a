import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, DEFAULT_PAGE_SIZE } from '@leadsmith/shared';
import { autopilotKeys, type AutopilotRunPage } from './getAutopilots';

/** GET /api/autopilots/{id}/runs: every run, newest first. */
export const getAutopilotRuns = (id: number, page: number, signal?: AbortSignal): Promise<AutopilotRunPage> =>
  api.get('/api/autopilots/{id}/runs', {
    path: { id },
    query: { page, pageSize: DEFAULT_PAGE_SIZE },
    config: { signal },
  });

export const autopilotRunsQuery = (id: number, page: number, poll: boolean) =>
  queryOptions({
    queryKey: autopilotKeys.runs(id, page),
    queryFn: ({ signal }) => getAutopilotRuns(id, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? 2000 : false,
  });

export const useAutopilotRuns = (id: number, page: number, poll: boolean) =>
  useQuery(autopilotRunsQuery(id, page, poll));
