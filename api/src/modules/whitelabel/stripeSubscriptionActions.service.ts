import type { Db, Queryable } from '../../db';
import { grantPaidPeriod } from '../../credits/periodGrant';
import { claimEffects, firstSentAt, releaseEffect, settleEffects } from '../../effects/externalEffects';
import { ApiError, unprocessable } from '../../http/errors';
import {
  idempotencyKeyMayBeForgotten,
  PaymentUnknownError,
  platformFee,
  type Payments,
  type ProviderSubscriptionState,
  type SubscriptionOutcome,
} from '../../providers/payments';
import { restartPrice } from './stripeCatalog.service';
import { connectedAccountOf, recordPayment } from './billing.repository';
import { setCustomerActive } from './customers.service';
import {
  advanceProviderEventAt,
  cancelSubscriptionNow,
  lockSubscription,
  restartedAtStripe,
  setCancelAtPeriodEnd,
  stripeRefOf,
} from './subscriptions.repository';

/**
 * The reseller's cancel / restore / reactivate of a subscription billed by Stripe (issue 25 item 2,
 * ADR 025). Stripe holds the subscription, so the change is made there and our row follows Stripe's
 * answer — the same state its `customer.subscription.updated|deleted` event then brings (applying it
 * twice changes nothing):
 *
 * - cancel: `cancel_at_period_end = true` (active to the period's end, no more invoices);
 * - restore, or reactivate before the period ended: `cancel_at_period_end = false`;
 * - reactivate after it ended: a new subscription of the same customer and card at the package's current
 *   Price (Stripe cannot resume a cancelled one, nor start one on an archived Price; the Price is made or
 *   restored first when the package's sync has not run yet, stripeCatalog.restartPrice), paid to the
 *   reseller's connected account as it is now; its first invoice's period is granted as a new paid period.
 *
 * Each change is an external effect keyed by the subscription, the action and the subscription's
 * version (the changes logged so far): two requests racing on the same state make one call to
 * Stripe; the other is told a change is under way. No transaction is open during the call.
 */
export type StripeAction = 'cancel' | 'restore' | 'reactivate';

export interface StripeBilled {
  id: number;
  customer_id: number;
  owner_id: number;
  status: string;
  cancel_at_period_end: boolean;
  provider_subscription_ref: string;
  /** How many changes the subscription has had (its usage events): two requests on the same version race for one change. */
  version: number;
}

/** Stripe's word on what a transition means for a subscription it bills; a transition that does not apply is a 422. */
export function checkStripeTransition(sub: StripeBilled, action: StripeAction): void {
  if (action === 'cancel' && (sub.status === 'canceled' || sub.cancel_at_period_end))
    throw unprocessable('whitelabel.not_active', 'status');
  // Restore takes back a cancellation at the period's end (the subscription stays billed by Stripe).
  if (action === 'restore' && (sub.status === 'canceled' || !sub.cancel_at_period_end))
    throw unprocessable('whitelabel.already_active', 'status');
  if (action === 'reactivate' && sub.status !== 'canceled' && !sub.cancel_at_period_end)
    throw unprocessable('whitelabel.already_active', 'status');
}

/**
 * Our row after Stripe's state of the subscription (its answer, or its event with `eventAt`, the
 * event's creation time: an event older than the last one applied changes nothing, as Stripe may
 * deliver them out of order).
 */
export async function applyStripeState(
  q: Queryable,
  subscriptionId: number,
  state: ProviderSubscriptionState,
  now: Date,
  eventAt?: Date,
): Promise<void> {
  if (eventAt && !(await advanceProviderEventAt(q, subscriptionId, eventAt))) return;
  if (state.status === 'canceled') {
    const customerId = await cancelSubscriptionNow(q, subscriptionId, now);
    if (customerId !== null) await setCustomerActive(q, customerId, false, subscriptionId, null);
    return;
  }
  await setCancelAtPeriodEnd(q, subscriptionId, state.cancelAtPeriodEnd, now);
}

/**
 * Makes the change at Stripe and records it (with `record`, the caller's log and webhook, in the same
 * transaction). Throws 409 when the same change is already being made, 503 when Stripe's answer was
 * lost (the reseller tries again; the idempotency key makes it the same request), 422 when a new
 * subscription's first invoice is refused.
 */
export async function changeAtStripe(
  db: Db,
  payments: Payments,
  sub: StripeBilled,
  action: StripeAction,
  now: Date,
  record: (tx: Queryable) => Promise<void>,
): Promise<void> {
  const billing = payments.provider.billing;
  if (!billing) throw new ApiError(503, 'settings.payment_unavailable');
  const key = `stripe-subscription:${sub.id}:${action}:${sub.version}`;
  if (!(await claimEffects(db, 'charge', [key])).has(key))
    throw new ApiError(409, 'whitelabel.subscription_change_pending');
  const restart = action === 'reactivate' && sub.status === 'canceled';
  let state: ProviderSubscriptionState | null = null;
  let restarted: SubscriptionOutcome | null = null;
  let price: Awaited<ReturnType<typeof restartPrice>> = null;
  try {
    if (restart) {
      price = await restartPrice(db, billing, sub.id, now);
      // The package's Price is being made by another worker, or Stripe refused it: nothing was asked of the subscription.
      if (!price) throw new PaymentUnknownError(new Error(`no current Price for subscription ${sub.id}`));
      const connected = await connectedAccountOf(db, sub.owner_id, 'stripe');
      const idempotencyKey = `leadsmith-${key.replace(/:/g, '-')}`;
      // The reseller may try again a day later, when Stripe has forgotten the key and would make a second
      // subscription and charge again: from 23 hours after the first attempt, one an earlier attempt made
      // is found by its reactivation metadata and adopted, and the create is sent only when Stripe has none.
      const keyForgotten = idempotencyKeyMayBeForgotten(payments.provider, await firstSentAt(db, key, now), now);
      const made =
        keyForgotten && billing.findSubscription
          ? await billing.findSubscription('reactivation', idempotencyKey)
          : null;
      restarted =
        made ??
        (await billing.restartSubscription(sub.provider_subscription_ref, {
          priceRef: price.priceRef,
          idempotencyKey,
          metadata: { reactivation: idempotencyKey },
          destinationAccount: connected,
          applicationFeePercent: connected ? payments.config.platformFeePercent : 0,
        }));
    } else
      state = await billing.setCancelAtPeriodEnd(
        sub.provider_subscription_ref,
        action === 'cancel',
        `leadsmith-${key.replace(/:/g, '-')}`,
      );
  } catch (error) {
    await releaseEffect(db, key);
    if (error instanceof PaymentUnknownError) throw new ApiError(503, 'settings.payment_unavailable');
    throw error;
  }
  if (restarted?.status === 'failed') {
    const failure = restarted.failureCode;
    await db.transaction((tx) =>
      settleEffects(tx, [{ key, ok: false, outcome: { status: 'failed', failure_code: failure } }]),
    );
    throw unprocessable('whitelabel.card_declined', 'status', { reason: failure });
  }
  await db.transaction(async (tx) => {
    await lockSubscription(tx, sub.id);
    await settleEffects(tx, [
      {
        key,
        ok: true,
        outcome:
          restarted?.status === 'active'
            ? { subscription: restarted.ref }
            : { cancel_at_period_end: state?.cancelAtPeriodEnd ?? null },
      },
    ]);
    if (state) await applyStripeState(tx, sub.id, state, now);
    if (restarted?.status === 'active') {
      await restartedAtStripe(
        tx,
        sub.id,
        { ref: restarted.ref, periodEnd: restarted.periodEnd, interval: price?.interval ?? null },
        now,
      );
      await setCustomerActive(tx, sub.customer_id, true, sub.id, restarted.periodEnd);
      await grantPaidPeriod(tx, {
        subscriptionId: sub.id,
        periodStart: restarted.periodStart,
        periodEnd: restarted.periodEnd,
        sourceEventId: `stripe:${restarted.invoiceRef}`,
        at: now,
      });
      if (restarted.paymentRef) {
        const connected = await connectedAccountOf(tx, sub.owner_id, 'stripe');
        await recordPayment(tx, {
          ownerId: sub.owner_id,
          subscriptionId: sub.id,
          amountCents: restarted.amountPaidCents,
          kind: 'charge',
          ref: restarted.paymentRef,
          at: now,
          provider: 'stripe',
          connectedAccount: connected,
          applicationFeeCents: connected ? platformFee(payments.config, restarted.amountPaidCents) : 0,
        });
      }
    }
    await record(tx);
  });
}

/**
 * A refunded Stripe-billed subscription ends at Stripe too (spec §4: cancelled at once), or Stripe
 * would bill the next period. Ending an ended subscription is done already, so the route and the
 * charge.refunded event may both ask.
 */
export async function endAtStripe(db: Db, payments: Payments, subscriptionId: number): Promise<void> {
  const billing = payments.provider.billing;
  if (!billing) return;
  const ref = await stripeRefOf(db, subscriptionId);
  if (ref) await billing.cancelSubscription(ref);
}
