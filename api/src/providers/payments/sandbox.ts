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
import {
  attachedMethodBehaviour,
  authenticateCharge,
  chargeCountOf,
  detachMethod,
  insertCharge,
  insertPaymentMethod,
  insertSetupIntent,
  refundSucceededCharge,
  sandboxCharge,
  settleProcessingCharge,
  setupIntent,
  setupSucceeded,
  type SandboxBehaviour,
  type SandboxChargeRow,
} from './sandbox.repository';

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

export const SANDBOX_BEHAVIOURS = [
  'succeed',
  'decline',
  'decline_later',
  'processing',
  'authenticate',
] as const satisfies readonly SandboxBehaviour[];
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

type ChargeRow = SandboxChargeRow;

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

  const load = (ref: string): Promise<ChargeRow | undefined> => sandboxCharge(db, ref);

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
      await insertSetupIntent(db, setupId, customerRef, metadata, clock.now());
      return { id: setupId, clientSecret: `${setupId}_secret_${randomBytes(8).toString('hex')}` };
    },

    async finishSetup(setupIntentId, customerRef, token): Promise<StoredPaymentMethod> {
      const setup = await setupIntent(db, setupIntentId);
      if (!setup || setup.customer_ref !== customerRef) throw new PaymentMethodError('setup_incomplete');
      const card = token ? parseSandboxToken(token) : null;
      if (!card) throw new PaymentMethodError('invalid_card');
      const now = clock.now();
      if (Date.UTC(card.expYear, card.expMonth, 1) <= now.getTime()) throw new PaymentMethodError('invalid_card');
      const methodId = setup.payment_method_id ?? keyed('pm', setupIntentId);
      await insertPaymentMethod(db, {
        id: methodId,
        brand: card.brand,
        last4: card.last4,
        behaviour: card.behaviour,
        at: now,
      });
      await setupSucceeded(db, setupIntentId, methodId);
      return { ref: methodId, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
    },

    async charge(request: ChargeRequest): Promise<ChargeOutcome> {
      // Idempotent: the same key names the same charge.
      const chargeId = keyed('pi', request.idempotencyKey);
      const existing = await load(chargeId);
      if (existing) return outcome(existing);
      // A detached card cannot be charged (as at Stripe).
      const behaviour = await attachedMethodBehaviour(db, request.paymentMethodRef);
      if (!behaviour) return { ref: null, status: 'failed', failureCode: 'payment_method_missing' };
      const statusOf: Record<Behaviour, ChargeStatus> = {
        succeed: 'succeeded',
        decline: 'failed',
        decline_later: 'succeeded',
        processing: 'processing',
        authenticate: 'requires_action',
      };
      let status = statusOf[behaviour];
      if (behaviour === 'decline_later') {
        // Its first charge (the card validation) succeeds; later ones fail.
        if ((await chargeCountOf(db, request.paymentMethodRef)) > 0) status = 'failed';
      }
      await insertCharge(db, {
        id: chargeId,
        paymentMethodRef: request.paymentMethodRef,
        amountCents: request.amountCents,
        currency: request.currency,
        status,
        description: request.description,
        metadata: request.metadata,
        connectedAccount: request.destinationAccount ?? null,
        applicationFeeCents: request.applicationFeeCents ?? 0,
        at: clock.now(),
      });
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
        const settled = await settleProcessingCharge(db, ref);
        const now = (await load(ref))!;
        if (settled) await emitFor(now);
        return outcome(now);
      }
      return outcome(row);
    },

    async clientSecretOf(ref) {
      return `${ref}_secret_sandbox`;
    },

    async refund(ref): Promise<ChargeOutcome> {
      const changed = await refundSucceededCharge(db, ref, clock.now());
      const row = await load(ref);
      if (!row) return { ref, status: 'failed', failureCode: 'charge_missing' };
      if (changed) await emitFor(row);
      return row.status === 'refunded' ? outcome(row) : { ref, status: 'failed', failureCode: 'charge_not_refundable' };
    },

    async detachPaymentMethod(ref) {
      await detachMethod(db, ref, clock.now());
    },

    async authenticate(ref): Promise<ChargeOutcome> {
      const changed = await authenticateCharge(db, ref);
      const row = await load(ref);
      if (!row) return { ref, status: 'failed', failureCode: 'charge_missing' };
      if (changed) await emitFor(row);
      return outcome(row);
    },
  };
}
