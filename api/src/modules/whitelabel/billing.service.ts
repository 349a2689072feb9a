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
