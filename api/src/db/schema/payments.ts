import type { Migration } from './types';

/**
 * Payments on Stripe's model (issue 25, ADR 019): one provider customer per account, cards saved by
 * SetupIntents, charges that may wait for the card holder (requires_action), and the provider's events
 * stored by id so each is processed once.
 */
export const PAYMENT_MIGRATIONS: readonly Migration[] = [
  {
    id: 'w3-stripe25-001-payment-events',
    sql: `
-- One provider customer per account (per provider: an install that moves from the sandbox to Stripe gets a Stripe customer).
CREATE TABLE payment_customers (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  customer_ref text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, provider)
);

-- Provider events (Stripe webhooks, the sandbox's events of the same shape) by id: stored once, processed once on the queue.
CREATE TABLE payment_events (
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  event_id text NOT NULL,
  type text NOT NULL,
  account text,
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL,
  processed_at timestamptz,
  PRIMARY KEY (provider, event_id)
);

ALTER TABLE settings_payment_charges DROP CONSTRAINT settings_payment_charges_status_check;
ALTER TABLE settings_payment_charges ADD CONSTRAINT settings_payment_charges_status_check CHECK (status IN ('processing', 'requires_action', 'succeeded', 'failed', 'refunded'));
-- A reseller's customer pays on the reseller's connected Stripe account.
ALTER TABLE settings_payment_charges ADD COLUMN connected_account text;
CREATE INDEX settings_payment_charges_pending ON settings_payment_charges (updated_at) WHERE status = 'processing';
CREATE INDEX settings_payment_charges_ref ON settings_payment_charges (provider, provider_ref) WHERE provider_ref IS NOT NULL;
-- The bank asked for authentication on an off-session charge: the card must be confirmed again in the browser.
ALTER TABLE settings_payment_cards ADD COLUMN needs_reconnect boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX settings_payment_cards_ref ON settings_payment_cards (user_id, provider, provider_ref);

-- The sandbox never sees a card number any more (its card form sends a token): no number hash.
ALTER TABLE settings_sandbox_payment_methods ALTER COLUMN number_hash DROP NOT NULL;
ALTER TABLE settings_sandbox_payment_methods DROP CONSTRAINT settings_sandbox_payment_methods_behaviour_check;
ALTER TABLE settings_sandbox_payment_methods ADD CONSTRAINT settings_sandbox_payment_methods_behaviour_check CHECK (behaviour IN ('succeed', 'decline', 'decline_later', 'processing', 'authenticate'));
ALTER TABLE settings_sandbox_charges DROP CONSTRAINT settings_sandbox_charges_status_check;
ALTER TABLE settings_sandbox_charges ADD CONSTRAINT settings_sandbox_charges_status_check CHECK (status IN ('processing', 'requires_action', 'succeeded', 'failed', 'refunded'));
ALTER TABLE settings_sandbox_charges ADD COLUMN metadata jsonb;
ALTER TABLE settings_sandbox_charges ADD COLUMN connected_account text;
ALTER TABLE settings_sandbox_charges ADD COLUMN application_fee_cents integer NOT NULL DEFAULT 0;
CREATE TABLE settings_sandbox_setup_intents (
  id text PRIMARY KEY,
  customer_ref text NOT NULL,
  status text NOT NULL CHECK (status IN ('requires_payment_method', 'succeeded')),
  payment_method_id text,
  metadata jsonb,
  created_at timestamptz NOT NULL
);
`,
  },
];
