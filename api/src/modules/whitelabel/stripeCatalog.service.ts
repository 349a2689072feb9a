import type { Db, Queryable } from '../../db';
import { claimEffects, releaseEffect, settleEffects } from '../../effects/externalEffects';
import { PaymentUnknownError, type BillingInterval, type SubscriptionBilling } from '../../providers/payments';
import type { JobQueue } from '../../queue/jobQueue';
import {
  currentPrice,
  liveStripeSubscription,
  markPrice,
  packageForSync,
  restartTermsOf,
  stripePriceAt,
  stripePricesByAge,
  stripePricesOf,
  stripeProductOf,
  insertStripePrice,
  subscriptionsToMove,
  type PriceRow,
} from './stripeCatalog.repository';

/**
 * A package's Product and Prices at Stripe follow the package (issue 25 item 3, ADR 048). A package sold
 * through Stripe Billing has a Product and a Price per interval and amount (`payment_prices`, made the
 * first time a buyer needs them, subscriptionSignup.service.ts). When the reseller changes the package:
 *
 * - a new name renames the Product;
 * - a new monthly or yearly amount makes a new Price (Stripe's prices are immutable) and archives the
 *   old one; new buyers get the new amount; an amount that comes back restores its archived Price
 *   instead of making another;
 * - then every live subscription of the package moves to its interval's new Price from its next period
 *   (one queued job per subscription: Stripe's subscription update of the item's price, without
 *   proration, so the period paid stays as paid and the next invoice bills the new amount);
 * - a yearly price removed archives the yearly Prices;
 * - a deleted package archives its Prices and its Product.
 *
 * The change is queued in the transaction that makes it and sent by a worker, each call to Stripe an
 * external effect (claimed before the call, settled with its row after it, its key the Stripe
 * idempotency key): two workers, a retried job or a second change before the first was sent make each
 * call once. The job reads the package when it runs, so it sends the package as it is then.
 *
 * The embedded sandbox has no Prices: its renewals (credits/renewals.ts) charge the package's amount
 * at each renewal, so its subscribers move at their next renewal the same way.
 */
export const STRIPE_PACKAGE_SYNC = 'stripe-package-sync';
export const STRIPE_PRODUCT_ARCHIVE = 'stripe-product-archive';
export const STRIPE_SUBSCRIPTION_PRICE = 'stripe-subscription-price';

export interface PackageSyncJob {
  packageId: number;
  /** An amount changed (not only the name): the subscribers then move to the new Prices. Jobs queued without it count as repriced. */
  repriced?: boolean;
}

export interface SubscriptionPriceJob {
  subscriptionId: number;
}

export interface ProductArchiveJob {
  productRef: string;
  /** The Prices still active when the package was deleted. */
  priceRefs: string[];
}

const INTERVALS: readonly BillingInterval[] = ['month', 'year'];

/** The Stripe idempotency key sent for an effect key. */
const stripeKey = (key: string) => `leadsmith-${key.replace(/:/g, '-')}`;

/**
 * In the transaction of a package's change: queues its sync when its name or an amount changed and it
 * is sold through Stripe.
 */
export async function queuePackageSync(
  tx: Queryable,
  queue: JobQueue,
  before: { id: number; name: string; monthly_price_cents: number; yearly_price_cents: number | null },
  after: { name: string; monthly_price_cents: number; yearly_price_cents: number | null },
): Promise<void> {
  const repriced =
    before.monthly_price_cents !== after.monthly_price_cents || before.yearly_price_cents !== after.yearly_price_cents;
  if ((!repriced && before.name === after.name) || !(await stripeProductOf(tx, before.id))) return;
  await queue.send(STRIPE_PACKAGE_SYNC, { packageId: before.id, repriced } satisfies PackageSyncJob, { tx });
}

/** In the transaction that deletes a package (before the delete, which takes its price rows): queues its Product's archiving. */
export async function queueProductArchive(tx: Queryable, queue: JobQueue, packageId: number): Promise<void> {
  const rows = await stripePricesByAge(tx, packageId);
  if (!rows[0]) return;
  const job: ProductArchiveJob = {
    productRef: rows[0].product_ref,
    priceRefs: rows.filter((r) => r.active).map((r) => r.price_ref),
  };
  await queue.send(STRIPE_PRODUCT_ARCHIVE, job, { tx });
}

/**
 * One call to Stripe, once: claimed under `key` (another worker holding it, or a key sent already,
 * skips it), sent with `key` as the idempotency key, then settled with `record` in one transaction. A
 * lost answer gives the key back and throws, so the job's retry sends the same request; a refusal
 * (the object deleted in Stripe's dashboard) is settled as failed and the sync goes on.
 */
async function sendOnce(
  db: Db,
  key: string,
  send: (idempotencyKey: string) => Promise<unknown>,
  record?: (tx: Queryable) => Promise<void>,
): Promise<void> {
  if (!(await claimEffects(db, 'charge', [key])).has(key)) return;
  let answer: unknown;
  try {
    answer = await send(stripeKey(key));
  } catch (error) {
    if (error instanceof PaymentUnknownError) {
      await releaseEffect(db, key);
      throw error;
    }
    const code = (error as { code?: string }).code ?? 'refused';
    await db.transaction((tx) =>
      settleEffects(tx, [{ key, ok: false, outcome: { error: code, message: (error as Error).message } }]),
    );
    return;
  }
  await db.transaction(async (tx) => {
    if (record) await record(tx);
    // A short answer (a subscription's move: moved, unchanged, ended or free_paid_switch) is kept with the effect.
    await settleEffects(tx, [{ key, ok: true, outcome: typeof answer === 'string' ? { result: answer } : undefined }]);
  });
}

/**
 * The package's version in its effects' keys: its revision, one more at every change (two changes in one
 * millisecond are two versions). `r` keeps these keys apart from the timestamps older keys carried.
 */
const packageVersion = (revision: number) => `r${revision}`;

/** Sends a package's name and amounts to its Product and Prices (the state the package has now). */
export async function syncPackage(db: Db, billing: SubscriptionBilling, packageId: number, now: Date): Promise<void> {
  const pkg = await packageForSync(db, packageId);
  // Deleted since: its archiving job takes care of the Product.
  if (!pkg) return;
  const rows = await stripePricesOf(db, packageId);
  if (!rows[0]) return;
  const productRef = rows[0].product_ref;
  // The package's version: a later change of the same package sends its own calls.
  const version = packageVersion(pkg.revision);
  await sendOnce(db, `stripe-product:${productRef}:update:${version}`, (key) =>
    billing.updateProduct(productRef, { name: pkg.name }, key),
  );
  for (const interval of INTERVALS) {
    const sold = rows.filter((r) => r.billing_interval === interval);
    // Never sold at this interval: its Price is made when a buyer first chooses it.
    if (!sold.length) continue;
    const amount = interval === 'year' ? pkg.yearly_price_cents : pkg.monthly_price_cents;
    const current = amount === null ? undefined : sold.find((r) => r.amount_cents === amount);
    if (amount !== null)
      await ensurePrice(db, billing, { packageId, productRef, interval, amount, version, current }, now);
    for (const old of sold.filter((r) => r.active && r.amount_cents !== amount)) {
      await sendOnce(
        db,
        `stripe-price:${old.price_ref}:archive:${version}`,
        (key) => billing.setPriceActive(old.price_ref, false, key),
        (tx) => markPrice(tx, old.price_ref, false),
      );
    }
  }
}

/**
 * The package's Price for an interval at an amount, active: made when there is none (with the key a
 * buyer's first purchase at this amount sends, packagePrice: one Price either way), restored when the
 * sync archived it. Both calls are the sync's own effects (same keys), so a sync and a reactivation
 * asking at once make each call once.
 */
async function ensurePrice(
  db: Db,
  billing: SubscriptionBilling,
  p: {
    packageId: number;
    productRef: string;
    interval: BillingInterval;
    amount: number;
    version: string;
    current: PriceRow | undefined;
  },
  now: Date,
): Promise<void> {
  const { packageId, productRef, interval, amount, current } = p;
  if (!current) {
    let priceRef = '';
    await sendOnce(
      db,
      `stripe-price:${packageId}:${interval}:${amount}:create`,
      async () =>
        (priceRef = await billing.createPrice(
          { productRef, packageId, amountCents: amount, interval },
          priceIdempotencyKey(packageId, interval, amount),
        )),
      (tx) => insertStripePrice(tx, { packageId, interval, amount, productRef, priceRef }, now),
    );
  } else if (!current.active) {
    await sendOnce(
      db,
      `stripe-price:${current.price_ref}:restore:${p.version}`,
      (key) => billing.setPriceActive(current.price_ref, true, key),
      (tx) => markPrice(tx, current.price_ref, true),
    );
  }
}

/** The idempotency key of a package's Price at an amount: the same from a purchase and from a sync. */
export const priceIdempotencyKey = (packageId: number, interval: BillingInterval, amount: number) =>
  `leadsmith-price-${packageId}-${interval}-${amount}`;

/** Archives a deleted package's Prices, then its Product. */
export async function archiveProduct(db: Db, billing: SubscriptionBilling, job: ProductArchiveJob): Promise<void> {
  for (const priceRef of job.priceRefs)
    await sendOnce(db, `stripe-price:${priceRef}:archive:deleted`, (key) =>
      billing.setPriceActive(priceRef, false, key),
    );
  await sendOnce(db, `stripe-product:${job.productRef}:archive`, (key) =>
    billing.updateProduct(job.productRef, { active: false }, key),
  );
}

/**
 * The Price a restarted (reactivated) subscription takes: the package's Price at its amount now for the
 * subscription's interval (monthly when the package no longer sells yearly), never the ended
 * subscription's own, which the package's sync may have archived (Stripe refuses a subscription on an
 * archived Price). When the sync has not run yet, the Price is made or restored here first, through the
 * sync's own effects (ensurePrice). Null when it cannot be had now: another worker is making it, or
 * Stripe refused it (the reseller is told to try again).
 */
export async function restartPrice(
  db: Db,
  billing: SubscriptionBilling,
  subscriptionId: number,
  now: Date,
): Promise<{ priceRef: string; interval: BillingInterval } | null> {
  const pkg = await restartTermsOf(db, subscriptionId);
  if (!pkg?.product_ref) return null;
  const { package_id: packageId, interval, amount } = pkg;
  const priceAt = () => stripePriceAt(db, packageId, interval, amount);
  const current = await priceAt();
  if (current?.active) return { priceRef: current.price_ref, interval };
  await ensurePrice(
    db,
    billing,
    { packageId, productRef: pkg.product_ref, interval, amount, version: packageVersion(pkg.revision), current },
    now,
  );
  const made = await priceAt();
  return made?.active ? { priceRef: made.price_ref, interval } : null;
}

/**
 * After a sync: one job per live subscription of the package billed by Stripe whose interval has a Price
 * at the package's amount now (a yearly price removed leaves its yearly subscribers on their Price).
 * Sent again by a retried sync, a job finds its move made (its effect key) and sends nothing.
 */
export async function queueSubscriptionMoves(db: Queryable, queue: JobQueue, packageId: number): Promise<number> {
  const rows = await subscriptionsToMove(db, packageId);
  for (const row of rows)
    await queue.send(STRIPE_SUBSCRIPTION_PRICE, { subscriptionId: row.id } satisfies SubscriptionPriceJob);
  return rows.length;
}

/**
 * Moves one subscription to its package's current Price from its next period (read when the job runs:
 * a later change of the package moves it to that one). Once per subscription, Price and package version
 * (the effect key, sent as Stripe's idempotency key): two workers or a retry make one update; a package
 * changed back and forth moves it again each time.
 */
export async function moveSubscriptionPrice(
  db: Db,
  billing: SubscriptionBilling,
  subscriptionId: number,
): Promise<void> {
  const sub = await liveStripeSubscription(db, subscriptionId);
  if (!sub) return;
  const price = await currentPrice(db, subscriptionId);
  if (!price) return;
  await sendOnce(
    db,
    `stripe-subscription:${subscriptionId}:price:${price.price_ref}:${packageVersion(sub.revision)}`,
    (key) =>
      billing.moveSubscriptionPrice(sub.ref, { priceRef: price.price_ref, amountCents: price.amount_cents }, key),
  );
}

/** The workers (in every process that runs queued work; a provider without Billing has nothing to send). */
export function defineStripeCatalogWorkers(
  queue: JobQueue,
  db: Db,
  billing: SubscriptionBilling | undefined,
  now: () => Date,
): void {
  const options = { expireInSeconds: 60, retryLimit: 5, retryDelay: 10, retryBackoff: true, concurrency: 1 };
  queue.define<PackageSyncJob>(STRIPE_PACKAGE_SYNC, options, async (job) => {
    if (!billing) return;
    await syncPackage(db, billing, job.packageId, now());
    if (job.repriced !== false) await queueSubscriptionMoves(db, queue, job.packageId);
  });
  queue.define<SubscriptionPriceJob>(STRIPE_SUBSCRIPTION_PRICE, options, async (job) => {
    if (billing) await moveSubscriptionPrice(db, billing, job.subscriptionId);
  });
  queue.define<ProductArchiveJob>(STRIPE_PRODUCT_ARCHIVE, options, async (job) => {
    if (billing) await archiveProduct(db, billing, job);
  });
}
