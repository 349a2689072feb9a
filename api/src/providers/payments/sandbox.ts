import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Queryable } from '../../db';
import { cardBrand, luhnValid, PaymentMethodError, type CardInput, type ChargeOutcome, type ChargeRequest, type ChargeStatus, type PaymentsProvider, type StoredPaymentMethod } from './types';

/**
 * Test card numbers of the embedded sandbox (the same numbers Stripe's test mode uses):
 * any other Luhn-valid number succeeds.
 */
export const SANDBOX_CARDS = {
  /** Always succeeds. */
  success: '4242424242424242',
  /** Refused when added (the validation charge is declined). */
  decline: '4000000000000002',
  /** Added fine; every later charge is declined for insufficient funds. */
  declineLater: '4000000000000341',
  /** Charges stay processing for a few seconds, then succeed. */
  processing: '4000000000000259',
} as const;

/** A processing sandbox charge settles once this much time has passed. */
export const SANDBOX_SETTLE_MS = 3000;

type Behaviour = 'succeed' | 'decline' | 'processing' | 'decline_later';

function behaviourOf(digits: string): Behaviour {
  if (digits === SANDBOX_CARDS.decline) return 'decline';
  if (digits === SANDBOX_CARDS.declineLater) return 'decline_later';
  if (digits === SANDBOX_CARDS.processing) return 'processing';
  return 'succeed';
}

const id = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;

/**
 * The embedded payments provider: behaves like a card processor (payment methods, charges that
 * succeed, fail or stay processing, refunds) and keeps that lifecycle in its own tables. Card numbers
 * are never stored: only a hash, the brand and the last four digits.
 */
export function createSandboxPayments(db: Queryable, clock: Clock): PaymentsProvider {
  const outcome = (row: { id: string; status: ChargeStatus; behaviour: string }): ChargeOutcome => ({
    ref: row.id,
    status: row.status,
    failureCode: row.status === 'failed' ? (row.behaviour === 'decline_later' ? 'insufficient_funds' : 'card_declined') : undefined,
  });

  async function load(ref: string) {
    return (
      await db.query<{ id: string; status: ChargeStatus; behaviour: string; created_at: string }>(
        `SELECT c.id, c.status, m.behaviour, c.created_at FROM settings_sandbox_charges c JOIN settings_sandbox_payment_methods m ON m.id = c.payment_method_id WHERE c.id = $1`,
        [ref],
      )
    ).rows[0];
  }

  return {
    name: 'sandbox',

    async createPaymentMethod(card: CardInput): Promise<StoredPaymentMethod> {
      const digits = card.number.replace(/[\s-]/g, '');
      if (!luhnValid(digits) || !/^\d{3,4}$/.test(card.cvc)) throw new PaymentMethodError('invalid_card');
      const now = clock.now();
      const expiry = new Date(Date.UTC(card.expYear, card.expMonth, 1));
      if (card.expMonth < 1 || card.expMonth > 12 || expiry.getTime() <= now.getTime()) throw new PaymentMethodError('invalid_card');
      const ref = id('pm');
      const brand = cardBrand(digits);
      const behaviour = behaviourOf(digits);
      await db.query('INSERT INTO settings_sandbox_payment_methods (id, brand, last4, number_hash, behaviour, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
        ref,
        brand,
        digits.slice(-4),
        createHash('sha256').update(digits).digest('hex'),
        behaviour,
        now,
      ]);
      return { ref, brand, last4: digits.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
    },

    async charge(request: ChargeRequest): Promise<ChargeOutcome> {
      // Idempotent: the same key names the same charge.
      const chargeId = `ch_sbx_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`;
      const existing = await load(chargeId);
      if (existing) return outcome(existing);
      const method = (await db.query<{ behaviour: Behaviour }>('SELECT behaviour FROM settings_sandbox_payment_methods WHERE id = $1', [request.paymentMethodRef])).rows[0];
      if (!method) return { ref: null, status: 'failed', failureCode: 'payment_method_missing' };
      let status: ChargeStatus = method.behaviour === 'processing' ? 'processing' : method.behaviour === 'decline' ? 'failed' : 'succeeded';
      if (method.behaviour === 'decline_later') {
        // Its first charge (the card validation) succeeds; later ones fail.
        const used = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM settings_sandbox_charges WHERE payment_method_id = $1', [request.paymentMethodRef]);
        if ((used.rows[0]?.n ?? 0) > 0) status = 'failed';
      }
      await db.query(
        'INSERT INTO settings_sandbox_charges (id, payment_method_id, amount_cents, currency, status, description, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING',
        [chargeId, request.paymentMethodRef, request.amountCents, request.currency, status, request.description, clock.now()],
      );
      return outcome((await load(chargeId))!);
    },

    async getCharge(ref: string): Promise<ChargeOutcome> {
      const row = await load(ref);
      if (!row) return { ref, status: 'failed', failureCode: 'charge_missing' };
      if (row.status === 'processing' && clock.now().getTime() - new Date(row.created_at).getTime() >= SANDBOX_SETTLE_MS) {
        await db.query("UPDATE settings_sandbox_charges SET status = 'succeeded' WHERE id = $1 AND status = 'processing'", [ref]);
        return outcome((await load(ref))!);
      }
      return outcome(row);
    },

    async refund(ref: string): Promise<ChargeOutcome> {
      await db.query("UPDATE settings_sandbox_charges SET status = 'refunded', refunded_at = $2 WHERE id = $1 AND status = 'succeeded'", [ref, clock.now()]);
      const row = await load(ref);
      return row ? outcome(row) : { ref, status: 'failed', failureCode: 'charge_missing' };
    },
  };
}
