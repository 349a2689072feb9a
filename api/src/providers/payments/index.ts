import type { Clock } from '../../clock';
import type { Queryable } from '../../db';
import { createSandboxPayments } from './sandbox';
import { createStripePayments } from './stripe';
import type { PaymentsProvider } from './types';

export * from './types';
export { createSandboxPayments, SANDBOX_CARDS, SANDBOX_SETTLE_MS } from './sandbox';
export { createStripePayments } from './stripe';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Stripe when STRIPE_SECRET_KEY is set (STRIPE_API_BASE overrides the host, e.g. a local fake);
 * otherwise the embedded sandbox.
 */
export function paymentsProviderFromEnv(env: Env, db: Queryable, clock: Clock): PaymentsProvider {
  const key = env.STRIPE_SECRET_KEY?.trim();
  if (key) {
    const apiBase = env.STRIPE_API_BASE?.trim() || undefined;
    if (apiBase && !/^https?:\/\/[^\s]+$/.test(apiBase)) throw new Error('Invalid environment variable STRIPE_API_BASE: expected an http(s) URL');
    return createStripePayments({ secretKey: key, apiBase });
  }
  return createSandboxPayments(db, clock);
}
