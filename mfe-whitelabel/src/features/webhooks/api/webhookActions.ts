import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { webhookKeys } from './listWebhooks';

export async function deleteWebhook(id: number): Promise<void> {
  await apiClient.delete(`/api/whitelabel/webhooks/${id}`);
}

/** Sends a signed `webhook.test` event now; the answer has the receiver's HTTP status. */
export async function testWebhook(id: number): Promise<void> {
  await apiClient.post(`/api/whitelabel/webhooks/${id}/test`);
}

export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteWebhook, onSuccess: () => void client.invalidateQueries({ queryKey: webhookKeys.all }) });
}

export function useTestWebhook() {
  const client = useQueryClient();
  return useMutation({ mutationFn: testWebhook, onSettled: () => void client.invalidateQueries({ queryKey: webhookKeys.all }) });
}
