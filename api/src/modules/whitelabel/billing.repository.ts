import type { Queryable } from '../../db';
import type { Payments } from '../../providers/payments';

/** The reseller's connected payment account for this provider (sandbox connections in test mode, Stripe accounts live). */
export async function connectedAccountOf(
  q: Queryable,
  ownerId: number,
  provider: Payments['provider']['name'],
): Promise<string | null> {
  const { rows } = await q.query<{ account_id: string }>(
    'SELECT account_id FROM whitelabel_payment_accounts WHERE owner_id = $1 AND account_id IS NOT NULL AND mode = $2',
    [ownerId, provider === 'stripe' ? 'live' : 'sandbox'],
  );
  return rows[0]?.account_id ?? null;
}

export async function recordPayment(
  q: Queryable,
  p: {
    ownerId: number;
    subscriptionId: number;
    amountCents: number;
    kind: 'charge' | 'credits';
    ref: string;
    at: Date;
    provider?: string;
    connectedAccount?: string | null;
    applicationFeeCents?: number;
  },
): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO whitelabel_payments (owner_id, subscription_id, amount_cents, kind, status, provider, provider_ref, connected_account, application_fee_cents, created_at)
     VALUES ($1, $2, $3, $4, 'succeeded', $5, $6, $7, $8, $9) RETURNING id`,
    [
      p.ownerId,
      p.subscriptionId,
      p.amountCents,
      p.kind,
      p.provider ?? 'sandbox',
      p.ref,
      p.connectedAccount ?? null,
      p.applicationFeeCents ?? 0,
      p.at,
    ],
  );
  return rows[0]!.id;
}

/** A subscription's last charge that can be refunded (succeeded, or refunding already), row locked. */
export async function lastRefundableCharge(
  q: Queryable,
  subscriptionId: number,
): Promise<
  | {
      id: number;
      amount_cents: number;
      provider: string;
      provider_ref: string;
      connected_account: string | null;
      status: string;
    }
  | undefined
> {
  return (
    await q.query<{
      id: number;
      amount_cents: number;
      provider: string;
      provider_ref: string;
      connected_account: string | null;
      status: string;
    }>(
      `SELECT id, amount_cents, provider, provider_ref, connected_account, status FROM whitelabel_payments
        WHERE subscription_id = $1 AND status IN ('succeeded', 'refunding') AND kind = 'charge' ORDER BY id DESC LIMIT 1 FOR UPDATE`,
      [subscriptionId],
    )
  ).rows[0];
}

/** The payment claimed for a refund: no second request can take it. */
export async function markPaymentRefunding(q: Queryable, paymentId: number): Promise<void> {
  await q.query(`UPDATE whitelabel_payments SET status = 'refunding' WHERE id = $1`, [paymentId]);
}

/** The claim given up (the provider refused the refund): the payment stands. */
export async function releaseRefundClaim(q: Queryable, paymentId: number): Promise<void> {
  await q.query(`UPDATE whitelabel_payments SET status = 'succeeded' WHERE id = $1 AND status = 'refunding'`, [
    paymentId,
  ]);
}

/** The payment made through this provider under this reference, while it can still be refunded. */
export async function refundablePaymentByRef(
  q: Queryable,
  provider: string,
  ref: string,
): Promise<{ id: number; subscription_id: number } | undefined> {
  return (
    await q.query<{ id: number; subscription_id: number }>(
      `SELECT id, subscription_id FROM whitelabel_payments WHERE provider = $1 AND provider_ref = $2 AND status IN ('succeeded', 'refunding')`,
      [provider, ref],
    )
  ).rows[0];
}

/** Marks the payment refunded unless it already is; answers it when it changed. */
export async function markPaymentRefunded(
  q: Queryable,
  paymentId: number,
  now: Date,
): Promise<{ owner_id: number; subscription_id: number; amount_cents: number } | undefined> {
  return (
    await q.query<{ owner_id: number; subscription_id: number; amount_cents: number }>(
      `UPDATE whitelabel_payments SET status = 'refunded', refunded_at = $2 WHERE id = $1 AND status IN ('succeeded', 'refunding') RETURNING owner_id, subscription_id, amount_cents`,
      [paymentId, now],
    )
  ).rows[0];
}
