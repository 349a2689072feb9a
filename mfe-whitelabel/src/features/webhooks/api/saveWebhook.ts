import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, v, yup, type ApiBody } from '@leadsmith/shared';
import { webhookKeys, type Webhook } from './listWebhooks';

export type WebhookInput = ApiBody<'/api/whitelabel/webhooks', 'post'>;

export const webhookSchema = yup.object({
  name: v.required().max(100, v.message('maxLength', { max: 100 })),
  url: v.required().url(v.message('url')).max(2000, v.message('maxLength', { max: 2000 })),
  events: yup.array(yup.string().required()).min(1, v.message('required')).default([]),
  secret: yup.string().default('').max(200, v.message('maxLength', { max: 200 })),
});
export type WebhookValues = yup.InferType<typeof webhookSchema>;

export async function saveWebhook({ id, input }: { id?: number; input: WebhookInput }): Promise<Webhook> {
  const { data } = id ? await apiClient.put<{ data: Webhook }>(`/api/whitelabel/webhooks/${id}`, input) : await apiClient.post<{ data: Webhook }>('/api/whitelabel/webhooks', input);
  return data.data;
}

export function useSaveWebhook() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveWebhook, onSuccess: () => void client.invalidateQueries({ queryKey: webhookKeys.all }) });
}
