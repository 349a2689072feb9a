import { grantPaidPeriod, markRenewalFailed } from '../../credits/periodGrant';
import type { Db } from '../../db';
import { setCustomerActive } from '../../routes/whitelabel/customers';
import type { Payments } from './index';
import type { PaymentEvent } from './types';

interface InvoiceObject {
  id?: string;
  subscription?: string | null;
  parent?: { subscription_details?: { subscription?: string | null } | null } | null;
  lines?: { data?: { period?: { start?: number; end?: number } }[] };
  period_start?: number;
  period_end?: number;
}

/** The subscription an invoice belongs to (`parent.subscription_details` in current API versions, `subscription` before). */
function subscriptionRefOf(invoice: InvoiceObject): string | null {
  return invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null;
}

async function ourSubscription(db: Db, stripeRef: string | null): Promise<{ id: number; customer_id: number } | undefined> {
  if (!stripeRef) return undefined;
  return (
    await db.query<{ id: number; customer_id: number }>(`SELECT id, customer_id FROM whitelabel_subscriptions WHERE billing_provider = 'stripe' AND provider_subscription_ref = $1`, [stripeRef])
  ).rows[0];
}

/**
 * Stripe Billing's events for reseller subscriptions kept at Stripe (`billing_provider = 'stripe'`,
 * `provider_subscription_ref` = Stripe's `sub_…`), mapped onto the same subscription states as the
 * sandbox's renewals and PayKickstart's IPNs (credits/periodGrant.ts): a paid invoice grants its period
 * once (keyed by the invoice id), a failed one makes the subscription past due, a deleted subscription
 * ends it, an update carries `cancel_at_period_end`.
 */
export function registerSubscriptionEvents(payments: Payments, db: Db, now: () => Date): void {
  payments.events.on('invoice.paid', async (event: PaymentEvent) => {
    const invoice = event.data.object as InvoiceObject;
    const sub = await ourSubscription(db, subscriptionRefOf(invoice));
    const period = invoice.lines?.data?.[0]?.period ?? { start: invoice.period_start, end: invoice.period_end };
    if (!sub || !invoice.id || !period.start || !period.end || period.end <= period.start) return;
    await grantPaidPeriod(db, { subscriptionId: sub.id, periodStart: new Date(period.start * 1000), periodEnd: new Date(period.end * 1000), sourceEventId: `stripe:${invoice.id}`, at: now() });
  });
  payments.events.on('invoice.payment_failed', async (event) => {
    const invoice = event.data.object as InvoiceObject;
    const sub = await ourSubscription(db, subscriptionRefOf(invoice));
    if (sub && invoice.id) await markRenewalFailed(db, { subscriptionId: sub.id, sourceEventId: `stripe:${invoice.id}`, at: now() });
  });
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
