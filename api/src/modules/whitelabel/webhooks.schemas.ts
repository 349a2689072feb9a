/** Spec §3 Webhook: name, URL, subscription events, secret. Deliveries are POSTs signed with the secret. */
import {
  SUBSCRIPTION_WEBHOOK_EVENTS as WEBHOOK_EVENTS,
  type SubscriptionWebhookEvent as WebhookEvent,
} from '@leadsmith/shared/constants';

export { WEBHOOK_EVENTS, type WebhookEvent };
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
