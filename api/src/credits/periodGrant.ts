import { CUSTOMER_BASE_MODULE_SLUGS } from '@leadsmith/shared/constants';
import type { Db, Queryable } from '../db';
import { formatCents, sendTemplatedMail, type MailDeps } from '../mail/templatedMail';
import { paymentFailureReason, type PaymentFailure } from '../providers/payments/failureReason';
import { grantCredits, rollOverMonthly } from './ledger';

/**
 * Subscriptions that renew (spec §3 wallet, issue 25 item 3). Every paid period of a reseller's
 * subscription grants its package's monthly credits exactly once; what is left of the last period's
 * monthly credits rolls over first. A failed renewal makes the subscription past due and pauses the
 * customer's access unless its package keeps it.
 *
 * Callers: the sandbox renewal job (credits/renewals.ts, off the app clock), Stripe's `invoice.paid`
 * / `invoice.payment_failed` handlers and PayKickstart's IPN (providers/payments). Each passes the
 * provider's event or invoice id as `sourceEventId`.
 *
 * Exactly once: the subscription row is locked for the whole grant, and a period counts as already
 * paid when its id was seen (`source_event_id`), when a period with the same start exists, or when
 * the middle of the new period falls inside a period already granted. The last rule keeps the first
 * period from being granted twice when the subscription started in our clock (startSubscription) and
 * the provider then reports the same first period with its own, slightly later, timestamps.
 */

const DAY_MS = 86_400_000;
/** The average month (365.2425 / 12 days), to count the months of a period. */
const MONTH_MS = 30.436875 * DAY_MS;

export interface PaidPeriod {
  subscriptionId: number;
  periodStart: Date;
  periodEnd: Date;
  /** The provider's event (or invoice) id: the same id never grants twice. */
  sourceEventId: string;
  /** When the grant is written (defaults to now); ledger rows carry this time. */
  at?: Date;
  /** Mails the customer a renewal email in the grant's transaction (issue 33); without it, no email. */
  mail?: MailDeps;
}

export type GrantOutcome =
  | { granted: true; credits: number; rolledOver: number }
  | { granted: false; reason: 'duplicate' | 'unknown_subscription' | 'canceled' };

export interface RenewalFailure {
  subscriptionId: number;
  sourceEventId: string;
  at?: Date;
  /** Mails the customer a failed-payment email in the failure's transaction (issue 33); without it, no email. */
  mail?: MailDeps;
  /** Why the provider could not collect (Stripe's decline code and message): the email's reason; none says it was not collected. */
  failure?: PaymentFailure | null;
  /** What the provider tried to collect (the invoice's amount due); defaults to the package's monthly price. */
  amountCents?: number | null;
}

export type FailureOutcome =
  { changed: true; paused: boolean } | { changed: false; reason: 'unknown_subscription' | 'not_active' };

interface SubscriptionRow {
  id: number;
  owner_id: number;
  customer_id: number;
  status: 'active' | 'past_due' | 'canceled';
  monthly_credits: number;
  package_name: string;
  past_due_access: 'pause' | 'keep';
  search_limit: number | null;
  monthly_price_cents: number;
  yearly_price_cents: number | null;
}

/** Months a paid period covers (a yearly period grants twelve months of credits), at least one. */
export function monthsIn(start: Date, end: Date): number {
  return Math.max(1, Math.round((end.getTime() - start.getTime()) / MONTH_MS));
}

/** `at` plus `months` calendar months (UTC). */
export function addMonths(at: Date, months: number): Date {
  const next = new Date(at.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

function inTransaction<T>(db: Db | Queryable, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return 'transaction' in db && typeof db.transaction === 'function' ? db.transaction(fn) : fn(db);
}

async function lockSubscription(tx: Queryable, id: number): Promise<SubscriptionRow | undefined> {
  const { rows } = await tx.query<SubscriptionRow>(
    `SELECT s.id, s.owner_id, s.customer_id, s.status, p.monthly_credits, p.name AS package_name, p.past_due_access, p.search_limit,
            p.monthly_price_cents, p.yearly_price_cents
       FROM whitelabel_subscriptions s JOIN whitelabel_packages p ON p.id = s.package_id
      WHERE s.id = $1 FOR UPDATE OF s`,
    [id],
  );
  return rows[0];
}

async function usageEvent(
  tx: Queryable,
  sub: SubscriptionRow,
  event: string,
  at: Date,
  detail: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    'INSERT INTO whitelabel_usage_events (owner_id, subscription_id, event, detail, created_at) VALUES ($1, $2, $3, $4::jsonb, $5)',
    [sub.owner_id, sub.id, event, JSON.stringify(detail), at],
  );
}

/**
 * The customer's access while its subscription is paid: active, with the customer modules its reseller
 * holds now (own or plan). A reseller grants only what it holds (ADR 056): a base module it has lost is
 * not granted, and one the customer got from an earlier period is withdrawn with this one.
 */
export async function resumeAccess(
  tx: Queryable,
  customerId: number,
  subscriptionId: number,
  periodEnd: Date | null,
): Promise<void> {
  await tx.query(
    `UPDATE users SET subscription_status = 'active', subscription_id = $2, license_expires_at = $3 WHERE id = $1`,
    [customerId, `wl_${subscriptionId}`, periodEnd],
  );
  const base = `{${CUSTOMER_MODULE_SLUGS.join(',')}}`;
  const resellerHolds =
    'SELECT hm.module_id FROM whitelabel_subscriptions s JOIN user_held_modules hm ON hm.user_id = s.owner_id WHERE s.id = $2';
  await tx.query(
    `INSERT INTO user_modules (user_id, module_id)
     SELECT $1, m.id FROM modules m WHERE m.slug = ANY($3::text[]) AND m.id IN (${resellerHolds}) ON CONFLICT DO NOTHING`,
    [customerId, subscriptionId, base],
  );
  await tx.query(
    `DELETE FROM user_modules WHERE user_id = $1 AND module_id IN (SELECT id FROM modules WHERE slug = ANY($3::text[])) AND module_id NOT IN (${resellerHolds})`,
    [customerId, subscriptionId, base],
  );
}

/** Modules a reseller's customer holds while its subscription is paid. */
export const CUSTOMER_MODULE_SLUGS = CUSTOMER_BASE_MODULE_SLUGS;

/**
 * Grants one paid period of a subscription: rolls the unused monthly credits over, adds the
 * package's monthly credits (times the months the period covers), moves the subscription to the
 * period (active again if it was past due) and resumes the customer's access. Idempotent per period
 * and per `sourceEventId`. Pass a `Db` (a transaction is opened) or an open transaction. With
 * `mail`, a renewal (any period after the first, or one that ends a past-due stretch) mails the
 * customer its renewal email in the same transaction, so it is sent once per period granted.
 */
export async function grantPaidPeriod(db: Db | Queryable, period: PaidPeriod): Promise<GrantOutcome> {
  const { subscriptionId, periodStart, periodEnd, sourceEventId } = period;
  if (!(periodEnd.getTime() > periodStart.getTime()))
    throw new Error(`grantPaidPeriod: periodEnd must be after periodStart (subscription ${subscriptionId})`);
  if (!sourceEventId) throw new Error('grantPaidPeriod: sourceEventId is required');
  const at = period.at ?? new Date();
  return inTransaction(db, async (tx) => {
    const sub = await lockSubscription(tx, subscriptionId);
    if (!sub) return { granted: false, reason: 'unknown_subscription' } as const;
    if (sub.status === 'canceled') return { granted: false, reason: 'canceled' } as const;
    const middle = new Date((periodStart.getTime() + periodEnd.getTime()) / 2);
    const seen = await tx.query(
      `SELECT 1 FROM subscription_periods
        WHERE source_event_id = $2 OR (subscription_id = $1 AND (period_start = $3 OR (period_start <= $4 AND period_end > $4))) LIMIT 1`,
      [subscriptionId, sourceEventId, periodStart, middle],
    );
    if (seen.rows[0]) {
      // The provider's dates win for the period we already granted (its end may be a little later than ours).
      await tx.query(
        'UPDATE whitelabel_subscriptions SET current_period_end = GREATEST(current_period_end, $2), updated_at = $3 WHERE id = $1 AND status <> $4',
        [subscriptionId, periodEnd, at, 'canceled'],
      );
      return { granted: false, reason: 'duplicate' } as const;
    }
    const credits = sub.monthly_credits * monthsIn(periodStart, periodEnd);
    const first = !(
      await tx.query('SELECT 1 FROM subscription_periods WHERE subscription_id = $1 LIMIT 1', [subscriptionId])
    ).rows[0];
    const rolledOver = first
      ? 0
      : await rollOverMonthly(tx, sub.customer_id, `Unused monthly credits of ${sub.package_name} rolled over`, {
          now: at,
        });
    await tx.query(
      'INSERT INTO subscription_periods (subscription_id, period_start, period_end, credits, rolled_over, source_event_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [subscriptionId, periodStart, periodEnd, credits, rolledOver, sourceEventId, at],
    );
    if (credits > 0)
      await grantCredits(tx, sub.customer_id, credits, 'monthly', `Package ${sub.package_name}`, { now: at });
    await tx.query(
      `UPDATE whitelabel_subscriptions SET status = 'active', past_due_since = NULL, current_period_start = $2,
              current_period_end = GREATEST(current_period_end, $3), updated_at = $4 WHERE id = $1`,
      [subscriptionId, periodStart, periodEnd, at],
    );
    // The search limit is the package's own number (never the credits); null leaves the customer's as it is.
    if (sub.search_limit !== null)
      await tx.query('UPDATE users SET search_limit = $2 WHERE id = $1', [sub.customer_id, sub.search_limit]);
    const end = (
      await tx.query<{ current_period_end: Date }>(
        'SELECT current_period_end FROM whitelabel_subscriptions WHERE id = $1',
        [subscriptionId],
      )
    ).rows[0]!.current_period_end;
    await resumeAccess(tx, sub.customer_id, subscriptionId, end);
    if (!first || sub.status === 'past_due') {
      await usageEvent(tx, sub, 'renewed', at, {
        credits,
        rolled_over: rolledOver,
        period_start: periodStart.toISOString(),
        period_end: periodEnd.toISOString(),
      });
      // The renewal email goes with the period it reports, so a period granted once is mailed once.
      if (period.mail)
        await mailRenewal(tx, period.mail, sub, { credits, months: monthsIn(periodStart, periodEnd), end });
    }
    return { granted: true, credits, rolledOver } as const;
  });
}

async function mailRenewal(
  tx: Queryable,
  mail: MailDeps,
  sub: SubscriptionRow,
  period: { credits: number; months: number; end: Date },
): Promise<void> {
  const cents =
    period.months >= 12 && sub.yearly_price_cents !== null
      ? sub.yearly_price_cents * Math.floor(period.months / 12)
      : sub.monthly_price_cents * period.months;
  await sendTemplatedMail(tx, mail, {
    kind: 'subscription_renewal',
    userId: sub.customer_id,
    vars: {
      plan: sub.package_name,
      amount: formatCents(cents),
      period_end: period.end.toISOString().slice(0, 10),
      credits: String(period.credits),
    },
  });
}

/**
 * A renewal the provider could not collect: the subscription becomes past due, and the customer's
 * access is paused unless the package keeps it (`past_due_access`). A second report of the same
 * failure changes nothing (and, with `mail`, mails nothing: the customer gets one `payment_failed` email per
 * failed renewal). The next paid period (grantPaidPeriod) makes it active again.
 */
export async function markRenewalFailed(db: Db | Queryable, failure: RenewalFailure): Promise<FailureOutcome> {
  const at = failure.at ?? new Date();
  return inTransaction(db, async (tx) => {
    const sub = await lockSubscription(tx, failure.subscriptionId);
    if (!sub) return { changed: false, reason: 'unknown_subscription' } as const;
    if (sub.status !== 'active') return { changed: false, reason: 'not_active' } as const;
    await tx.query(
      `UPDATE whitelabel_subscriptions SET status = 'past_due', past_due_since = $2, updated_at = $2 WHERE id = $1`,
      [sub.id, at],
    );
    const paused = sub.past_due_access === 'pause';
    if (paused) {
      await tx.query(`UPDATE users SET subscription_status = 'past_due' WHERE id = $1`, [sub.customer_id]);
      await tx.query(
        'DELETE FROM user_modules WHERE user_id = $1 AND module_id IN (SELECT id FROM modules WHERE slug = ANY($2::text[]))',
        [sub.customer_id, `{${CUSTOMER_MODULE_SLUGS.join(',')}}`],
      );
    }
    const reason = failure.failure ?? null;
    await usageEvent(tx, sub, 'past_due', at, {
      source_event_id: failure.sourceEventId,
      access: paused ? 'paused' : 'kept',
      failure_code: reason?.declineCode ?? reason?.code ?? null,
    });
    // The failed-payment email goes with the change to past due: a repeated report changes nothing and mails nothing.
    if (failure.mail) {
      const amount = formatCents(failure.amountCents ?? sub.monthly_price_cents);
      await sendTemplatedMail(tx, failure.mail, {
        kind: 'payment_failed',
        userId: sub.customer_id,
        vars: (lang) => ({ amount, reason: paymentFailureReason(lang, reason) }),
      });
    }
    return { changed: true, paused } as const;
  });
}
