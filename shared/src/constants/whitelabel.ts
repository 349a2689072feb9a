/** The colour fields of a reseller's business account (its brand), in the order the form shows them. */
export const BRAND_COLOR_FIELDS = [
  'login_page_bg_color',
  'sidebar_background_color',
  'button_color',
  'secondary_color',
  'text_color',
  'heading_color',
] as const;
export type BrandColorField = (typeof BRAND_COLOR_FIELDS)[number];

/** Spec §3 Webhook (white-label): the subscription events a reseller's webhook can subscribe to. */
export const SUBSCRIPTION_WEBHOOK_EVENTS = [
  'subscription.created',
  'subscription.updated',
  'subscription.canceled',
  'subscription.refunded',
  'subscription.restored',
  'subscription.reactivated',
] as const;
export type SubscriptionWebhookEvent = (typeof SUBSCRIPTION_WEBHOOK_EVENTS)[number];
