import { api, type ApiBody, type ApiResponse } from '@leadsmith/shared';
import { type ResourceApi } from '@leadsmith/shared/resource';

export { SUBSCRIPTION_WEBHOOK_EVENTS as WEBHOOK_EVENTS } from '@leadsmith/shared';

/** Spec §3 Webhook: name, URL, subscription events, secret (`last_status`: the last delivery's HTTP status, or why it failed). */
export type Webhook = ApiResponse<'/api/whitelabel/webhooks', 'get'>['data'][number];
type WebhookInput = ApiBody<'/api/whitelabel/webhooks', 'post'>;

/** The webhooks' routes, for the list kit (the body is the form's fields, see webhookResource). */
export const webhooksApi: ResourceApi<Webhook> = {
  key: ['whitelabel', 'webhooks'],
  list: ({ page, pageSize }, signal) =>
    api.get('/api/whitelabel/webhooks', { query: { page, pageSize }, config: { signal } }),
  save: async (id, input) =>
    (id
      ? await api.put('/api/whitelabel/webhooks/{id}', { path: { id }, body: input as WebhookInput })
      : await api.post('/api/whitelabel/webhooks', { body: input as WebhookInput })
    ).data,
  remove: async (id) => {
    await api.delete('/api/whitelabel/webhooks/{id}', { path: { id } });
  },
};
