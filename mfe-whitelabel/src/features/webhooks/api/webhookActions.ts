import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@leadsmith/shared';
import { webhooksApi } from './webhooksApi';

/** Sends a signed `webhook.test` event now; the answer has the receiver's HTTP status. */
export async function testWebhook(id: number): Promise<void> {
  await api.post('/api/whitelabel/webhooks/{id}/test', { path: { id } });
}

export function useTestWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: testWebhook,
    onSettled: () => void client.invalidateQueries({ queryKey: webhooksApi.key }),
  });
}
