import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db';

/**
 * The reseller's payment provider. No shared payments provider exists in api/src/providers yet, so the
 * white-label area records charges and refunds in its own `whitelabel_payments` table through this
 * embedded sandbox, which behaves like a card processor: Luhn-valid test numbers succeed, the
 * provider's decline test card (4000 0000 0000 0002) is declined.
 */
export const SANDBOX_DECLINE_CARD = '4000000000000002';

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type ChargeResult = { ok: true; ref: string } | { ok: false; reason: 'invalid_card' | 'declined' };

export function sandboxCharge(card: string): ChargeResult {
  const digits = card.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) return { ok: false, reason: 'invalid_card' };
  if (digits === SANDBOX_DECLINE_CARD) return { ok: false, reason: 'declined' };
  return { ok: true, ref: `ch_sandbox_${randomBytes(8).toString('hex')}` };
}

export async function recordPayment(
  q: Queryable,
  p: { ownerId: number; subscriptionId: number; amountCents: number; kind: 'charge' | 'credits'; ref: string; at: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO whitelabel_payments (owner_id, subscription_id, amount_cents, kind, status, provider, provider_ref, created_at)
     VALUES ($1, $2, $3, $4, 'succeeded', 'sandbox', $5, $6)`,
    [p.ownerId, p.subscriptionId, p.amountCents, p.kind, p.ref, p.at],
  );
}
