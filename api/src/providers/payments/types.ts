/**
 * Payments provider (architecture §5, ADR 019): Stripe through its official SDK when STRIPE_SECRET_KEY
 * is set, otherwise the embedded sandbox ("test mode"). Card numbers never reach the API: the browser
 * hands it a confirmed SetupIntent (Stripe.js Payment Element) or a sandbox token, and charges are
 * PaymentIntents made with an idempotency key. Either provider reports what happened as webhook-shaped
 * events (`PaymentEvent`) that go through the same queued handler (api/src/providers/payments/events.ts).
 */

import type { PaymentFailure } from './failureReason';

export interface CustomerRef {
  userId: number;
  email: string;
}

/** A SetupIntent the browser confirms with the card (the client secret goes to the browser only). */
export interface SetupStart {
  id: string;
  clientSecret: string;
}

export interface StoredPaymentMethod {
  /** Provider reference used for later charges (`pm_…`). */
  ref: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * `requires_action`: the bank asks the card holder to authenticate (3-D Secure); the charge waits for
 * the user to confirm the card in the browser.
 */
export type ChargeStatus = 'processing' | 'requires_action' | 'succeeded' | 'failed' | 'refunded';

export interface ChargeOutcome {
  ref: string | null;
  status: ChargeStatus;
  /** Why a charge failed (`card_declined`, `insufficient_funds`, `authentication_required`, …). */
  failureCode?: string;
}

export interface ChargeRequest {
  /** The provider's customer (one per account) and its saved payment method. */
  customerRef: string;
  paymentMethodRef: string;
  amountCents: number;
  currency: 'usd';
  description: string;
  /** The same key never charges twice; a retry of a lost answer sends the same key. */
  idempotencyKey: string;
  /** True when the card holder is not present (automatic top-ups): the bank may then refuse for authentication. */
  offSession: boolean;
  /** Our references, echoed back on the provider's events (`charge_id`, `whitelabel_payment_id`, …). */
  metadata: Record<string, string>;
  /**
   * A reseller's connected Stripe account: the money goes to it (Stripe Connect destination charge;
   * the customer, card and refunds stay on the platform, which keeps `applicationFeeCents`).
   */
  destinationAccount?: string | null;
  /** The platform's fee on a reseller's charge, in cents. */
  applicationFeeCents?: number;
}

/** A card the provider refused before any charge (bad token, unconfirmed setup, declined at setup). */
export class PaymentMethodError extends Error {
  constructor(readonly code: 'invalid_card' | 'card_declined' | 'setup_incomplete' | 'provider_unavailable') {
    super(code);
    this.name = 'PaymentMethodError';
  }
}

/**
 * The provider's answer was lost (a network error or a 5xx after the retries): the charge may or may
 * not have happened. The caller leaves it pending; the reconciliation job asks again with the same
 * idempotency key, and the provider's webhook settles it meanwhile.
 */
export class PaymentUnknownError extends Error {
  constructor(readonly reason: unknown) {
    super('payment provider answer unknown');
    this.name = 'PaymentUnknownError';
  }
}

/** A provider event, in Stripe's event shape (the sandbox emits the same shape). */
export interface PaymentEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> & { id?: string; metadata?: Record<string, string> | null } };
}

export type PaymentProviderName = 'sandbox' | 'stripe';

/** A hosted payment page (Stripe Checkout) for one payment, e.g. a sales-page sign-up. */
export interface CheckoutRequest {
  amountCents: number;
  productName: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
  /** On the session and its PaymentIntent (`signup_id`). */
  metadata: Record<string, string>;
  destinationAccount: string | null;
  applicationFeeCents: number;
}

/** A Checkout Session as our sign-ups follow it. */
export interface CheckoutState {
  id: string;
  status: 'open' | 'complete' | 'expired';
  mode: 'payment' | 'setup' | 'subscription';
  /** A payment-mode session whose payment went through. */
  paid: boolean;
  paymentIntent: string | null;
  setupIntent: string | null;
  createdAt: Date;
}

export interface PaymentsProvider {
  readonly name: PaymentProviderName;
  /** The browser's key for Stripe.js (null for the sandbox, whose card form tokenises in the page). */
  readonly publishableKey: string | null;
  createCustomer(customer: CustomerRef, idempotencyKey: string): Promise<string>;
  startSetup(customerRef: string, metadata: Record<string, string>, idempotencyKey: string): Promise<SetupStart>;
  /**
   * The card a confirmed SetupIntent saved. `token`: the sandbox card form's token (Stripe reads the
   * payment method from the SetupIntent). Throws PaymentMethodError when the setup is not succeeded or
   * belongs to another customer.
   */
  finishSetup(setupIntentId: string, customerRef: string, token?: string): Promise<StoredPaymentMethod>;
  /** Creates and confirms a PaymentIntent. Throws PaymentUnknownError when the answer was lost. */
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** The charge's current state. Throws PaymentUnknownError when the provider cannot be reached. */
  getCharge(ref: string): Promise<ChargeOutcome>;
  /**
   * The charge made for one of our charge rows (its `charge_id` metadata), or null when the provider has
   * none. Stripe keeps idempotency keys for 24 hours only: a charge still unanswered after that is looked
   * up here before it is sent again, since the same key would then make a second charge. The sandbox
   * keeps its keys for good and has no lookup. Throws PaymentUnknownError when unreachable.
   */
  findCharge?(chargeId: number): Promise<ChargeOutcome | null>;
  /** How long the provider answers a repeated idempotency key with its first result (Stripe: 24 hours). */
  readonly idempotencyWindowMs?: number;
  /** The client secret the browser confirms a `requires_action` charge with. */
  clientSecretOf(ref: string): Promise<string>;
  /**
   * Refunds a succeeded charge in full (idempotent by key); a reseller's charge (`destinationCharge`)
   * takes the money back from the reseller's account. Throws PaymentUnknownError when the answer was lost.
   */
  refund(ref: string, idempotencyKey: string, destinationCharge?: boolean): Promise<ChargeOutcome>;
  /**
   * Detaches a saved card from its customer (a card deleted in the wallet can no longer be charged).
   * One detached already counts as done. Throws PaymentUnknownError when the answer was lost.
   */
  detachPaymentMethod(ref: string): Promise<void>;
  /** Stripe's customer portal for one customer (a short-lived session URL); the sandbox has none (the wallet is its portal). */
  portalUrl?(customerRef: string, returnUrl: string): Promise<string>;
  /** Stripe Checkout; the sandbox has none (its card form tokenises in the page). */
  createCheckout?(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** A Checkout Session as it stands now (for sign-ups whose event never came). Throws PaymentUnknownError when unreachable. */
  getCheckout?(id: string): Promise<CheckoutState>;
  /** Ends an open Checkout Session (nothing can be paid on it any more); answers its state (a completed one stays completed). */
  expireCheckout?(id: string): Promise<CheckoutState>;
  /** Stripe Billing (packages sold as subscriptions at Stripe); the sandbox renews off the app clock instead. */
  readonly billing?: SubscriptionBilling;
}

export type BillingInterval = 'month' | 'year';

/** A package's subscription created at the provider with a saved card (issue 25 item 3, ADR 025). */
export interface SubscriptionRequest {
  customerRef: string;
  /** The card saved by the Checkout setup session: the subscription's default payment method. */
  paymentMethodRef: string;
  /** The package's recurring Price for the chosen interval. */
  priceRef: string;
  /** The package's Product (the trial fee is a one-off invoice item of it). */
  productRef: string;
  trialDays: number;
  trialAmountCents: number;
  metadata: Record<string, string>;
  /** The same key never makes a second subscription (the lost answer of a first try is answered again). */
  idempotencyKey: string;
  /** A reseller's connected account: each invoice's payment goes to it, less `applicationFeePercent`. */
  destinationAccount: string | null;
  applicationFeePercent: number;
}

export type SubscriptionOutcome =
  | {
      status: 'active';
      ref: string;
      /** The first paid (or trial) period, as the provider counts it. */
      periodStart: Date;
      periodEnd: Date;
      invoiceRef: string;
      /** The first invoice's PaymentIntent (null when nothing was charged, e.g. a free trial). */
      paymentRef: string | null;
      amountPaidCents: number;
    }
  | { status: 'failed'; failureCode: string };

/** A hosted page that saves a card for later (Stripe Checkout in setup mode). */
export interface SetupCheckoutRequest {
  customerRef: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface SubscriptionBilling {
  /** The package's Product (created once per package; the key makes a retried create the same one). */
  createProduct(p: { packageId: number; name: string }, idempotencyKey: string): Promise<string>;
  /** A recurring Price of the product (prices are immutable: a new amount is a new Price). */
  createPrice(
    p: { productRef: string; packageId: number; amountCents: number; interval: BillingInterval },
    idempotencyKey: string,
  ): Promise<string>;
  /** Renames the Product (`name`) or archives it (`active: false`); the key makes a retry the same request. */
  updateProduct(productRef: string, change: { name?: string; active?: boolean }, idempotencyKey: string): Promise<void>;
  /** Archives (false) or restores (true) a Price: the only change Stripe allows a Price's amount. */
  setPriceActive(priceRef: string, active: boolean, idempotencyKey: string): Promise<void>;
  createSetupCheckout(request: SetupCheckoutRequest): Promise<{ id: string; url: string }>;
  /** The card a completed setup saved for `customerRef`. Throws PaymentMethodError when it did not. */
  paymentMethodOfSetup(setupIntentId: string, customerRef: string): Promise<string>;
  /** Throws PaymentUnknownError when the answer was lost (retry with the same key). */
  createSubscription(request: SubscriptionRequest): Promise<SubscriptionOutcome>;
  /**
   * The subscription a create with `metadata[key] = value` made, or null when the provider has none:
   * looked up before a create is sent again once its idempotency key may be forgotten (see
   * `idempotencyKeyMayBeForgotten`). Throws PaymentUnknownError when unreachable.
   */
  findSubscription?(metadataKey: string, value: string): Promise<SubscriptionOutcome | null>;
  /** The PaymentIntent that paid an invoice, and the amount (null when nothing was charged). */
  invoicePayment(invoiceRef: string): Promise<{ paymentRef: string; amountCents: number } | null>;
  /**
   * Why an invoice's payment failed: the last payment error of its PaymentIntent (decline code, or
   * error code, and message), else the invoice's finalization error; null when Stripe gives none.
   */
  invoiceFailure(invoiceRef: string): Promise<PaymentFailure | null>;
  /** Ends the subscription now (no more invoices). One already ended counts as done. */
  cancelSubscription(ref: string): Promise<void>;
  /** Cancels at the period's end (true) or takes that back (false); the key makes a retry the same request. Answers Stripe's state. */
  setCancelAtPeriodEnd(ref: string, cancel: boolean, idempotencyKey: string): Promise<ProviderSubscriptionState>;
  /**
   * A new subscription in place of an ended one (a subscription Stripe has cancelled cannot be resumed):
   * the same customer and default card, at `priceRef` (the package's current Price, never the ended
   * one's, which may be archived), paid to the reseller's connected account as it is now; `metadata`
   * (naming the reactivation, for `findSubscription`) is added to the ended one's. Throws
   * PaymentUnknownError when the answer was lost.
   */
  restartSubscription(
    endedRef: string,
    request: Pick<
      SubscriptionRequest,
      'priceRef' | 'idempotencyKey' | 'metadata' | 'destinationAccount' | 'applicationFeePercent'
    >,
  ): Promise<SubscriptionOutcome>;
  /**
   * Moves a live subscription to `priceRef` from its next period: its item's price is replaced without
   * proration (the period paid stays as paid, the next invoice is at the new price). Answers `unchanged`
   * when it is on that price already, `ended` when the provider has ended it (nothing to move), and
   * `free_paid_switch` without changing it when one of the two amounts is zero (Stripe would invoice at
   * once and restart the billing period). The key makes a retry the same request. Throws
   * PaymentUnknownError when the answer was lost.
   */
  moveSubscriptionPrice(
    ref: string,
    to: { priceRef: string; amountCents: number },
    idempotencyKey: string,
  ): Promise<'moved' | 'unchanged' | 'ended' | 'free_paid_switch'>;
}

/** What our rows follow of a provider's subscription (its answer, or its customer.subscription.* event). */
export interface ProviderSubscriptionState {
  ref: string;
  status: string;
  cancelAtPeriodEnd: boolean;
}

/** How long before the end of a provider's idempotency window a request is looked up instead of sent again. */
export const KEY_WINDOW_MARGIN_MS = 60 * 60_000;

/**
 * Whether a request first sent no earlier than `since` may be past the provider's idempotency window
 * (less KEY_WINDOW_MARGIN_MS) at `now`: the same key would then make a second object, so what an earlier
 * attempt made is looked up first. Never for a provider that keeps its keys for good (the sandbox).
 */
export function idempotencyKeyMayBeForgotten(
  provider: Pick<PaymentsProvider, 'idempotencyWindowMs'>,
  since: Date,
  now: Date,
): boolean {
  return (
    provider.idempotencyWindowMs !== undefined &&
    now.getTime() - since.getTime() >= provider.idempotencyWindowMs - KEY_WINDOW_MARGIN_MS
  );
}
