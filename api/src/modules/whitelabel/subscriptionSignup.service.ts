import type { Db, Queryable } from '../../db';
import { claimEffects, releaseEffect, settleEffects } from '../../effects/externalEffects';
import type { AppDeps } from '../../http/context';
import {
  idempotencyKeyMayBeForgotten,
  PaymentMethodError,
  PaymentUnknownError,
  type BillingInterval,
  type Payments,
  type SubscriptionBilling,
} from '../../providers/payments';
import { connectedAccountOf } from './billing.repository';
import { customerRoomRefusal } from './customers.service';
import { packageById } from './packages.repository';
import { type Package } from './packages.schemas';
import { insertStripePrice, markPrice, stripePriceAt, stripeProductOf } from './stripeCatalog.repository';
import { priceIdempotencyKey } from './stripeCatalog.service';
import {
  emailTaken,
  endPendingSignup,
  insertPendingSignup,
  markSignupRefunded,
  setSignupBillingCheckout,
  setSignupSubscriptionRef,
  signupById,
  type SignupForm,
} from './signupAccount.repository';
import { createSignupAccount } from './signupAccount.service';

/**
 * A package sold on a sales page through Stripe Billing (issue 25 item 3, ADR 025):
 *
 * 1. The sign-up is kept pending with a Stripe Customer made for it; the buyer saves a card on Stripe
 *    Checkout in setup mode (the reseller's page never holds a card, nothing is charged yet).
 * 2. `checkout.session.completed` (queued, once per event) creates the Subscription: the package's
 *    Price for the chosen interval, the saved card as default payment method, the trial, a destination
 *    to the reseller's connected account, and an idempotency key. It is an external effect claimed in
 *    `external_effects`, so two processes, a retried job or a second event make one subscription.
 * 3. The account is made with the subscription's first period granted under its first invoice's id;
 *    Stripe's `invoice.paid` for that invoice grants nothing more, later ones renew (modules/whitelabel/renewalEvents.service.ts).
 *
 * A first invoice that cannot be paid makes no subscription (`error_if_incomplete`): the sign-up ends
 * failed. A Checkout left to expire ends it expired. Neither grants anything.
 */

/** The interval a buyer may choose: yearly only when the package has a yearly price. */
export function intervalOf(pkg: Package, chosen: string | undefined): BillingInterval {
  return chosen === 'year' && pkg.yearly_price_cents !== null ? 'year' : 'month';
}

export function priceOf(pkg: Package, interval: BillingInterval): number {
  return interval === 'year' && pkg.yearly_price_cents !== null ? pkg.yearly_price_cents : pkg.monthly_price_cents;
}

/**
 * The package's Product and recurring Price at Stripe for the interval, made the first time they are
 * needed. Stripe's prices are immutable, so a changed amount makes a new Price. Two processes asking
 * at once send the same idempotency keys and get the same objects back.
 */
export async function packagePrice(
  db: Queryable,
  billing: SubscriptionBilling,
  pkg: Package,
  interval: BillingInterval,
  now: Date,
): Promise<{ productRef: string; priceRef: string }> {
  const amount = priceOf(pkg, interval);
  const known = () => stripePriceAt(db, pkg.id, interval, amount);
  const found = await known();
  if (found) {
    // An amount the package had before and has again, whose Price the sync archived and has not restored yet.
    if (!found.active) {
      await billing.setPriceActive(
        found.price_ref,
        true,
        `${priceIdempotencyKey(pkg.id, interval, amount)}-restore-${new Date(pkg.updated_at).getTime()}`,
      );
      await markPrice(db, found.price_ref, true);
    }
    return { productRef: found.product_ref, priceRef: found.price_ref };
  }
  const product = await stripeProductOf(db, pkg.id);
  const productRef =
    product ?? (await billing.createProduct({ packageId: pkg.id, name: pkg.name }, `leadsmith-product-${pkg.id}`));
  const priceRef = await billing.createPrice(
    { productRef, packageId: pkg.id, amountCents: amount, interval },
    priceIdempotencyKey(pkg.id, interval, amount),
  );
  await insertStripePrice(db, { packageId: pkg.id, interval, amount, productRef, priceRef }, now);
  const row = (await known())!;
  return { productRef: row.product_ref, priceRef: row.price_ref };
}

/** Step 1: the pending sign-up, its Stripe customer and the Checkout (setup mode) page to send the buyer to. */
export async function startSubscriptionCheckout(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  billing: SubscriptionBilling,
  s: {
    ownerId: number;
    pkg: Package;
    form: SignupForm;
    hash: string;
    interval: BillingInterval;
    successUrl: string;
    cancelUrl: string;
    createCustomer: (key: string) => Promise<string>;
  },
): Promise<string> {
  const { db, clock } = deps;
  const now = clock.now();
  const amount = s.pkg.trial_days > 0 ? s.pkg.trial_amount_cents : priceOf(s.pkg, s.interval);
  const signupId = await insertPendingSignup(
    db,
    {
      ownerId: s.ownerId,
      packageId: s.pkg.id,
      email: s.form.email,
      form: s.form,
      hash: s.hash,
      amountCents: amount,
      interval: s.interval,
    },
    now,
  );
  const customerRef = await s.createCustomer(`leadsmith-signup-customer-${signupId}`);
  const session = await billing.createSetupCheckout({
    customerRef,
    successUrl: s.successUrl,
    cancelUrl: s.cancelUrl,
    idempotencyKey: `leadsmith-signup-${signupId}`,
    metadata: { signup_id: String(signupId), package_id: String(s.pkg.id) },
  });
  await setSignupBillingCheckout(db, signupId, session.id, customerRef);
  return session.url;
}

const subscriptionEffect = (signupId: number) => `stripe-subscription:signup:${signupId}`;

/** Steps 2 and 3, from `checkout.session.completed` of a setup-mode session. */
export async function completeSubscriptionSignup(
  deps: AppDeps,
  payments: Payments,
  signupId: number,
  setupIntentId: string,
): Promise<void> {
  const { db, clock } = deps;
  const billing = payments.provider.billing;
  if (!billing) return;
  const signup = await signupById(db, signupId);
  // Refused after its subscription was made, and the undoing did not finish (a lost answer): again, with the same keys.
  if (signup?.status === 'refunding' && signup.subscription_ref)
    return undoSubscription(deps, payments, signupId, signup.owner_id, signup.subscription_ref, signup.payment_ref);
  if (!signup || signup.status !== 'pending' || !signup.customer_ref) return;
  // Refused before anything is charged (the email was taken, or the reseller has no room left meanwhile).
  if (await emailTaken(db, signup.email))
    return void (await endPendingSignup(db, signupId, 'failed', 'email_taken', clock.now()));
  if (await customerRoomRefusal(db, signup.owner_id))
    return void (await endPendingSignup(db, signupId, 'failed', 'no_room', clock.now()));
  const pkg = await packageById(db, signup.package_id);
  if (!pkg) return void (await endPendingSignup(db, signupId, 'failed', 'package_deleted', clock.now()));
  let paymentMethod: string;
  try {
    paymentMethod = await billing.paymentMethodOfSetup(setupIntentId, signup.customer_ref);
  } catch (error) {
    if (error instanceof PaymentMethodError)
      return void (await endPendingSignup(db, signupId, 'failed', error.code, clock.now()));
    throw error;
  }
  const price = await packagePrice(db, billing, pkg, signup.billing_interval, clock.now());
  const connected = await connectedAccountOf(db, signup.owner_id, payments.provider.name);

  const key = subscriptionEffect(signupId);
  // Another worker is making it (the retried job then finds the sign-up done).
  if (!(await claimEffects(db, 'charge', [key])).has(key))
    throw new PaymentUnknownError(new Error('the subscription is being created by another worker'));
  let outcome;
  try {
    // Stripe forgets the key after 24 hours: from 23 hours after the sign-up (before its first create)
    // a subscription an earlier attempt made is found by its signup_id metadata and adopted; the create
    // is sent only when Stripe has none, since the forgotten key would make a second one and charge again.
    const keyForgotten = idempotencyKeyMayBeForgotten(payments.provider, new Date(signup.created_at), clock.now());
    const made =
      keyForgotten && billing.findSubscription ? await billing.findSubscription('signup_id', String(signupId)) : null;
    outcome =
      made ??
      (await billing.createSubscription({
        customerRef: signup.customer_ref,
        paymentMethodRef: paymentMethod,
        priceRef: price.priceRef,
        productRef: price.productRef,
        trialDays: pkg.trial_days,
        trialAmountCents: pkg.trial_amount_cents,
        metadata: { signup_id: String(signupId), package_id: String(pkg.id) },
        idempotencyKey: `leadsmith-subscription-signup-${signupId}`,
        destinationAccount: connected,
        applicationFeePercent: connected ? payments.config.platformFeePercent : 0,
      }));
  } catch (error) {
    // A lost answer: the retried job or the sign-up sweep asks again with the same idempotency key (Stripe answers the first result).
    await releaseEffect(db, key);
    throw error;
  }
  const now = clock.now();
  if (outcome.status === 'failed') {
    const failure = outcome.failureCode;
    await db.transaction(async (tx) => {
      await settleEffects(tx, [{ key, ok: false, outcome: { status: 'failed', failure_code: failure } }]);
      await endPendingSignup(tx, signupId, 'failed', failure, now);
    });
    return;
  }
  const created = await createSignupAccount(deps, {
    ownerId: signup.owner_id,
    pkg,
    form: signup.form,
    hash: signup.password_hash,
    payment: outcome.paymentRef
      ? {
          ref: outcome.paymentRef,
          provider: payments.provider.name,
          amountCents: outcome.amountPaidCents,
          connectedAccount: connected,
          applicationFeeCents: connected
            ? Math.round((outcome.amountPaidCents * payments.config.platformFeePercent) / 100)
            : 0,
        }
      : null,
    now,
    signupId,
    stripe: {
      subscriptionRef: outcome.ref,
      customerRef: signup.customer_ref,
      interval: signup.billing_interval,
      periodStart: outcome.periodStart,
      periodEnd: outcome.periodEnd,
      invoiceRef: outcome.invoiceRef,
      priceRef: price.priceRef,
    },
    settle: async (tx) => {
      await settleEffects(tx, [{ key, ok: true, outcome: { status: 'active', subscription: outcome.ref } }]);
      await setSignupSubscriptionRef(tx, signupId, outcome.ref);
    },
  });
  if (typeof created === 'number' || created === 'done') return;
  // Taken or closed between the check above and the account (a race): the subscription is ended at
  // Stripe and its first payment returned.
  await undoSubscription(deps, payments, signupId, signup.owner_id, outcome.ref, outcome.paymentRef);
}

/** Ends a refused sign-up's subscription at Stripe and returns its first payment; both are safe to repeat. */
async function undoSubscription(
  deps: AppDeps,
  payments: Payments,
  signupId: number,
  ownerId: number,
  subscriptionRef: string,
  paymentRef: string | null,
): Promise<void> {
  await payments.provider.billing?.cancelSubscription(subscriptionRef);
  const connected = await connectedAccountOf(deps.db, ownerId, payments.provider.name);
  if (paymentRef)
    await payments.provider.refund(paymentRef, `leadsmith-salespage-refund-${paymentRef}`, connected !== null);
  await markSignupRefunded(deps.db, signupId, deps.clock.now());
}

/** `checkout.session.expired`: the buyer never finished Checkout; the pending sign-up ends, nothing granted. */
export async function expireSignup(db: Db, signupId: number, now: Date): Promise<void> {
  await endPendingSignup(db, signupId, 'expired', null, now);
}
