import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Queryable } from '../../db';
import {
  PaymentMethodError,
  type ChargeOutcome,
  type ChargeRequest,
  type ChargeStatus,
  type PaymentEvent,
  type PaymentsProvider,
  type StoredPaymentMethod,
} from './types';

/**
 * Test card numbers of the embedded sandbox (the numbers Stripe's test mode uses for the same
 * behaviour): any other Luhn-valid number succeeds. The browser's sandbox card form turns a number
 * into a token (`sandboxToken`) before anything is sent: the API never sees the number.
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
  /** Every charge first asks the card holder to authenticate (3-D Secure). */
  authenticate: '4000002760003184',
} as const;

/** A processing sandbox charge settles once this much time has passed. */
export const SANDBOX_SETTLE_MS = 3000;

export const SANDBOX_BEHAVIOURS = ['succeed', 'decline', 'decline_later', 'processing', 'authenticate'] as const;
type Behaviour = (typeof SANDBOX_BEHAVIOURS)[number];

/**
 * The sandbox card form's token: `tok_sandbox_<behaviour>_<brand>_<last4>_<MM>_<YYYY>`. It carries what
 * a provider would tell about a card (brand, last four digits, expiry) and the test behaviour, never
 * the number. The browser builds it (mfe-settings sandboxCard.ts, the sales page's script).
 */
const TOKEN =
  /^tok_sandbox_(succeed|decline|decline_later|processing|authenticate)_(visa|mastercard|amex|discover|card)_(\d{4})_(\d{2})_(\d{4})$/;

export function parseSandboxToken(
  token: string,
): { behaviour: Behaviour; brand: string; last4: string; expMonth: number; expYear: number } | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const expMonth = Number(m[4]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { behaviour: m[1] as Behaviour, brand: m[2]!, last4: m[3]!, expMonth, expYear: Number(m[5]) };
}

/** What the browser's sandbox form does with a number (used by tests that play the browser). */
export function sandboxToken(number: string, expMonth = 12, expYear = 2030): string {
  const digits = number.replace(/[\s-]/g, '');
  const behaviour: Behaviour =
    digits === SANDBOX_CARDS.decline
      ? 'decline'
      : digits === SANDBOX_CARDS.declineLater
        ? 'decline_later'
        : digits === SANDBOX_CARDS.processing
          ? 'processing'
          : digits === SANDBOX_CARDS.authenticate
            ? 'authenticate'
            : 'succeed';
  const brand = digits.startsWith('4')
    ? 'visa'
    : /^(5[1-5]|2[2-7])/.test(digits)
      ? 'mastercard'
      : /^3[47]/.test(digits)
        ? 'amex'
        : /^6(011|5)/.test(digits)
          ? 'discover'
          : 'card';
  return `tok_sandbox_${behaviour}_${brand}_${digits.slice(-4)}_${String(expMonth).padStart(2, '0')}_${expYear}`;
}

const keyed = (prefix: string, key: string) =>
  `${prefix}_sbx_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

/** Where the sandbox's webhook-shaped events go (the same queued handler as Stripe's). */
export type SandboxEmit = (event: PaymentEvent) => Promise<void>;

interface ChargeRow {
  id: string;
  status: ChargeStatus;
  behaviour: Behaviour;
  created_at: string;
  amount_cents: number;
  metadata: Record<string, string> | null;
  connected_account: string | null;
}

const EVENT_OF: Partial<Record<ChargeStatus, string>> = {
  succeeded: 'payment_intent.succeeded',
  failed: 'payment_intent.payment_failed',
  requires_action: 'payment_intent.requires_action',
  refunded: 'charge.refunded',
};

/**
 * The embedded payments provider ("test mode"): behaves like Stripe (customers, SetupIntents,
 * PaymentIntents that succeed, fail, stay processing or ask for authentication, refunds) and keeps
 * that lifecycle in its own tables. Each change of a charge is also emitted as a Stripe-shaped event.
 */
export interface SandboxPayments extends PaymentsProvider {
  /**
   * The sandbox's stand-in for Stripe.js confirming a `requires_action` charge in the page: the card
   * holder passed the bank's check, so the charge succeeds (and its event is emitted).
   */
  authenticate(ref: string): Promise<ChargeOutcome>;
}

export function createSandboxPayments(
  db: Queryable,
  clock: Clock,
  emit: SandboxEmit = async () => undefined,
): SandboxPayments {
  const failureOf = (row: ChargeRow) =>
    row.status === 'failed'
      ? row.behaviour === 'decline_later'
        ? 'insufficient_funds'
        : 'card_declined'
      : row.status === 'requires_action'
        ? 'authentication_required'
        : undefined;
  const outcome = (row: ChargeRow): ChargeOutcome => ({ ref: row.id, status: row.status, failureCode: failureOf(row) });

  async function load(ref: string): Promise<ChargeRow | undefined> {
    return (
      await db.query<ChargeRow>(
        `SELECT c.id, c.status, m.behaviour, c.created_at, c.amount_cents, c.metadata, c.connected_account
           FROM settings_sandbox_charges c JOIN settings_sandbox_payment_methods m ON m.id = c.payment_method_id WHERE c.id = $1`,
        [ref],
      )
    ).rows[0];
  }

  /** The event of a charge's new state, shaped like Stripe's (a payment_intent, or a charge for a refund). */
  async function emitFor(row: ChargeRow): Promise<void> {
    const type = EVENT_OF[row.status];
    if (!type) return;
    const metadata = row.metadata ?? {};
    const object =
      row.status === 'refunded'
        ? {
            id: `ch_${row.id.slice(3)}`,
            object: 'charge',
            payment_intent: row.id,
            amount_refunded: row.amount_cents,
            refunded: true,
            metadata,
          }
        : {
            id: row.id,
            object: 'payment_intent',
            status: row.status === 'failed' ? 'requires_payment_method' : row.status,
            amount: row.amount_cents,
            metadata,
            last_payment_error: failureOf(row) ? { code: failureOf(row) } : null,
          };
    await emit({
      id: keyed('evt', `${row.id}:${row.status}`),
      type,
      created: Math.floor(clock.now().getTime() / 1000),
      data: { object },
    });
  }

  return {
    name: 'sandbox',
    publishableKey: null,

    async createCustomer(_customer, idempotencyKey) {
      return keyed('cus', idempotencyKey);
    },

    async startSetup(customerRef, metadata, idempotencyKey) {
      const setupId = keyed('seti', idempotencyKey);
      await db.query(
        `INSERT INTO settings_sandbox_setup_intents (id, customer_ref, status, metadata, created_at) VALUES ($1, $2, 'requires_payment_method', $3::jsonb, $4) ON CONFLICT (id) DO NOTHING`,
        [setupId, customerRef, JSON.stringify(metadata), clock.now()],
      );
      return { id: setupId, clientSecret: `${setupId}_secret_${randomBytes(8).toString('hex')}` };
    },

    async finishSetup(setupIntentId, customerRef, token): Promise<StoredPaymentMethod> {
      const setup = (
        await db.query<{ customer_ref: string; status: string; payment_method_id: string | null }>(
          'SELECT customer_ref, status, payment_method_id FROM settings_sandbox_setup_intents WHERE id = $1',
          [setupIntentId],
        )
      ).rows[0];
      if (!setup || setup.customer_ref !== customerRef) throw new PaymentMethodError('setup_incomplete');
      const card = token ? parseSandboxToken(token) : null;
      if (!card) throw new PaymentMethodError('invalid_card');
      const now = clock.now();
      if (Date.UTC(card.expYear, card.expMonth, 1) <= now.getTime()) throw new PaymentMethodError('invalid_card');
      const methodId = setup.payment_method_id ?? keyed('pm', setupIntentId);
      await db.query(
        `INSERT INTO settings_sandbox_payment_methods (id, brand, last4, number_hash, behaviour, created_at) VALUES ($1, $2, $3, NULL, $4, $5) ON CONFLICT (id) DO NOTHING`,
        [methodId, card.brand, card.last4, card.behaviour, now],
      );
      await db.query(
        `UPDATE settings_sandbox_setup_intents SET status = 'succeeded', payment_method_id = $2 WHERE id = $1`,
        [setupIntentId, methodId],
      );
      return { ref: methodId, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
    },

    async charge(request: ChargeRequest): Promise<ChargeOutcome> {
      // Idempotent: the same key names the same charge.
      const chargeId = keyed('pi', request.idempotencyKey);
      const existing = await load(chargeId);
      if (existing) return outcome(existing);
      // A detached card cannot be charged (as at Stripe).
      const method = (
        await db.query<{ behaviour: Behaviour }>(
          'SELECT behaviour FROM settings_sandbox_payment_methods WHERE id = $1 AND detached_at IS NULL',
          [request.paymentMethodRef],
        )
      ).rows[0];
      if (!method) return { ref: null, status: 'failed', failureCode: 'payment_method_missing' };
      const statusOf: Record<Behaviour, ChargeStatus> = {
        succeed: 'succeeded',
        decline: 'failed',
        decline_later: 'succeeded',
        processing: 'processing',
        authenticate: 'requires_action',
      };
      let status = statusOf[method.behaviour];
      if (method.behaviour === 'decline_later') {
        // Its first charge (the card validation) succeeds; later ones fail.
        const used = await db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM settings_sandbox_charges WHERE payment_method_id = $1',
          [request.paymentMethodRef],
        );
        if ((used.rows[0]?.n ?? 0) > 0) status = 'failed';
      }
      await db.query(
        `INSERT INTO settings_sandbox_charges (id, payment_method_id, amount_cents, currency, status, description, metadata, connected_account, application_fee_cents, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
        [
          chargeId,
          request.paymentMethodRef,
          request.amountCents,
          request.currency,
          status,
          request.description,
          JSON.stringify(request.metadata),
          request.destinationAccount ?? null,
          request.applicationFeeCents ?? 0,
          clock.now(),
        ],
      );
      const row = (await load(chargeId))!;
      await emitFor(row);
      return outcome(row);
    },

    async getCharge(ref): Promise<ChargeOutcome> {
      const row = await load(ref);
      if (!row) return { ref, status: 'failed', failureCode: 'charge_missing' };
      if (
        row.status === 'processing' &&
        clock.now().getTime() - new Date(row.created_at).getTime() >= SANDBOX_SETTLE_MS
      ) {
        const settled = await db.query(
          "UPDATE settings_sandbox_charges SET status = 'succeeded' WHERE id = $1 AND status = 'processing'",
          [ref],
        );
        const now = (await load(ref))!;
        if (settled.rowCount === 1) await emitFor(now);
        return outcome(now);
      }
      return outcome(row);
    },

    async clientSecretOf(ref) {
      return `${ref}_secret_sandbox`;
    },

    async refund(ref): Promise<ChargeOutcome> {
      const changed = await db.query(
        "UPDATE settings_sandbox_charges SET status = 'refunded', refunded_at = $2 WHERE id = $1 AND status = 'succeeded'",
        [ref, clock.now()],
      );
      const row = await load(ref);
      if (!row) return { ref, status: 'failed', failureCode: 'charge_missing' };
      if (changed.rowCount === 1) await emitFor(row);
      return row.status === 'refunded' ? outcome(row) : { ref, status: 'failed', failureCode: 'charge_not_refundable' };
    },

    async detachPaymentMethod(ref) {
      await db.query(
        'UPDATE settings_sandbox_payment_methods SET detached_at = $2 WHERE id = $1 AND detached_at IS NULL',
        [ref, clock.now()],
      );
    },

    async authenticate(ref): Promise<ChargeOutcome> {
      const changed = await db.query(
        "UPDATE settings_sandbox_charges SET status = 'succeeded' WHERE id = $1 AND status = 'requires_action'",
        [ref],
      );
      const row = await load(ref);
      if (!row) return { ref, status: 'failed', failureCode: 'charge_missing' };
      if (changed.rowCount === 1) await emitFor(row);
      return outcome(row);
    },
  };
}
