/** Spec §3 Webhook: name, URL, subscription events, secret. Deliveries are POSTs signed with the secret. */
export const WEBHOOK_EVENTS = [
  'subscription.created',
  'subscription.updated',
  'subscription.canceled',
  'subscription.refunded',
  'subscription.restored',
  'subscription.reactivated',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export interface Webhook {
  id: number;
  name: string;
  url: string;
  events: WebhookEvent[];
  secret: string;
  last_status: string | null;
  last_delivery_at: string | null;
  created_at: string;
  updated_at: string;
}
