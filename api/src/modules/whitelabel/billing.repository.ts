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
