import type { Queryable } from '../../db';

/** Our subscription billed by Stripe under this Stripe subscription id, or null. */
export async function subscriptionIdByStripeRef(q: Queryable, stripeId: string): Promise<number | null> {
  const { rows } = await q.query<{ id: number }>(
    `SELECT id FROM whitelabel_subscriptions WHERE billing_provider = 'stripe' AND provider_subscription_ref = $1`,
    [stripeId],
  );
  return rows[0]?.id ?? null;
}

/** Whether a paid period was granted for this source event (an invoice) already. */
export async function periodGrantedFor(q: Queryable, sourceEventId: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM subscription_periods WHERE source_event_id = $1', [sourceEventId])).rowCount > 0;
}

export async function subscriptionOwnerOf(q: Queryable, subscriptionId: number): Promise<number> {
  return (
    await q.query<{ owner_id: number }>('SELECT owner_id FROM whitelabel_subscriptions WHERE id = $1', [subscriptionId])
  ).rows[0]!.owner_id;
}

export async function isActiveSubscription(q: Queryable, subscriptionId: number): Promise<boolean> {
  return (
    (await q.query(`SELECT 1 FROM whitelabel_subscriptions WHERE id = $1 AND status = 'active'`, [subscriptionId]))
      .rowCount > 0
  );
}

/** Records the provider event's time unless a newer one was applied; false when this one is older. */
export async function advanceProviderEventAt(q: Queryable, subscriptionId: number, eventAt: Date): Promise<boolean> {
  const newer = await q.query(
    'UPDATE whitelabel_subscriptions SET provider_event_at = $2 WHERE id = $1 AND (provider_event_at IS NULL OR provider_event_at <= $2) RETURNING id',
    [subscriptionId, eventAt],
  );
  return newer.rowCount !== 0;
}

/** Cancels the subscription now unless it is cancelled already; answers its customer when it changed. */
export async function cancelSubscriptionNow(q: Queryable, subscriptionId: number, now: Date): Promise<number | null> {
  const ended = await q.query<{ customer_id: number }>(
    `UPDATE whitelabel_subscriptions SET status = 'canceled', canceled_at = $2, cancel_at_period_end = false, updated_at = $2 WHERE id = $1 AND status <> 'canceled' RETURNING customer_id`,
    [subscriptionId, now],
  );
  return ended.rows[0]?.customer_id ?? null;
}

export async function setCancelAtPeriodEnd(
  q: Queryable,
  subscriptionId: number,
  cancelAtPeriodEnd: boolean,
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE whitelabel_subscriptions SET cancel_at_period_end = $2, updated_at = $3 WHERE id = $1 AND status <> 'canceled' AND cancel_at_period_end <> $2`,
    [subscriptionId, cancelAtPeriodEnd, now],
  );
}

export async function lockSubscription(q: Queryable, subscriptionId: number): Promise<void> {
  await q.query('SELECT 1 FROM whitelabel_subscriptions WHERE id = $1 FOR UPDATE', [subscriptionId]);
}

/** The subscription active again on a new Stripe subscription, to its first period's end. */
export async function restartedAtStripe(
  q: Queryable,
  subscriptionId: number,
  r: { ref: string; periodEnd: Date; interval: string | null },
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE whitelabel_subscriptions SET provider_subscription_ref = $2, status = 'active', canceled_at = NULL, cancel_at_period_end = false, current_period_end = $3, updated_at = $4,
                billing_interval = COALESCE($5, billing_interval) WHERE id = $1`,
    [subscriptionId, r.ref, r.periodEnd, now, r.interval],
  );
}

/** The Stripe subscription id of a subscription billed by Stripe, or undefined. */
export async function stripeRefOf(q: Queryable, subscriptionId: number): Promise<string | undefined> {
  return (
    await q.query<{ provider_subscription_ref: string }>(
      `SELECT provider_subscription_ref FROM whitelabel_subscriptions WHERE id = $1 AND billing_provider = 'stripe' AND provider_subscription_ref IS NOT NULL`,
      [subscriptionId],
    )
  ).rows[0]?.provider_subscription_ref;
}
