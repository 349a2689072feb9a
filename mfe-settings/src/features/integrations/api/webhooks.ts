import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, DEFAULT_PAGE_SIZE, v, yup } from '@leadsmith/shared';
import { integrationKeys } from './get-crm-connections';

export const WEBHOOK_EVENTS = ['lead.created', 'lead.enriched', 'list.created', 'search.completed'] as const;

export interface Webhook {
  id: number;
  name: string;
  url: string;
  events: string[];
  secret: string;
  last_status: number | null;
  last_sent_at: string | null;
  created_at: string;
}

export interface WebhookPage {
  data: Webhook[];
  currentPage: number;
  pageSize: number;
  total: number;
}

export async function getWebhooks(page: number): Promise<WebhookPage> {
  return (await apiClient.get<WebhookPage>('/api/integrations/webhooks', { params: { page, pageSize: DEFAULT_PAGE_SIZE } })).data;
}

export const webhooksQueryOptions = (page: number) => queryOptions({ queryKey: integrationKeys.webhooks(page), queryFn: () => getWebhooks(page), placeholderData: keepPreviousData });

export const useWebhooks = (page: number) => useQuery(webhooksQueryOptions(page));

export const webhookSchema = yup.object({
  name: v.required().max(100),
  url: v.url().required(v.message('required')).max(2000),
  events: yup.array(yup.string().required()).min(1, v.message('required')).required(),
  secret: yup
    .string()
    .trim()
    .test('min', v.message('minChars', { min: 8 }), (value) => !value || value.length >= 8)
    .max(200),
});
export type WebhookInput = yup.InferType<typeof webhookSchema>;

/** POST /api/integrations/webhooks (a secret is generated when none is given). */
export async function createWebhook(values: WebhookInput): Promise<{ data: Webhook }> {
  const { secret, ...rest } = values;
  return (await apiClient.post<{ data: Webhook }>('/api/integrations/webhooks', secret ? { ...rest, secret } : rest)).data;
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }) });
}

/** DELETE /api/integrations/webhooks/{id} */
export async function deleteWebhook(id: number): Promise<void> {
  await apiClient.delete(`/api/integrations/webhooks/${id}`);
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }) });
}

/** POST /api/integrations/webhooks/{id}/test: a signed test POST; answers the receiver's status. */
export async function testWebhook(id: number): Promise<{ status: number; ok: boolean }> {
  return (await apiClient.post<{ status: number; ok: boolean }>(`/api/integrations/webhooks/${id}/test`)).data;
}

export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: testWebhook, onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }) });
}
