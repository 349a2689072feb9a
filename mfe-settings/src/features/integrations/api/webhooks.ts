import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, DEFAULT_PAGE_SIZE, v, yup, type ApiBody, type ApiResponse } from '@leadsmith/shared';
import { integrationKeys } from './get-crm-connections';

export { WEBHOOK_EVENTS } from '@leadsmith/shared';

export type WebhookPage = ApiResponse<'/api/integrations/webhooks', 'get'>;
export type Webhook = WebhookPage['data'][number];
type WebhookEvent = ApiBody<'/api/integrations/webhooks', 'post'>['events'][number];

export async function getWebhooks(page: number): Promise<WebhookPage> {
  return api.get('/api/integrations/webhooks', { query: { page, pageSize: DEFAULT_PAGE_SIZE } });
}

export const webhooksQueryOptions = (page: number) =>
  queryOptions({
    queryKey: integrationKeys.webhooks(page),
    queryFn: () => getWebhooks(page),
    placeholderData: keepPreviousData,
  });

export const useWebhooks = (page: number) => useQuery(webhooksQueryOptions(page));

export const webhookSchema = yup.object({
  name: v.required().max(100),
  url: v.url().required(v.message('required')).max(2000),
  events: yup.array(yup.string().required()).min(1, v.message('required')).required(),
  secret: yup
    .string()
    .trim()
    .test('min', v.message('minChars', { count: 8 }), (value) => !value || value.length >= 8)
    .max(200),
});
export type WebhookInput = yup.InferType<typeof webhookSchema>;

/** POST /api/integrations/webhooks (a secret is generated when none is given). */
export async function createWebhook(values: WebhookInput): Promise<ApiResponse<'/api/integrations/webhooks', 'post'>> {
  const { secret, events, ...rest } = values;
  const body = { ...rest, events: events as WebhookEvent[] };
  return api.post('/api/integrations/webhooks', { body: secret ? { ...body, secret } : body });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}

/** DELETE /api/integrations/webhooks/{id} */
export async function deleteWebhook(id: number): Promise<void> {
  await api.delete('/api/integrations/webhooks/{id}', { path: { id } });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}

/** POST /api/integrations/webhooks/{id}/test: a signed test POST; answers the receiver's status. */
export async function testWebhook(id: number): Promise<ApiResponse<'/api/integrations/webhooks/{id}/test', 'post'>> {
  return api.post('/api/integrations/webhooks/{id}/test', { path: { id } });
}

export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testWebhook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}
