import type { Queryable } from '../../db';
import type { BillingInterval } from '../../providers/payments';

export interface PriceRow {
  billing_interval: BillingInterval;
  amount_cents: number;
  product_ref: string;
  price_ref: string;
  active: boolean;
}

/** Whether the package has anything at Stripe (a package never sold there has nothing to follow). */
export async function stripeProductOf(q: Queryable, packageId: number): Promise<string | null> {
  const { rows } = await q.query<{ product_ref: string }>(
    `SELECT product_ref FROM payment_prices WHERE package_id = $1 AND provider = 'stripe' LIMIT 1`,
    [packageId],
  );
  return rows[0]?.product_ref ?? null;
}

/** The package's Stripe Prices, oldest first (its Product is the first's). */
export async function stripePricesByAge(
  q: Queryable,
  packageId: number,
): Promise<Pick<PriceRow, 'product_ref' | 'price_ref' | 'active'>[]> {
  const { rows } = await q.query<PriceRow>(
    `SELECT product_ref, price_ref, active FROM payment_prices WHERE package_id = $1 AND provider = 'stripe' ORDER BY created_at`,
    [packageId],
  );
  return rows;
}

export async function packageForSync(
  q: Queryable,
  packageId: number,
): Promise<
  { name: string; monthly_price_cents: number; yearly_price_cents: number | null; revision: number } | undefined
> {
  return (
    await q.query<{ name: string; monthly_price_cents: number; yearly_price_cents: number | null; revision: number }>(
      'SELECT name, monthly_price_cents, yearly_price_cents, revision FROM whitelabel_packages WHERE id = $1',
      [packageId],
    )
  ).rows[0];
}

export async function stripePricesOf(q: Queryable, packageId: number): Promise<PriceRow[]> {
  return (
    await q.query<PriceRow>(
      `SELECT billing_interval, amount_cents, product_ref, price_ref, active FROM payment_prices WHERE package_id = $1 AND provider = 'stripe'`,
      [packageId],
    )
  ).rows;
}

export async function insertStripePrice(
  q: Queryable,
  p: { packageId: number; interval: BillingInterval; amount: number; productRef: string; priceRef: string },
  now: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO payment_prices (package_id, provider, billing_interval, amount_cents, product_ref, price_ref, created_at) VALUES ($1, 'stripe', $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [p.packageId, p.interval, p.amount, p.productRef, p.priceRef, now],
  );
}

export const markPrice = (tx: Queryable, priceRef: string, active: boolean) =>
  tx.query('UPDATE payment_prices SET active = $2 WHERE price_ref = $1', [priceRef, active]).then(() => undefined);

/** A restarted subscription's terms: its package's interval (monthly when no longer sold yearly) and amount now, revision and Product. */
export async function restartTermsOf(
  q: Queryable,
  subscriptionId: number,
): Promise<
  | { package_id: number; interval: BillingInterval; amount: number; revision: number; product_ref: string | null }
  | undefined
> {
  return (
    await q.query<{
      package_id: number;
      interval: BillingInterval;
      amount: number;
      revision: number;
      product_ref: string | null;
    }>(
      `SELECT p.id AS package_id, CASE WHEN s.billing_interval = 'year' AND p.yearly_price_cents IS NOT NULL THEN 'year' ELSE 'month' END AS interval,
              CASE WHEN s.billing_interval = 'year' AND p.yearly_price_cents IS NOT NULL THEN p.yearly_price_cents ELSE p.monthly_price_cents END AS amount, p.revision,
              (SELECT product_ref FROM payment_prices WHERE package_id = p.id AND provider = 'stripe' ORDER BY created_at LIMIT 1) AS product_ref
         FROM whitelabel_subscriptions s JOIN whitelabel_packages p ON p.id = s.package_id WHERE s.id = $1`,
      [subscriptionId],
    )
  ).rows[0];
}

export async function stripePriceAt(
  q: Queryable,
  packageId: number,
  interval: BillingInterval,
  amount: number,
): Promise<PriceRow | undefined> {
  return (
    await q.query<PriceRow>(
      `SELECT billing_interval, amount_cents, product_ref, price_ref, active FROM payment_prices WHERE package_id = $1 AND provider = 'stripe' AND billing_interval = $2 AND amount_cents = $3`,
      [packageId, interval, amount],
    )
  ).rows[0];
}

/** A subscription `s` billed by Stripe and not ended: the ones a package's price change moves. */
const LIVE_AT_STRIPE = `s.billing_provider = 'stripe' AND s.provider_subscription_ref IS NOT NULL AND s.status <> 'canceled'`;

/** Joins `payment_prices pp` to subscription `s` of package `p`: the package's active Price at its amount now for the subscription's interval. */
const CURRENT_PRICE_OF_SUBSCRIPTION = `pp.package_id = p.id AND pp.provider = 'stripe' AND pp.billing_interval = s.billing_interval AND pp.active
        AND pp.amount_cents = CASE WHEN s.billing_interval = 'year' THEN p.yearly_price_cents ELSE p.monthly_price_cents END`;

/** The package's active Price at its amount now for the subscription's interval; null when there is none (yet). */
export async function currentPriceRef(q: Queryable, subscriptionId: number): Promise<string | null> {
  return (await currentPrice(q, subscriptionId))?.price_ref ?? null;
}

export async function currentPrice(
  q: Queryable,
  subscriptionId: number,
): Promise<{ price_ref: string; amount_cents: number } | null> {
  const { rows } = await q.query<{ price_ref: string; amount_cents: number }>(
    `SELECT pp.price_ref, pp.amount_cents FROM whitelabel_subscriptions s
       JOIN whitelabel_packages p ON p.id = s.package_id
       JOIN payment_prices pp ON ${CURRENT_PRICE_OF_SUBSCRIPTION}
      WHERE s.id = $1`,
    [subscriptionId],
  );
  return rows[0] ?? null;
}

/** The live Stripe subscriptions of the package whose interval has a Price at the package's amount now. */
export async function subscriptionsToMove(q: Queryable, packageId: number): Promise<{ id: number }[]> {
  const { rows } = await q.query<{ id: number }>(
    `SELECT s.id FROM whitelabel_subscriptions s
       JOIN whitelabel_packages p ON p.id = s.package_id
       JOIN payment_prices pp ON ${CURRENT_PRICE_OF_SUBSCRIPTION}
      WHERE s.package_id = $1 AND ${LIVE_AT_STRIPE}
      ORDER BY s.id`,
    [packageId],
  );
  return rows;
}

/** A live Stripe subscription's Stripe id and its package's revision. */
export async function liveStripeSubscription(
  q: Queryable,
  subscriptionId: number,
): Promise<{ ref: string; revision: number } | undefined> {
  return (
    await q.query<{ ref: string; revision: number }>(
      `SELECT s.provider_subscription_ref AS ref, p.revision FROM whitelabel_subscriptions s JOIN whitelabel_packages p ON p.id = s.package_id
        WHERE s.id = $1 AND ${LIVE_AT_STRIPE}`,
      [subscriptionId],
    )
  ).rows[0];
}

/**
 * How many live Stripe subscribers of the package stay on their previous price until they change plan:
 * those whose last move (ADR 048) was not made because it was a switch between free and paid (Stripe
 * would invoice it at once). A later move of the subscription (the package back at their terms, or a
 * paid-to-paid change) or a restart on the current Price (a reactivation after it ended) ends that.
 */
export async function subscribersOnOldTerms(q: Queryable, packageId: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM whitelabel_subscriptions s
      WHERE s.package_id = $1 AND ${LIVE_AT_STRIPE}
        AND (SELECT e.outcome->>'result' FROM external_effects e
              WHERE e.state = 'done'
                AND (e.key LIKE 'stripe-subscription:' || s.id || ':price:%' OR (e.key LIKE 'stripe-subscription:' || s.id || ':reactivate:%' AND e.outcome->>'subscription' IS NOT NULL))
              ORDER BY e.id DESC LIMIT 1) = 'free_paid_switch'`,
    [packageId],
  );
  return rows[0]?.n ?? 0;
}
