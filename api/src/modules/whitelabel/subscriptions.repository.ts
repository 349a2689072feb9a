import type { Queryable } from '../../db';
import type { BillingInterval } from '../../providers/payments';

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

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled';

/** Spec §3 Subscription, as the reseller sees it. */
export interface Subscription {
  id: number;
  customer_id: number;
  customer_name: string;
  email: string;
  username: string;
  package_id: number;
  plan_name: string;
  additional_credits: number;
  welcome_email: boolean;
  status: SubscriptionStatus;
  managed_by: 'manual' | 'provider';
  /** Who collects the renewals: the embedded sandbox, Stripe Billing or PayKickstart. */
  billing_provider: 'sandbox' | 'stripe' | 'paykickstart';
  source: 'reseller' | 'sales_page';
  cancel_at_period_end: boolean;
  current_period_end: string;
  canceled_at: string | null;
  refundable: boolean;
  created_at: string;
}

const SELECT = `SELECT s.id, s.customer_id, s.customer_name, u.email, s.username, s.package_id, p.name AS plan_name, s.additional_credits, s.welcome_email,
    s.status, s.managed_by, s.billing_provider, s.source, s.cancel_at_period_end, s.current_period_end, s.canceled_at, s.created_at,
    EXISTS (SELECT 1 FROM whitelabel_payments pay WHERE pay.subscription_id = s.id AND pay.status = 'succeeded' AND pay.kind = 'charge') AS refundable
  FROM whitelabel_subscriptions s JOIN users u ON u.id = s.customer_id JOIN whitelabel_packages p ON p.id = s.package_id`;

/** The reseller's subscription as the API answers it, or null. */
export async function subscriptionOf(q: Queryable, ownerId: number, id: number): Promise<Subscription | null> {
  const { rows } = await q.query<Subscription>(`${SELECT} WHERE s.id = $1 AND s.owner_id = $2`, [id, ownerId]);
  return rows[0] ?? null;
}

/** A page of the reseller's subscriptions (optionally of one status), newest first. */
export async function subscriptionPage(
  q: Queryable,
  ownerId: number,
  status: SubscriptionStatus | null,
  page: number,
  pageSize: number,
): Promise<{ rows: Subscription[]; total: number }> {
  const { rows } = await q.query<Subscription>(
    `${SELECT} WHERE s.owner_id = $1 AND ($2::text IS NULL OR s.status = $2) ORDER BY s.id DESC LIMIT $3 OFFSET $4`,
    [ownerId, status, pageSize, (page - 1) * pageSize],
  );
  const count = await q.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM whitelabel_subscriptions WHERE owner_id = $1 AND ($2::text IS NULL OR status = $2)',
    [ownerId, status],
  );
  return { rows, total: count.rows[0]?.total ?? 0 };
}

export interface UsageEventRow {
  id: number;
  subscription_id: number;
  customer_name: string;
  username: string;
  event: string;
  detail: Record<string, unknown>;
  created_at: Date;
}

/** A page of what happened to the reseller's subscriptions, newest first. */
export async function usageEventPage(
  q: Queryable,
  ownerId: number,
  page: number,
  pageSize: number,
): Promise<{ rows: UsageEventRow[]; total: number }> {
  const { rows } = await q.query<UsageEventRow>(
    `SELECT e.id::int AS id, e.subscription_id, s.customer_name, s.username, e.event, e.detail, e.created_at
     FROM whitelabel_usage_events e JOIN whitelabel_subscriptions s ON s.id = e.subscription_id
    WHERE e.owner_id = $1 ORDER BY e.id DESC LIMIT $2 OFFSET $3`,
    [ownerId, pageSize, (page - 1) * pageSize],
  );
  const count = await q.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM whitelabel_usage_events WHERE owner_id = $1',
    [ownerId],
  );
  return { rows, total: count.rows[0]?.total ?? 0 };
}

/** Cancels the reseller's subscriptions cancelled at period end whose period is over; answers them. */
export async function endDuePeriods(
  q: Queryable,
  ownerId: number,
  now: Date,
): Promise<{ id: number; customer_id: number; current_period_end: Date }[]> {
  const { rows } = await q.query<{ id: number; customer_id: number; current_period_end: Date }>(
    `UPDATE whitelabel_subscriptions SET status = 'canceled', canceled_at = current_period_end, updated_at = $2
      WHERE owner_id = $1 AND status = 'active' AND cancel_at_period_end AND current_period_end <= $2 RETURNING id, customer_id, current_period_end`,
    [ownerId, now],
  );
  return rows;
}

/** Whether another subscription of the reseller has this username (any case). */
export async function usernameTaken(
  q: Queryable,
  ownerId: number,
  username: string,
  exceptId?: number,
): Promise<boolean> {
  const taken =
    exceptId === undefined
      ? await q.query('SELECT 1 FROM whitelabel_subscriptions WHERE owner_id = $1 AND lower(username) = lower($2)', [
          ownerId,
          username,
        ])
      : await q.query(
          'SELECT 1 FROM whitelabel_subscriptions WHERE owner_id = $1 AND lower(username) = lower($2) AND id <> $3',
          [ownerId, username, exceptId],
        );
  return taken.rows[0] !== undefined;
}

/** The reseller's subscription's customer, credits and package, row locked. */
export async function lockSubscriptionForEdit(
  q: Queryable,
  ownerId: number,
  id: number,
): Promise<{ customer_id: number; additional_credits: number; package_id: number } | undefined> {
  return (
    await q.query<{ customer_id: number; additional_credits: number; package_id: number }>(
      'SELECT customer_id, additional_credits, package_id FROM whitelabel_subscriptions WHERE id = $1 AND owner_id = $2 FOR UPDATE',
      [id, ownerId],
    )
  ).rows[0];
}

export async function updateSubscriptionDetails(
  q: Queryable,
  id: number,
  d: { customerName: string; username: string; packageId: number; additionalCredits: number },
  now: Date,
): Promise<void> {
  await q.query(
    'UPDATE whitelabel_subscriptions SET customer_name = $2, username = $3, package_id = $4, additional_credits = $5, updated_at = $6 WHERE id = $1',
    [id, d.customerName, d.username, d.packageId, d.additionalCredits, now],
  );
}

/** The customer account's name follows its subscription's. */
export async function renameCustomer(q: Queryable, customerId: number, first: string, last: string): Promise<void> {
  await q.query('UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1', [customerId, first, last]);
}

/** What a transition looks at, row locked; `version` counts its events (Stripe's idempotency keys use it). */
export interface TransitionState {
  id: number;
  owner_id: number;
  customer_id: number;
  status: string;
  managed_by: string;
  cancel_at_period_end: boolean;
  current_period_end: Date;
  billing_provider: string;
  provider_subscription_ref: string | null;
  package_id: number;
  billing_interval: BillingInterval;
  version: number;
}

export async function lockForTransition(
  q: Queryable,
  ownerId: number,
  id: number,
): Promise<TransitionState | undefined> {
  return (
    await q.query<TransitionState>(
      `SELECT id, owner_id, customer_id, status, managed_by, cancel_at_period_end, current_period_end, billing_provider, provider_subscription_ref, package_id, billing_interval,
            (SELECT count(*)::int FROM whitelabel_usage_events e WHERE e.subscription_id = s.id) AS version
       FROM whitelabel_subscriptions s WHERE id = $1 AND owner_id = $2 FOR UPDATE`,
      [id, ownerId],
    )
  ).rows[0];
}

/** Active to the end of the period, no more invoices. */
export async function markCancelAtPeriodEnd(q: Queryable, id: number, now: Date): Promise<void> {
  await q.query('UPDATE whitelabel_subscriptions SET cancel_at_period_end = true, updated_at = $2 WHERE id = $1', [
    id,
    now,
  ]);
}

export async function manageManually(q: Queryable, id: number, now: Date): Promise<void> {
  await q.query(`UPDATE whitelabel_subscriptions SET managed_by = 'manual', updated_at = $2 WHERE id = $1`, [id, now]);
}

/** Active again to `periodEnd` (and on `interval` when given). */
export async function reactivateRow(
  q: Queryable,
  id: number,
  now: Date,
  periodEnd: Date,
  interval: BillingInterval | null,
): Promise<void> {
  await q.query(
    `UPDATE whitelabel_subscriptions SET status = 'active', cancel_at_period_end = false, canceled_at = NULL, current_period_end = $3, updated_at = $2, billing_interval = COALESCE($4, billing_interval) WHERE id = $1`,
    [id, now, periodEnd, interval],
  );
}

/** The reseller's subscription's status, row locked. */
export async function lockSubscriptionStatus(
  q: Queryable,
  ownerId: number,
  id: number,
): Promise<SubscriptionStatus | undefined> {
  return (
    await q.query<{ status: SubscriptionStatus }>(
      'SELECT status FROM whitelabel_subscriptions WHERE id = $1 AND owner_id = $2 FOR UPDATE',
      [id, ownerId],
    )
  ).rows[0]?.status;
}

/** Locks the subscription a payment was made for. */
export async function lockSubscriptionOfPayment(q: Queryable, paymentId: number): Promise<void> {
  await q.query(
    'SELECT 1 FROM whitelabel_subscriptions WHERE id = (SELECT subscription_id FROM whitelabel_payments WHERE id = $1) FOR UPDATE',
    [paymentId],
  );
}

/** The subscription's customer and status, row locked. */
export async function lockSubscriptionCustomer(
  q: Queryable,
  id: number,
): Promise<{ customer_id: number; status: string } | undefined> {
  return (
    await q.query<{ customer_id: number; status: string }>(
      'SELECT customer_id, status FROM whitelabel_subscriptions WHERE id = $1 FOR UPDATE',
      [id],
    )
  ).rows[0];
}

/** Cancelled now by a refund. */
export async function cancelRefunded(q: Queryable, id: number, now: Date): Promise<void> {
  await q.query(
    `UPDATE whitelabel_subscriptions SET status = 'canceled', canceled_at = $2, cancel_at_period_end = false, updated_at = $2 WHERE id = $1`,
    [id, now],
  );
}
