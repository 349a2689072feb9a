import type { Db } from '../../db';
import { applyStripeState } from '../../modules/whitelabel/stripeSubscriptionActions.service';
import { lockSubscription, subscriptionIdByStripeRef } from '../../modules/whitelabel/subscriptions.repository';
import type { PaymentEvent } from './types';
import type { Payments } from './index';

/**
 * Stripe Billing's subscription events for reseller subscriptions kept at Stripe (`billing_provider =
 * 'stripe'`, `provider_subscription_ref` = Stripe's `sub_…`): an update carries `cancel_at_period_end`
 * (or a cancelled status), a deleted subscription ends it and the customer's access — the same
 * state the reseller's cancel / restore / reactivate apply from Stripe's answer
 * (stripeSubscriptionActions.service.ts). The invoices — a paid period granted, a failed renewal past due —
 * are modules/whitelabel/renewalEvents.service.ts.
 */
export function registerSubscriptionEvents(payments: Payments, db: Db, now: () => Date): void {
  const follow = async (event: PaymentEvent) => {
    const object = event.data.object as { id?: string; status?: string; cancel_at_period_end?: boolean };
    const subscriptionId = object.id ? await subscriptionIdByStripeRef(db, object.id) : null;
    if (subscriptionId === null || typeof object.status !== 'string') return;
    const state = {
      ref: object.id!,
      status: event.type === 'customer.subscription.deleted' ? 'canceled' : object.status,
      cancelAtPeriodEnd: object.cancel_at_period_end === true,
    };
    await db.transaction(async (tx) => {
      await lockSubscription(tx, subscriptionId);
      await applyStripeState(tx, subscriptionId, state, now(), new Date(event.created * 1000));
    });
  };
  payments.events.on('customer.subscription.updated', follow);
  payments.events.on('customer.subscription.deleted', follow);
}
