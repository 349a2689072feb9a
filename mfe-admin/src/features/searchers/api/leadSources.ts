import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

/** A search type, or `email` (the email waterfall). */
export type SourceUse = 'people' | 'group' | 'local' | 'company' | 'domain' | 'influencer' | 'intent' | 'email';

export interface LeadSource {
  id: string;
  keyed: boolean;
  enabled: boolean;
  /** The key itself never comes back: only whether one is set and where from. */
  key_set: boolean;
  key_from: 'admin' | 'environment' | null;
  serves: SourceUse[];
  calls_this_month: number;
  failures_this_month: number;
  /** The vendor's own units used this month (YouTube quota units); 0 where the vendor gives none. */
  units_this_month: number;
  /** USD per call, as the admin set it (null: not set). */
  cost_per_call: number | null;
  /** Calls this month × cost per call, USD (null while no cost per call is set). */
  cost_this_month: number | null;
  last_error: string | null;
  last_error_at: string | null;
}

export interface LeadSourcesOverview {
  sources: LeadSource[];
  order: Record<SourceUse, string[]>;
  serving: Record<string, { id: string; demo: boolean; demo_reason: string | null }>;
  keyless: boolean;
}

export type CheckResult = { ok: true } | { ok: false; code: string };

export const leadSourceKeys = { all: ['admin', 'lead-sources'] as const };

export async function getLeadSources(signal?: AbortSignal): Promise<LeadSourcesOverview> {
  const { data } = await apiClient.get<LeadSourcesOverview>('/api/admin/lead-sources', { signal });
  return data;
}

export const leadSourcesQueryOptions = () => queryOptions({ queryKey: leadSourceKeys.all, queryFn: ({ signal }) => getLeadSources(signal) });
export const useLeadSources = () => useQuery(leadSourcesQueryOptions());

/** Every write answers with the new overview: the cache takes it as is. */
function useOverviewMutation<T>(send: (input: T) => Promise<LeadSourcesOverview>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (overview) => client.setQueryData(leadSourceKeys.all, overview) });
}

export const useSaveLeadSource = () =>
  useOverviewMutation(async ({ id, change }: { id: string; change: { enabled?: boolean; api_key?: string | null; cost_per_call?: number | null } }) => (await apiClient.put<LeadSourcesOverview>(`/api/admin/lead-sources/${id}`, change)).data);

export const useSaveLeadSourceOrder = () =>
  useOverviewMutation(async ({ use, sources }: { use: SourceUse; sources: string[] }) => (await apiClient.put<LeadSourcesOverview>(`/api/admin/lead-sources/order/${use}`, { sources })).data);

export function useCheckLeadSource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await apiClient.post<LeadSourcesOverview & { result: CheckResult }>(`/api/admin/lead-sources/${id}/check`, {})).data,
    onSuccess: ({ result: _result, ...overview }) => client.setQueryData(leadSourceKeys.all, overview),
  });
}
