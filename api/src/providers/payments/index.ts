import type { Db } from '../../db';
import type { AppDeps } from '../../http/context';
import { createPaymentEvents, type PaymentEvents } from './events';
import { createSandboxPayments, type SandboxPayments } from './sandbox';
import { createStripePayments } from './stripe';
import type { PaymentsProvider } from './types';

export * from './types';
export { chargeFailureReason, paymentFailureReason, type PaymentFailure } from './failureReason';
export {
  createSandboxPayments,
  parseSandboxToken,
  sandboxToken,
  SANDBOX_CARDS,
  SANDBOX_SETTLE_MS,
  type SandboxPayments,
} from './sandbox';
export { createStripePayments, stripeClient } from './stripe';
export { HANDLED_EVENT_TYPES, metadataOf, PAYMENT_EVENT_JOB, type PaymentEvents } from './events';

type Env = Readonly<Record<string, string | undefined>>;

/** The payment settings read from the environment (api/README.md lists them). */
export interface PaymentConfig {
  secretKey: string | null;
  publishableKey: string | null;
  webhookSecret: string | null;
  apiBase: string | undefined;
  /** The platform's share of a reseller's customer's payment, in percent (Stripe Connect application fee). */
  platformFeePercent: number;
}

export function paymentConfigFromEnv(env: Env): PaymentConfig {
  const apiBase = env.STRIPE_API_BASE?.trim() || undefined;
  if (apiBase && !/^https?:\/\/[^\s/]+\/?$/.test(apiBase))
    throw new Error(
      'Invalid environment variable STRIPE_API_BASE: expected an http(s) origin such as https://api.stripe.com',
    );
  const fee = env.STRIPE_PLATFORM_FEE_PERCENT?.trim();
  const platformFeePercent = fee ? Number(fee) : 0;
  if (!Number.isFinite(platformFeePercent) || platformFeePercent < 0 || platformFeePercent > 50)
    throw new Error('Invalid environment variable STRIPE_PLATFORM_FEE_PERCENT: expected a number between 0 and 50');
  const secretKey = env.STRIPE_SECRET_KEY?.trim() || null;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || null;
  if (secretKey && !webhookSecret)
    throw new Error(
      'Missing environment variable STRIPE_WEBHOOK_SECRET: Stripe events are the source of truth for payments (whsec_… from the webhook endpoint)',
    );
  return {
    secretKey,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY?.trim() || null,
    webhookSecret,
    apiBase,
    platformFeePercent,
  };
}

export interface Payments {
  provider: PaymentsProvider;
  /** Only when the provider is the sandbox (its in-page authentication step). */
  sandbox: SandboxPayments | null;
  events: PaymentEvents;
  config: PaymentConfig;
}

const byDb = new WeakMap<Db, Payments>();

/**
 * The app's payments (one per database, so the wallet, the white-label area and the webhook route
 * share the provider and the event handlers): Stripe when STRIPE_SECRET_KEY is set, otherwise the
 * embedded sandbox, whose events go through the same queued handlers.
 */
export function paymentsFor(deps: Pick<AppDeps, 'db' | 'queue' | 'clock'>, env: Env = process.env): Payments {
  const known = byDb.get(deps.db);
  if (known) return known;
  const config = paymentConfigFromEnv(env);
  const events = createPaymentEvents(deps.db, deps.queue, () => deps.clock.now());
  let sandbox: SandboxPayments | null = null;
  let provider: PaymentsProvider;
  if (config.secretKey)
    provider = createStripePayments({
      secretKey: config.secretKey,
      publishableKey: config.publishableKey,
      apiBase: config.apiBase,
    });
  else {
    sandbox = createSandboxPayments(deps.db, deps.clock, async (event) => {
      await events.record('sandbox', event);
    });
    provider = sandbox;
  }
  const payments: Payments = { provider, sandbox, events, config };
  byDb.set(deps.db, payments);
  return payments;
}

/** The platform's fee on a reseller's customer's payment, in cents. */
export function platformFee(config: PaymentConfig, amountCents: number): number {
  return Math.round((amountCents * config.platformFeePercent) / 100);
}
