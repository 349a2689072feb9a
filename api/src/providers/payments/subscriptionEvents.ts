import type { Db } from '../../db';
import { setCustomerActive } from '../../routes/whitelabel/customers';
import type { Payments } from './index';

async function ourSubscription(db: Db, stripeRef: string | null): Promise<{ id: number; customer_id: number } | undefined> {
  if (!stripeRef) return undefined;
  return (
    await db.query<{ id: number; customer_id: number }>(`SELECT id, customer_id FROM whitelabel_subscriptions WHERE billing_provider = 'stripe' AND provider_subscription_ref = $1`, [stripeRef])
  ).rows[0];
}

/**
 * Stripe Billing's subscription events for reseller subscriptions kept at Stripe (`billing_provider =
 * 'stripe'`, `provider_subscription_ref` = Stripe's `sub_…`): an update carries `cancel_at_period_end`,
 * a deleted subscription ends it and the customer's access. (The invoices — a paid period granted, a
 * failed renewal past due — are routes/whitelabel/renewalEvents.ts.)
 */
export function registerSubscriptionEvents(payments: Payments, db: Db, now: () => Date): void {
  payments.events.on('customer.subscription.updated', async (event) => {
    const object = event.data.object as { id?: string; cancel_at_period_end?: boolean };
    const sub = await ourSubscription(db, object.id ?? null);
    if (sub && typeof object.cancel_at_period_end === 'boolean') {
      await db.query(`UPDATE whitelabel_subscriptions SET cancel_at_period_end = $2, updated_at = $3 WHERE id = $1 AND status <> 'canceled'`, [sub.id, object.cancel_at_period_end, now()]);
    }
  });
  payments.events.on('customer.subscription.deleted', async (event) => {
    const sub = await ourSubscription(db, (event.data.object as { id?: string }).id ?? null);
    if (!sub) return;
    await db.transaction(async (tx) => {
      const ended = await tx.query(`UPDATE whitelabel_subscriptions SET status = 'canceled', canceled_at = $2, cancel_at_period_end = false, updated_at = $2 WHERE id = $1 AND status <> 'canceled'`, [sub.id, now()]);
      if (ended.rowCount === 1) await setCustomerActive(tx, sub.customer_id, false, sub.id, null);
    });
  });
}
