import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

export interface CampaignWebhook {
  campaign_id: number;
  url: string | null;
  secret: string | null;
}

const webhookKey = (id: number) => ['leadSearch', 'campaign-webhook', id] as const;

/** GET api/campaign-webhook/{id} (spec §7). */
export const getCampaignWebhook = async (id: number, signal?: AbortSignal) => (await apiClient.get<CampaignWebhook>(`/api/campaign-webhook/${id}`, { signal })).data;

export const campaignWebhookQuery = (id: number) => queryOptions({ queryKey: webhookKey(id), queryFn: ({ signal }) => getCampaignWebhook(id, signal), enabled: id > 0 });

export const useCampaignWebhook = (id: number) => useQuery(campaignWebhookQuery(id));

/** POST api/campaign-webhook-setup/{id} (spec §7): the URL passes the server's SSRF check. */
export const setupCampaignWebhook = async ({ id, url, regenerate_secret }: { id: number; url: string; regenerate_secret?: boolean }) =>
  (await apiClient.post<CampaignWebhook>(`/api/campaign-webhook-setup/${id}`, { url, regenerate_secret })).data;

export function useSetupCampaignWebhook() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setupCampaignWebhook, onSuccess: () => client.invalidateQueries({ queryKey: ['leadSearch'] }) });
}
