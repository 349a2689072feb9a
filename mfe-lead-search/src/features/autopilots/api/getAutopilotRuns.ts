import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { Page } from '../../../api/types';
import { autopilotKeys, type AutopilotRun } from './getAutopilots';

/** GET /api/autopilots/{id}/runs: every run, newest first. */
export async function getAutopilotRuns(id: number, page: number, signal?: AbortSignal): Promise<Page<AutopilotRun>> {
  return (await apiClient.get<Page<AutopilotRun>>(`/api/autopilots/${id}/runs`, { params: { page, limit: 20 }, signal })).data;
}

export const autopilotRunsQuery = (id: number, page: number, poll: boolean) =>
  queryOptions({
    queryKey: autopilotKeys.runs(id, page),
    queryFn: ({ signal }) => getAutopilotRuns(id, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? 2000 : false,
  });

export const useAutopilotRuns = (id: number, page: number, poll: boolean) => useQuery(autopilotRunsQuery(id, page, poll));
