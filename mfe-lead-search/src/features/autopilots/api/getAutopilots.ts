import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  api,
  CRM_IDS as CRMS,
  DEFAULT_PAGE_SIZE,
  REPEAT_PERIODS as REPEATS,
  STANDARD_PROMPT_TYPES as PROMPT_TYPES,
  type ApiResponse,
} from '@leadsmith/shared';

export { CRMS, PROMPT_TYPES, REPEATS };
import type { SearchType } from '../../../api/types';

export const AUTOPILOT_TYPES = ['basic', 'webhook'] as const;
/** List types an autopilot can fill from this screen (each with one main filter). */
export const AUTOPILOT_LIST_TYPES: readonly SearchType[] = ['people', 'local', 'company'];

export type AutopilotType = (typeof AUTOPILOT_TYPES)[number];
export type Repeat = (typeof REPEATS)[number];

/** The API's answers (generated from its schemas). */
export type AutopilotPage = ApiResponse<'/api/autopilots', 'get'>;
export type Autopilot = ApiResponse<'/api/autopilots/{id}', 'get'>;
export type AutopilotRunPage = ApiResponse<'/api/autopilots/{id}/runs', 'get'>;
export type AutopilotRun = AutopilotRunPage['data'][number];

export const autopilotKeys = {
  all: ['leadSearch', 'autopilots'] as const,
  list: (page: number) => ['leadSearch', 'autopilots', 'list', page] as const,
  one: (id: number) => ['leadSearch', 'autopilots', 'one', id] as const,
  runs: (id: number, page: number) => ['leadSearch', 'autopilots', 'runs', id, page] as const,
};

/** `{type}-{id}` of the autopilot routes (spec §2: autopilot/{type}-{id}/edit). */
export const autopilotPath = (a: Pick<Autopilot, 'id' | 'type'>) => `/autopilot/${a.type}-${a.id}`;

export function parseAutopilotParam(typeId: string | undefined): number | null {
  const match = /^(basic|webhook)-(\d+)$/.exec(typeId ?? '');
  return match ? Number(match[2]) : null;
}

/** GET /api/autopilots: the account's autopilots, newest first. */
export const getAutopilots = (page: number, signal?: AbortSignal): Promise<AutopilotPage> =>
  api.get('/api/autopilots', { query: { page, pageSize: DEFAULT_PAGE_SIZE }, config: { signal } });

export const autopilotsQuery = (page: number) =>
  queryOptions({
    queryKey: autopilotKeys.list(page),
    queryFn: ({ signal }) => getAutopilots(page, signal),
    placeholderData: keepPreviousData,
  });

export const useAutopilots = (page: number) => useQuery(autopilotsQuery(page));
