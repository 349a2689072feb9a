import type { Db, Queryable } from '../../db';
import { claimEffects, releaseEffect, settleEffects } from '../../effects/externalEffects';
import { PaymentUnknownError, type ChargeOutcome, type Payments } from '../../providers/payments';

/**
 * A reseller's payments (sales-page checkouts, refunds) go through the app's payments provider
 * (Stripe, or the sandbox in test mode) as destination charges to the reseller's connected account
 * (ADR 019), and are recorded in `whitelabel_payments`. Payments the provider does not hold (PayKickstart's,
 * and the ones the embedded card check of earlier versions recorded as `ch_sandbox_…`) are refunded
 * in our records only.
 */

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

export interface ClaimedRefund {
  id: number;
  amount_cents: number;
  provider: string;
  provider_ref: string;
  connected_account: string | null;
}

const refundKey = (paymentId: number) => `refund:whitelabel:${paymentId}`;

/** True when the provider holds this payment (a PaymentIntent of the configured provider). */
export const heldByProvider = (payments: Payments, p: Pick<ClaimedRefund, 'provider' | 'provider_ref'>) =>
  p.provider === payments.provider.name && p.provider_ref.startsWith('pi_');

/**
 * The provider's refund of a payment already claimed (`refunding`), with no transaction open. The
 * effect key makes it once across requests, retries and the webhook; the idempotency key makes a
 * repeated call the same refund at the provider. Throws PaymentUnknownError when the answer was lost
 * (the payment stays `refunding`; Stripe's `charge.refunded` event finishes it).
 */
export async function refundAtProvider(db: Db, payments: Payments, claimed: ClaimedRefund): Promise<ChargeOutcome> {
  if (!heldByProvider(payments, claimed)) return { ref: claimed.provider_ref, status: 'refunded' };
  const key = refundKey(claimed.id);
  const owned = await claimEffects(db, 'charge', [key]);
  if (!owned.has(key)) throw new PaymentUnknownError(new Error('the refund is being sent by another request'));
  try {
    return await payments.provider.refund(
      claimed.provider_ref,
      `leadsmith-wl-refund-${claimed.id}`,
      claimed.connected_account !== null,
    );
  } catch (error) {
    await releaseEffect(db, key);
    throw error;
  }
}

/** Records the refund's outcome on the effect (call in the transaction that records it on the payment). */
export async function settleRefundEffect(tx: Queryable, paymentId: number, outcome: ChargeOutcome): Promise<void> {
  await settleEffects(tx, [
    {
      key: refundKey(paymentId),
      ok: outcome.status === 'refunded',
      outcome: { status: outcome.status, failure_code: outcome.failureCode ?? null },
    },
  ]);
}
