import { returnCredits, transferCredits } from '../../credits/ledger';
import { addMonths, grantPaidPeriod } from '../../credits/periodGrant';
import type { Db, Queryable } from '../../db';
import type { AppDeps } from '../../http/context';
import { ApiError, unprocessable } from '../../http/errors';
import type { Language } from '../../i18n/messages';
import { sendTemplatedMail } from '../../mail/templatedMail';
import {
  PaymentUnknownError,
  platformFee,
  type BillingInterval,
  type ChargeOutcome,
  type Payments,
} from '../../providers/payments';
import { normaliseEmail } from '../../users/users';
import {
  connectedAccountOf,
  lastRefundableCharge,
  markPaymentRefunded,
  markPaymentRefunding,
  recordPayment,
  refundablePaymentByRef,
  releaseRefundClaim,
} from './billing.repository';
import { refundAtProvider, settleRefundEffect } from './billing.service';
import { notFound } from './common';
import { insertCustomer, logEvent } from './customers.repository';
import {
  addDays,
  assertMayAddCustomer,
  firstCreditPeriodEnd,
  passwordHashFor,
  setCustomerActive,
  startSubscription,
  SUBSCRIPTION_PERIOD_DAYS,
} from './customers.service';
import { packageOf } from './packages.repository';
import { lockReseller } from './reseller.repository';
import { smtpRowOf } from './smtp.repository';
import { packageForSync } from './stripeCatalog.repository';
import { changeAtStripe, checkStripeTransition, endAtStripe } from './stripeSubscriptionActions.service';
import {
  cancelRefunded,
  endDuePeriods,
  lockForTransition,
  lockSubscriptionCustomer,
  lockSubscriptionForEdit,
  lockSubscriptionOfPayment,
  lockSubscriptionStatus,
  manageManually,
  markCancelAtPeriodEnd,
  reactivateRow,
  renameCustomer,
  subscriptionOf,
  subscriptionPage,
  updateSubscriptionDetails,
  usernameTaken,
  type Subscription,
  type SubscriptionStatus,
} from './subscriptions.repository';
import type { WebhookEvent } from './webhooks.schemas';
import { dispatchEvent } from './webhooks.service';

/** A cancelled-at-period-end subscription whose period is over is cancelled now (lazily, on read), and its customer made inactive. */
async function settleEndedPeriods(q: Queryable, ownerId: number, now: Date): Promise<void> {
  for (const r of await endDuePeriods(q, ownerId, now)) {
    await setCustomerActive(q, r.customer_id, false, r.id, null);
    await logEvent(q, ownerId, r.id, 'period_ended', now);
  }
}

/** A page of the reseller's subscriptions, periods that ended settled first. */
export async function listSubscriptions(
  db: Db,
  ownerId: number,
  q: { page: number; pageSize: number; status?: SubscriptionStatus },
  now: Date,
): Promise<{ rows: Subscription[]; total: number }> {
  await db.transaction((tx) => settleEndedPeriods(tx, ownerId, now));
  return subscriptionPage(db, ownerId, q.status ?? null, q.page, q.pageSize);
}

/** One of the reseller's subscriptions, periods that ended settled first; 404 when it is not the reseller's. */
export async function loadSubscription(db: Db, ownerId: number, id: number, now: Date): Promise<Subscription> {
  await db.transaction((tx) => settleEndedPeriods(tx, ownerId, now));
  const sub = await subscriptionOf(db, ownerId, id);
  if (!sub) throw notFound();
  return sub;
}

function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/);
  return { first: parts[0] ?? '', last: parts.slice(1).join(' ') };
}

export interface NewSubscription {
  customer_name: string;
  email: string;
  username: string;
  package_id: number;
  additional_credits: number;
  welcome_email: boolean;
}

/**
 * A subscription the reseller adds, with its customer account, in one transaction under the reseller's row lock
 * (room for the customer, the package, the username, the email); the welcome email is queued with it. Answers its id.
 */
export async function createSubscription(
  deps: AppDeps,
  owner: number,
  b: NewSubscription,
  lang: Language,
): Promise<number> {
  const { db, clock } = deps;
  const email = normaliseEmail(b.email);
  const smtp = b.welcome_email ? await smtpRowOf(db, owner) : null;
  // Spec §8: "without SMTP details the welcome email cannot be sent".
  if (b.welcome_email && !smtp) throw unprocessable('whitelabel.smtp_required', 'welcome_email');
  const hash = await passwordHashFor(null);
  const now = clock.now();
  return db.transaction(async (tx) => {
    await lockReseller(tx, owner);
    await assertMayAddCustomer(tx, owner);
    // Spec §4: the child account is only activated with a plan from the parent's own packages.
    const pkg = await packageOf(tx, owner, b.package_id);
    if (!pkg) throw unprocessable('whitelabel.package_unknown', 'package_id');
    if (await usernameTaken(tx, owner, b.username)) throw unprocessable('whitelabel.username_taken', 'username');
    const { first, last } = splitName(b.customer_name);
    const customerId = await insertCustomer(
      tx,
      { ownerId: owner, email, firstName: first, lastName: last, password: null },
      hash,
      now,
    );
    if (customerId === null) throw unprocessable('email_taken', 'email');
    const subId = await startSubscription(tx, {
      ownerId: owner,
      customerId,
      pkg,
      customerName: b.customer_name.trim(),
      username: b.username,
      additionalCredits: b.additional_credits,
      welcomeEmail: b.welcome_email,
      managedBy: 'manual',
      source: 'reseller',
      periodEnd: addDays(now, SUBSCRIPTION_PERIOD_DAYS),
      at: now,
      mail: deps,
    });
    if (b.welcome_email) {
      // Queued with the subscription; the reseller's SMTP sends it (a slow or down server never loses the subscription).
      await sendTemplatedMail(tx, deps, { kind: 'welcome', userId: customerId, lang });
      await logEvent(tx, owner, subId, 'welcome_email', now, { to: email });
    }
    await dispatchEvent(db, tx, owner, 'subscription.created', await subscriptionOf(tx, owner, subId), now);
    return subId;
  });
}

/**
 * Changes a subscription's names, package and additional credits in one transaction (row locked). Only the
 * difference of credits moves: a raise is paid from the reseller's wallet, a cut returns what the customer has left of it.
 */
export async function editSubscription(
  deps: AppDeps,
  owner: number,
  id: number,
  b: Omit<NewSubscription, 'email' | 'welcome_email'>,
): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const row = await lockSubscriptionForEdit(tx, owner, id);
    if (!row) throw notFound();
    const pkg = await packageOf(tx, owner, b.package_id);
    if (!pkg) throw unprocessable('whitelabel.package_unknown', 'package_id');
    if (await usernameTaken(tx, owner, b.username, id)) throw unprocessable('whitelabel.username_taken', 'username');
    await updateSubscriptionDetails(
      tx,
      id,
      {
        customerName: b.customer_name.trim(),
        username: b.username,
        packageId: pkg.id,
        additionalCredits: b.additional_credits,
      },
      now,
    );
    const { first, last } = splitName(b.customer_name);
    await renameCustomer(tx, row.customer_id, first, last);
    const change = b.additional_credits - row.additional_credits;
    if (
      change > 0 &&
      !(await transferCredits(tx, owner, row.customer_id, change, 'Additional credits changed by the reseller', {
        now,
        mail: deps,
      }))
    ) {
      throw unprocessable('whitelabel.credits_insufficient', 'additional_credits', { amount: change });
    }
    if (change < 0)
      await returnCredits(tx, owner, row.customer_id, -change, 'Additional credits changed by the reseller', {
        now,
      });
    if (pkg.id !== row.package_id) await logEvent(tx, owner, id, 'plan_changed', now, { package: pkg.name });
    if (b.additional_credits !== row.additional_credits)
      await logEvent(tx, owner, id, 'credits_changed', now, {
        from: row.additional_credits,
        to: b.additional_credits,
      });
    await dispatchEvent(db, tx, owner, 'subscription.updated', await subscriptionOf(tx, owner, id), now);
  });
}

export type Transition = 'cancel' | 'restore' | 'reactivate';
const EVENT_OF: Record<Transition | 'refund', WebhookEvent> = {
  cancel: 'subscription.canceled',
  refund: 'subscription.refunded',
  restore: 'subscription.restored',
  reactivate: 'subscription.reactivated',
};

/**
 * Spec §4 subscription transitions. A transition that does not apply in the current state is a 422 naming the
 * state. One billed by Stripe is changed there, after the transaction that checked it (no transaction is open
 * during the call: modules/whitelabel/stripeSubscriptionActions.service.ts).
 */
export async function transitionSubscription(
  deps: AppDeps,
  payments: Payments,
  owner: number,
  id: number,
  action: Transition,
): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  const record = async (tx: Queryable) => {
    await logEvent(
      tx,
      owner,
      id,
      action === 'cancel' ? 'canceled' : action === 'restore' ? 'restored' : 'reactivated',
      now,
    );
    await dispatchEvent(db, tx, owner, EVENT_OF[action], await subscriptionOf(tx, owner, id), now);
  };
  const atStripe = await db.transaction(async (tx) => {
    await settleEndedPeriods(tx, owner, now);
    const s = await lockForTransition(tx, owner, id);
    if (!s) throw notFound();
    // Billed by Stripe: the change is made there, after this transaction.
    if (s.billing_provider === 'stripe' && s.provider_subscription_ref && payments.provider.billing) {
      const billed = { ...s, provider_subscription_ref: s.provider_subscription_ref };
      checkStripeTransition(billed, action);
      return billed;
    }
    switch (action) {
      case 'cancel':
        // Active to the end of the period, no more invoices.
        if (s.status === 'canceled' || s.cancel_at_period_end) throw unprocessable('whitelabel.not_active', 'status');
        await markCancelAtPeriodEnd(tx, id, now);
        break;
      case 'restore':
        // One managed by the payment provider is managed manually from now on.
        if (s.managed_by !== 'provider') throw unprocessable('whitelabel.not_provider_managed', 'status');
        await manageManually(tx, id, now);
        break;
      case 'reactivate': {
        if (s.status === 'active' && !s.cancel_at_period_end)
          throw unprocessable('whitelabel.already_active', 'status');
        // Billed by the sandbox (test mode), a cancelled one comes back as Stripe's does: its period is
        // paid at the package's amount now for its interval (monthly when the package no longer sells yearly).
        const billed =
          s.status === 'canceled' && s.managed_by === 'provider' && s.billing_provider === 'sandbox'
            ? await sandboxRestart(tx, payments, s, now)
            : null;
        const periodEnd =
          billed?.periodEnd ??
          (s.status === 'canceled' ? addDays(now, SUBSCRIPTION_PERIOD_DAYS) : s.current_period_end);
        await reactivateRow(tx, id, now, periodEnd, billed?.interval ?? null);
        await setCustomerActive(tx, s.customer_id, true, id, periodEnd);
        // A cancelled subscription coming back starts a new paid period with its month of credits.
        if (s.status === 'canceled')
          await grantPaidPeriod(tx, {
            subscriptionId: id,
            periodStart: now,
            periodEnd: firstCreditPeriodEnd(now, periodEnd),
            sourceEventId: `reactivate:${id}:${now.toISOString()}`,
            at: now,
            mail: deps,
          });
        break;
      }
    }
    await record(tx);
    return null;
  });
  if (atStripe) await changeAtStripe(db, payments, atStripe, action, now, record);
}

/**
 * The payment of a sandbox-billed subscription reactivated after it ended: the package's amount now
 * (the sandbox's renewals charge the same, credits/renewals.ts), to the reseller's connected test
 * account when it has one. Nothing is charged for a free package.
 */
async function sandboxRestart(
  tx: Queryable,
  payments: Payments,
  s: { id: number; owner_id: number; package_id: number; billing_interval: BillingInterval },
  now: Date,
): Promise<{ periodEnd: Date; interval: BillingInterval }> {
  const pkg = (await packageForSync(tx, s.package_id))!;
  const interval: BillingInterval = s.billing_interval === 'year' && pkg.yearly_price_cents !== null ? 'year' : 'month';
  const amount = interval === 'year' ? pkg.yearly_price_cents! : pkg.monthly_price_cents;
  if (amount > 0) {
    const connected = await connectedAccountOf(tx, s.owner_id, 'sandbox');
    const ref = `ch_sandbox_reactivate_${s.id}_${now.getTime()}`;
    await recordPayment(tx, {
      ownerId: s.owner_id,
      subscriptionId: s.id,
      amountCents: amount,
      kind: 'charge',
      ref,
      at: now,
      provider: 'sandbox',
      connectedAccount: connected,
      applicationFeeCents: connected ? platformFee(payments.config, amount) : 0,
    });
    await logEvent(tx, s.owner_id, s.id, 'payment', now, { amount_cents: amount });
  }
  return { periodEnd: interval === 'year' ? addMonths(now, 12) : addDays(now, SUBSCRIPTION_PERIOD_DAYS), interval };
}

/**
 * Spec §4 refund: the last payment goes back and the subscription ends at once — once, however many
 * requests race: the payment is claimed (`refunding`) under the subscription's row lock, the
 * provider refunds it with no transaction open (effect key and idempotency key), and the outcome is
 * recorded after. A lost answer leaves it refunding (503); Stripe's charge.refunded event finishes it.
 */
export async function refundSubscription(deps: AppDeps, payments: Payments, owner: number, id: number): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  const claimed = await db.transaction(async (tx) => {
    await settleEndedPeriods(tx, owner, now);
    const status = await lockSubscriptionStatus(tx, owner, id);
    if (!status) throw notFound();
    // A cancelled subscription has had its refund (a second call must not return an older payment too).
    if (status === 'canceled') throw unprocessable('whitelabel.nothing_to_refund', 'status');
    const last = await lastRefundableCharge(tx, id);
    if (!last) throw unprocessable('whitelabel.nothing_to_refund', 'status');
    if (last.status === 'refunding') throw unprocessable('whitelabel.refund_pending', 'status');
    await markPaymentRefunding(tx, last.id);
    return last;
  });
  let outcome;
  try {
    outcome = await refundAtProvider(db, payments, claimed);
  } catch (error) {
    if (error instanceof PaymentUnknownError) throw new ApiError(503, 'whitelabel.refund_pending');
    throw error;
  }
  if (outcome.status !== 'refunded') {
    await db.transaction(async (tx) => {
      await releaseRefundClaim(tx, claimed.id);
      await settleRefundEffect(tx, claimed.id, outcome);
    });
    throw unprocessable('whitelabel.refund_failed', 'status', { reason: outcome.failureCode ?? 'refund_failed' });
  }
  await finishRefund(db, claimed.id, outcome, now);
  await endAtStripe(db, payments, id);
}

/** Stripe's (or the sandbox's) refund event: a refund whose answer was lost, or one made in Stripe's dashboard. */
export function registerRefundEvents(deps: AppDeps, payments: Payments): void {
  const { db, clock } = deps;
  payments.events.on('charge.refunded', async (event) => {
    const intent = (event.data.object as { payment_intent?: string | null }).payment_intent;
    if (!intent) return;
    const paid = await refundablePaymentByRef(db, payments.provider.name, intent);
    if (!paid) return;
    await finishRefund(db, paid.id, { ref: intent, status: 'refunded' }, clock.now());
    await endAtStripe(db, payments, paid.subscription_id);
  });
}

/**
 * Records a refund the provider made: the payment refunded, the subscription cancelled, the customer
 * inactive, the event logged and dispatched — once (the payment's status is the guard).
 */
export async function finishRefund(db: Db, paymentId: number, outcome: ChargeOutcome, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // The subscription is locked before its payment, in the order refundSubscription takes them:
    // the other way round deadlocks with a concurrent refund request holding the subscription.
    await lockSubscriptionOfPayment(tx, paymentId);
    await settleRefundEffect(tx, paymentId, outcome);
    const paid = await markPaymentRefunded(tx, paymentId, now);
    if (!paid) return;
    const sub = await lockSubscriptionCustomer(tx, paid.subscription_id);
    if (!sub) return;
    if (sub.status !== 'canceled') {
      await cancelRefunded(tx, paid.subscription_id, now);
      await setCustomerActive(tx, sub.customer_id, false, paid.subscription_id, null);
    }
    await logEvent(tx, paid.owner_id, paid.subscription_id, 'refunded', now, { amount_cents: paid.amount_cents });
    await dispatchEvent(
      db,
      tx,
      paid.owner_id,
      'subscription.refunded',
      await subscriptionOf(tx, paid.owner_id, paid.subscription_id),
      now,
    );
  });
}
