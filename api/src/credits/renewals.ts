import type { Db } from '../db';
import type { MailDeps } from '../mail/templatedMail';
import { walletBalance } from './ledger';
import { addMonths, grantPaidPeriod } from './periodGrant';

/**
 * Renewals the app runs itself, off the app clock (api/src/clock.ts), so a test moves the clock a
 * month instead of waiting one:
 *
 * - Subscriptions billed by the embedded sandbox get their next month when the last one ended: inside
 *   a stretch already paid for (a sales-page sign-up may run for a year) the month is simply granted;
 *   past it, the sandbox collects the month's price (a payment row) and the stretch grows by a month.
 *   A subscription set to cancel at its period end is not renewed past it. Stripe and PayKickstart
 *   subscriptions renew through their own events instead.
 * - Purchased (additional) credits past their 12 months are written off with a ledger entry
 *   (ledger.ts also writes them off lazily before any spend or balance read).
 *
 * Both are safe to run twice at once: every grant locks its subscription and is idempotent per
 * period (periodGrant.ts); every write-off locks its wallet.
 */

/** Periods one run grants a subscription at most (a clock moved years ahead catches up over runs). */
const MAX_PERIODS_PER_RUN = 24;

interface DueRow {
  id: number;
}

interface RenewalState {
  status: string;
  cancel_at_period_end: boolean;
  current_period_end: Date;
  managed_by: 'manual' | 'provider';
  owner_id: number;
  monthly_price_cents: number;
  yearly_price_cents: number | null;
  billing_interval: 'month' | 'year';
  last_end: Date | null;
}

async function renewOne(db: Db, id: number, now: Date, mail?: MailDeps): Promise<number> {
  let granted = 0;
  for (let i = 0; i < MAX_PERIODS_PER_RUN; i += 1) {
    const more = await db.transaction(async (tx) => {
      const state = (
        await tx.query<RenewalState>(
          `SELECT s.status, s.cancel_at_period_end, s.current_period_end, s.managed_by, s.owner_id, p.monthly_price_cents, p.yearly_price_cents, s.billing_interval,
                  (SELECT max(period_end) FROM subscription_periods sp WHERE sp.subscription_id = s.id) AS last_end
             FROM whitelabel_subscriptions s JOIN whitelabel_packages p ON p.id = s.package_id WHERE s.id = $1 FOR UPDATE OF s`,
          [id],
        )
      ).rows[0];
      if (!state || state.status !== 'active' || !state.last_end || state.last_end.getTime() > now.getTime())
        return false;
      const start = state.last_end;
      const beyondPaid = start.getTime() >= state.current_period_end.getTime();
      if (beyondPaid && state.cancel_at_period_end) return false;
      const end = addMonths(start, 1);
      const outcome = await grantPaidPeriod(tx, {
        subscriptionId: id,
        periodStart: start,
        periodEnd: end,
        sourceEventId: `sandbox:${id}:${start.toISOString()}`,
        at: now,
        mail,
      });
      if (!outcome.granted) return false;
      // A yearly subscription pays a year past its paid stretch, which then grows by twelve months.
      const yearly = state.billing_interval === 'year' && state.yearly_price_cents !== null;
      const price = yearly ? state.yearly_price_cents! : state.monthly_price_cents;
      if (beyondPaid && state.managed_by === 'provider' && price > 0) {
        await tx.query(
          `INSERT INTO whitelabel_payments (owner_id, subscription_id, amount_cents, kind, status, provider, provider_ref, created_at)
           VALUES ($1, $2, $3, 'charge', 'succeeded', 'sandbox', $4, $5)`,
          [state.owner_id, id, price, `ch_sandbox_renewal_${id}_${start.getTime()}`, now],
        );
      }
      if (beyondPaid && yearly)
        await tx.query(
          'UPDATE whitelabel_subscriptions SET current_period_end = GREATEST(current_period_end, $2) WHERE id = $1',
          [id, addMonths(start, 12)],
        );
      granted += 1;
      return true;
    });
    if (!more) break;
  }
  return granted;
}

/** Grants every sandbox subscription the months that are due by `now`. Returns how many periods were granted. */
export async function renewDueSubscriptions(db: Db, now: Date, mail?: MailDeps, limit = 200): Promise<number> {
  const { rows } = await db.query<DueRow>(
    `SELECT s.id FROM whitelabel_subscriptions s
      WHERE s.billing_provider = 'sandbox' AND s.status = 'active'
        AND (SELECT max(period_end) FROM subscription_periods sp WHERE sp.subscription_id = s.id) <= $1
      ORDER BY s.id LIMIT $2`,
    [now, limit],
  );
  let granted = 0;
  for (const row of rows) granted += await renewOne(db, row.id, now, mail);
  return granted;
}

/** Writes off every purchased credit lot past its expiry, one wallet at a time. Returns the wallets touched. */
export async function expireAdditionalCredits(db: Db, now: Date, limit = 1000): Promise<number> {
  const { rows } = await db.query<{ user_id: number }>(
    'SELECT DISTINCT user_id FROM credit_lots WHERE remaining > 0 AND expires_at <= $1 ORDER BY user_id LIMIT $2',
    [now, limit],
  );
  for (const row of rows) await db.transaction((tx) => walletBalance(tx, row.user_id, { now }).then(() => undefined));
  return rows.length;
}
