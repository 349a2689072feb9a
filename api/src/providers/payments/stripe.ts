import Stripe from 'stripe';
import { fetch as undiciFetch } from 'undici';
import { outboundDispatcher } from '../../net/outbound';
import { paymentRefusals } from '../../ops/metrics';
import { PROVIDER_REFUSED } from './failureReason';
import {
  PaymentMethodError,
  PaymentUnknownError,
  type ChargeOutcome,
  type CheckoutState,
  type ChargeRequest,
  type ChargeStatus,
  type PaymentsProvider,
  type StoredPaymentMethod,
  type SubscriptionBilling,
  type SubscriptionOutcome,
  type SubscriptionRequest,
} from './types';

export interface StripeOptions {
  secretKey: string;
  publishableKey: string | null;
  /** https://api.stripe.com by default; tests point it at a local fake (the SDK's host, port and protocol). */
  apiBase?: string;
  timeoutMs?: number;
  /** Network errors and 5xx are retried this many times with the same idempotency key (the SDK's retry). */
  maxNetworkRetries?: number;
}

/** The SDK client: its HTTP goes through the outbound guard (undici with the checked dispatcher). */
export function stripeClient({
  secretKey,
  apiBase,
  timeoutMs = 15_000,
  maxNetworkRetries = 2,
}: Pick<StripeOptions, 'secretKey' | 'apiBase' | 'timeoutMs' | 'maxNetworkRetries'>): Stripe {
  const base = apiBase ? new URL(apiBase) : null;
  const guardedFetch = ((url: string, init: RequestInit) =>
    undiciFetch(url, { ...(init as object), dispatcher: outboundDispatcher() })) as unknown as typeof fetch;
  return new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(guardedFetch),
    maxNetworkRetries,
    timeout: timeoutMs,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
    appInfo: { name: 'Leadsmith' },
  });
}

const INTENT_STATUS: Record<string, ChargeStatus> = {
  succeeded: 'succeeded',
  processing: 'processing',
  requires_action: 'requires_action',
  // Confirmed off-session and refused for authentication: the card holder must confirm it again.
  requires_confirmation: 'requires_action',
  canceled: 'failed',
  requires_payment_method: 'failed',
};

function intentOutcome(intent: Stripe.PaymentIntent): ChargeOutcome {
  const failureCode = intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code;
  // An off-session charge the bank wants authenticated comes back requires_payment_method with this code.
  if (intent.status === 'requires_payment_method' && failureCode === 'authentication_required')
    return { ref: intent.id, status: 'requires_action', failureCode };
  const status = INTENT_STATUS[intent.status] ?? 'processing';
  return {
    ref: intent.id,
    status,
    failureCode: status === 'failed' || status === 'requires_action' ? (failureCode ?? intent.status) : undefined,
  };
}

/** A lost answer (network, 5xx, rate limit after the SDK's retries) versus a definite refusal. */
function unknownAnswer(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return true;
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error.statusCode ?? 500) >= 500
  );
}

/**
 * The failure code of a definite refusal. A card error (402) gives its decline code, or its error code; anything
 * else Stripe refused (an invalid or unauthorised request, an inactive Price, a missing object) charged nothing
 * and is not the card's doing: the payer is told the provider could not collect the payment, never that the card
 * was declined, and the operator sees Stripe's type and code in the refusals metric.
 */
function refusalCode(error: unknown): string {
  if (error instanceof Stripe.errors.StripeCardError) return error.decline_code ?? error.code ?? 'card_declined';
  const refused = error instanceof Stripe.errors.StripeError ? error : null;
  paymentRefusals.inc({
    provider: 'stripe',
    type: refused?.rawType ?? refused?.type ?? 'unknown',
    code: refused?.code ?? 'none',
  });
  return PROVIDER_REFUSED;
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (unknownAnswer(error)) throw new PaymentUnknownError(error);
    throw error;
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Stripe Billing: a package is a Product with a recurring Price per interval; a purchase is a
 * Subscription of the customer with its saved card as default payment method, created with an
 * idempotency key and `error_if_incomplete` (a first invoice that cannot be paid creates nothing).
 * Renewals are Stripe's: its invoice and subscription events drive our state (modules/whitelabel/renewalEvents.service.ts).
 */
function stripeBilling(stripe: Stripe): SubscriptionBilling {
  async function create(request: SubscriptionRequest): Promise<SubscriptionOutcome> {
    let subscription: Stripe.Subscription;
    try {
      subscription = await call(() =>
        stripe.subscriptions.create(
          {
            customer: request.customerRef,
            items: [{ price: request.priceRef }],
            default_payment_method: request.paymentMethodRef,
            payment_behavior: 'error_if_incomplete',
            metadata: request.metadata,
            ...(request.trialDays > 0 ? { trial_period_days: request.trialDays } : {}),
            ...(request.trialDays > 0 && request.trialAmountCents > 0
              ? {
                  add_invoice_items: [
                    {
                      price_data: {
                        currency: 'usd',
                        product: request.productRef,
                        unit_amount: request.trialAmountCents,
                      },
                    },
                  ],
                }
              : {}),
            ...(request.destinationAccount
              ? {
                  transfer_data: { destination: request.destinationAccount },
                  ...(request.applicationFeePercent > 0
                    ? { application_fee_percent: request.applicationFeePercent }
                    : {}),
                }
              : {}),
            expand: ['latest_invoice.payments'],
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
    } catch (error) {
      if (error instanceof PaymentUnknownError) throw error;
      // The first invoice could not be paid (402): with error_if_incomplete no subscription exists.
      return { status: 'failed', failureCode: refusalCode(error) };
    }
    return activeOutcome(subscription);
  }

  /** A subscription Stripe made (its first invoice paid, or a trial): its first period and payment. */
  function activeOutcome(subscription: Stripe.Subscription): SubscriptionOutcome {
    const item = subscription.items.data[0];
    const invoice = subscription.latest_invoice;
    if (!item || !invoice || typeof invoice === 'string')
      throw new PaymentUnknownError(new Error(`subscription ${subscription.id} without its item or first invoice`));
    const paid = invoice.payments?.data.find((p) => p.status === 'paid');
    return {
      status: 'active',
      ref: subscription.id,
      periodStart: new Date(item.current_period_start * 1000),
      periodEnd: new Date(item.current_period_end * 1000),
      invoiceRef: invoice.id,
      paymentRef: invoice.amount_paid > 0 ? idOf(paid?.payment.payment_intent) : null,
      amountPaidCents: invoice.amount_paid,
    };
  }

  return {
    async createProduct({ packageId, name }, idempotencyKey) {
      return (
        await call(() =>
          stripe.products.create({ name, metadata: { package_id: String(packageId) } }, { idempotencyKey }),
        )
      ).id;
    },

    async createPrice({ productRef, packageId, amountCents, interval }, idempotencyKey) {
      const price = await call(() =>
        stripe.prices.create(
          {
            product: productRef,
            currency: 'usd',
            unit_amount: amountCents,
            recurring: { interval },
            metadata: { package_id: String(packageId) },
          },
          { idempotencyKey },
        ),
      );
      return price.id;
    },

    async updateProduct(productRef, change, idempotencyKey) {
      await call(() => stripe.products.update(productRef, change, { idempotencyKey }));
    },

    async setPriceActive(priceRef, active, idempotencyKey) {
      await call(() => stripe.prices.update(priceRef, { active }, { idempotencyKey }));
    },

    async createSetupCheckout(request) {
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'setup',
            currency: 'usd',
            customer: request.customerRef,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            metadata: request.metadata,
            setup_intent_data: { metadata: request.metadata },
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      if (!session.url) throw new PaymentUnknownError(new Error('Checkout session without a url'));
      return { id: session.id, url: session.url };
    },

    async paymentMethodOfSetup(setupIntentId, customerRef) {
      const intent = await call(() => stripe.setupIntents.retrieve(setupIntentId));
      const method = idOf(intent.payment_method);
      if (intent.status !== 'succeeded' || idOf(intent.customer) !== customerRef || !method)
        throw new PaymentMethodError('setup_incomplete');
      return method;
    },

    createSubscription: (request) => create(request),

    async findSubscription(metadataKey, value) {
      // Stripe's Search API (https://docs.stripe.com/api/subscriptions/search): metadata['key']:'value'.
      const found = await call(() =>
        stripe.subscriptions.search({
          query: `metadata['${metadataKey}']:'${value}'`,
          limit: 10,
          expand: ['data.latest_invoice.payments'],
        }),
      );
      const mine = found.data.filter((sub) => sub.metadata?.[metadataKey] === value);
      // Only one is ever made per key; were there more, a live one is the purchase.
      const sub = mine.find((s) => s.status === 'active' || s.status === 'trialing') ?? mine[0];
      return sub ? activeOutcome(sub) : null;
    },

    async invoicePayment(invoiceRef) {
      const invoice = await call(() => stripe.invoices.retrieve(invoiceRef, { expand: ['payments'] }));
      const paid = invoice.payments?.data.find((p) => p.status === 'paid');
      const ref = idOf(paid?.payment.payment_intent);
      return ref && invoice.amount_paid > 0 ? { paymentRef: ref, amountCents: invoice.amount_paid } : null;
    },

    async invoiceFailure(invoiceRef) {
      const invoice = await call(() => stripe.invoices.retrieve(invoiceRef, { expand: ['payments'] }));
      // The attempt that failed is the invoice's open payment (its default one when Stripe made several).
      const open = invoice.payments?.data.filter((p) => p.status === 'open') ?? [];
      const intentRef = idOf((open.find((p) => p.is_default) ?? open.at(-1))?.payment.payment_intent);
      const error = intentRef ? (await call(() => stripe.paymentIntents.retrieve(intentRef))).last_payment_error : null;
      const failure = error ?? invoice.last_finalization_error;
      if (!failure) return null;
      return {
        code: failure.code ?? null,
        declineCode: failure.decline_code ?? null,
        message: failure.message ?? null,
      };
    },

    async cancelSubscription(ref) {
      try {
        await call(() => stripe.subscriptions.cancel(ref));
      } catch (error) {
        if (error instanceof PaymentUnknownError) throw error;
        // Ended already (at Stripe, by its dashboard or a retry of ours): the outcome we wanted.
        if ((error as { code?: string }).code === 'resource_missing') return;
        throw error;
      }
    },

    async setCancelAtPeriodEnd(ref, cancel, idempotencyKey) {
      const sub = await call(() =>
        stripe.subscriptions.update(ref, { cancel_at_period_end: cancel }, { idempotencyKey }),
      );
      return { ref: sub.id, status: sub.status, cancelAtPeriodEnd: sub.cancel_at_period_end };
    },

    async restartSubscription(endedRef, request) {
      const ended = await call(() => stripe.subscriptions.retrieve(endedRef));
      const customer = idOf(ended.customer);
      const method = idOf(ended.default_payment_method);
      if (!customer || !method) return { status: 'failed', failureCode: 'payment_method_missing' };
      return create({
        ...request,
        customerRef: customer,
        paymentMethodRef: method,
        productRef: '',
        trialDays: 0,
        trialAmountCents: 0,
        metadata: { ...ended.metadata, restarted_from: ended.id, ...request.metadata },
      });
    },

    async moveSubscriptionPrice(ref, { priceRef, amountCents }, idempotencyKey) {
      const sub = await call(() => stripe.subscriptions.retrieve(ref));
      if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return 'ended';
      const item = sub.items.data[0];
      if (!item) return 'ended';
      if (item.price.id === priceRef) return 'unchanged';
      // Stripe bills a switch between free and paid at once and restarts the period: not "from the next renewal".
      if (((item.price.unit_amount ?? 0) === 0) !== (amountCents === 0)) return 'free_paid_switch';
      // proration_behavior 'none': no credit or charge for the rest of the period, the next invoice bills the new Price.
      await call(() =>
        stripe.subscriptions.update(
          ref,
          { items: [{ id: item.id, price: priceRef }], proration_behavior: 'none' },
          { idempotencyKey },
        ),
      );
      return 'moved';
    },
  };
}

/**
 * Stripe through its official Node SDK. One Customer per account; cards are saved by SetupIntents the
 * browser confirms with Stripe.js (the card number goes from the browser to Stripe only); charges are
 * PaymentIntents confirmed with the saved card and an idempotency key, retried by the SDK on network
 * errors with the same key. A reseller's charges are destination charges: the money goes to its
 * connected account, less the platform's fee; refunds reverse the transfer.
 */
export function createStripePayments(options: StripeOptions): PaymentsProvider {
  const stripe = stripeClient(options);

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,
    billing: stripeBilling(stripe),

    async createCustomer(customer, idempotencyKey) {
      const created = await call(() =>
        stripe.customers.create(
          { email: customer.email, metadata: { user_id: String(customer.userId) } },
          { idempotencyKey },
        ),
      ).catch((error: unknown) => {
        throw error instanceof PaymentUnknownError ? new PaymentMethodError('provider_unavailable') : error;
      });
      return created.id;
    },

    async startSetup(customerRef, metadata, idempotencyKey) {
      try {
        const intent = await stripe.setupIntents.create(
          { customer: customerRef, usage: 'off_session', automatic_payment_methods: { enabled: true }, metadata },
          { idempotencyKey },
        );
        return { id: intent.id, clientSecret: intent.client_secret ?? '' };
      } catch {
        throw new PaymentMethodError('provider_unavailable');
      }
    },

    async finishSetup(setupIntentId, customerRef): Promise<StoredPaymentMethod> {
      let intent: Stripe.SetupIntent;
      try {
        intent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
      } catch (error) {
        throw new PaymentMethodError(unknownAnswer(error) ? 'provider_unavailable' : 'setup_incomplete');
      }
      const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
      if (intent.status !== 'succeeded' || customer !== customerRef || !intent.payment_method)
        throw new PaymentMethodError('setup_incomplete');
      const method =
        typeof intent.payment_method === 'string'
          ? await stripe.paymentMethods.retrieve(intent.payment_method)
          : intent.payment_method;
      const card = method.card;
      if (!card) throw new PaymentMethodError('invalid_card');
      return { ref: method.id, brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
    },

    async charge(request: ChargeRequest): Promise<ChargeOutcome> {
      try {
        const intent = await call(() =>
          stripe.paymentIntents.create(
            {
              amount: request.amountCents,
              currency: request.currency,
              customer: request.customerRef,
              payment_method: request.paymentMethodRef,
              confirm: true,
              off_session: request.offSession,
              // On-session confirmations never redirect: a 3-D Secure step is done in the page (Stripe.js).
              ...(request.offSession
                ? {}
                : { automatic_payment_methods: { enabled: true, allow_redirects: 'never' as const } }),
              description: request.description,
              metadata: request.metadata,
              ...(request.destinationAccount
                ? {
                    transfer_data: { destination: request.destinationAccount },
                    ...(request.applicationFeeCents ? { application_fee_amount: request.applicationFeeCents } : {}),
                  }
                : {}),
            },
            { idempotencyKey: request.idempotencyKey },
          ),
        );
        return intentOutcome(intent);
      } catch (error) {
        if (error instanceof PaymentUnknownError) throw error;
        // A declined card answers 402 with the intent in the error.
        const intent = (error as InstanceType<typeof Stripe.errors.StripeError>).payment_intent;
        if (intent) return intentOutcome(intent as Stripe.PaymentIntent);
        return { ref: null, status: 'failed', failureCode: refusalCode(error) };
      }
    },

    async getCharge(ref) {
      return intentOutcome(await call(() => stripe.paymentIntents.retrieve(ref)));
    },

    // Stripe forgets an idempotency key after 24 hours; the search finds the PaymentIntent by our metadata.
    idempotencyWindowMs: 24 * 60 * 60_000,

    async findCharge(chargeId) {
      const found = await call(() =>
        stripe.paymentIntents.search({ query: `metadata['charge_id']:'${chargeId}'`, limit: 10 }),
      );
      const mine = found.data.filter((intent) => intent.metadata?.charge_id === String(chargeId));
      // Only one is ever made per key; were there more, the one that took the money is the charge.
      const intent = mine.find((i) => i.status === 'succeeded') ?? mine[0];
      return intent ? intentOutcome(intent) : null;
    },

    async clientSecretOf(ref) {
      const intent = await call(() => stripe.paymentIntents.retrieve(ref));
      return intent.client_secret ?? '';
    },

    async refund(ref, idempotencyKey, destinationCharge = false) {
      try {
        // A destination charge's refund takes the money back from the reseller and returns the platform's fee.
        const reverse = destinationCharge ? { reverse_transfer: true, refund_application_fee: true } : {};
        const refund = await call(() => stripe.refunds.create({ payment_intent: ref, ...reverse }, { idempotencyKey }));
        return {
          ref,
          status: refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'refunded',
          failureCode: refund.failure_reason ?? undefined,
        };
      } catch (error) {
        if (error instanceof PaymentUnknownError) throw error;
        const code = (error as { code?: string }).code;
        // Refunded already (another request, the dashboard): the charge is refunded either way.
        if (code === 'charge_already_refunded') return { ref, status: 'refunded' };
        return { ref, status: 'failed', failureCode: code ?? 'refund_failed' };
      }
    },

    async detachPaymentMethod(ref) {
      try {
        await call(() => stripe.paymentMethods.detach(ref));
      } catch (error) {
        if (error instanceof PaymentUnknownError) throw error;
        // Detached already (a retry, the dashboard: "not attached to a customer so detachment is
        // impossible") or gone: the outcome we wanted.
        const { code, message } = error as { code?: string; message?: string };
        if (
          code === 'resource_missing' ||
          (error instanceof Stripe.errors.StripeInvalidRequestError &&
            /not attached to a customer/i.test(message ?? ''))
        )
          return;
        throw error;
      }
    },

    async portalUrl(customerRef, returnUrl) {
      return (await call(() => stripe.billingPortal.sessions.create({ customer: customerRef, return_url: returnUrl })))
        .url;
    },

    async createCheckout(request) {
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            customer_email: request.customerEmail,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: request.amountCents,
                  product_data: { name: request.productName },
                },
              },
            ],
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            metadata: request.metadata,
            payment_intent_data: {
              metadata: request.metadata,
              ...(request.destinationAccount
                ? {
                    transfer_data: { destination: request.destinationAccount },
                    ...(request.applicationFeeCents ? { application_fee_amount: request.applicationFeeCents } : {}),
                  }
                : {}),
            },
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      if (!session.url) throw new PaymentUnknownError(new Error('Checkout session without a url'));
      return { id: session.id, url: session.url };
    },

    async getCheckout(id) {
      return checkoutState(await call(() => stripe.checkout.sessions.retrieve(id)));
    },

    async expireCheckout(id) {
      try {
        return checkoutState(await call(() => stripe.checkout.sessions.expire(id)));
      } catch (error) {
        if (error instanceof PaymentUnknownError) throw error;
        // Completed or expired meanwhile ("only open sessions can be expired"): its state now says which.
        return checkoutState(await call(() => stripe.checkout.sessions.retrieve(id)));
      }
    },
  };
}

function checkoutState(session: Stripe.Checkout.Session): CheckoutState {
  return {
    id: session.id,
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    mode: session.mode === 'setup' ? 'setup' : session.mode === 'subscription' ? 'subscription' : 'payment',
    paid: session.payment_status === 'paid',
    paymentIntent: idOf(session.payment_intent),
    setupIntent: idOf(session.setup_intent),
    createdAt: new Date(session.created * 1000),
  };
}
