import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

export type CampaignWebhook = ApiResponse<'/api/campaign-webhook/{id}', 'get'>;

const webhookKey = (id: number) => ['leadSearch', 'campaign-webhook', id] as const;

/** GET api/campaign-webhook/{id} (spec §7). */
export const getCampaignWebhook = (id: number, signal?: AbortSignal): Promise<CampaignWebhook> =>
  api.get('/api/campaign-webhook/{id}', { path: { id }, config: { signal } });

export const campaignWebhookQuery = (id: number) =>
  queryOptions({ queryKey: webhookKey(id), queryFn: ({ signal }) => getCampaignWebhook(id, signal), enabled: id > 0 });

export const useCampaignWebhook = (id: number) => useQuery(campaignWebhookQuery(id));

/** POST api/campaign-webhook-setup/{id} (spec §7): the URL passes the server's SSRF check. */
export const setupCampaignWebhook = async ({
  id,
  url,
  regenerate_secret,
}: {
  id: number;
  url: string;
  regenerate_secret?: boolean;
}) => api.post('/api/campaign-webhook-setup/{id}', { path: { id }, body: { url, regenerate_secret } });

export function useSetupCampaignWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setupCampaignWebhook,
    onSuccess: () => client.invalidateQueries({ queryKey: ['leadSearch'] }),
  });
}
