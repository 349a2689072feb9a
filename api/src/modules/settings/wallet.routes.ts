import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { defineAutoTopUpWorker, enqueueAutoTopUps } from '../../workers/autoTopUps';
import {
  definePaymentMethodDetachWorker,
  PAYMENT_METHOD_DETACH,
  type DetachJob,
} from '../../workers/paymentMethodDetach';
import { definePaymentReconcileWorker } from '../../workers/paymentReconcile';
import { autoTopUpSignal, grantCredits, revokeCredits, walletBalance } from '../../credits/ledger';
import type { Queryable } from '../../db';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { ApiError, unprocessable } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import {
  Empty,
  IdParams,
  Message,
  MessageProperties,
  Nullable,
  Page,
  PageQuery,
  StringEnum,
  Timestamp,
  Type,
} from '../../http/contract';
import { settleEffects, claimEffects, releaseEffect } from '../../effects/externalEffects';
import {
  idempotencyKeyMayBeForgotten,
  metadataOf,
  PaymentMethodError,
  PaymentUnknownError,
  platformFee,
  type ChargeOutcome,
  type PaymentEvent,
  type Payments,
  type PaymentsProvider,
  type StoredPaymentMethod,
} from '../../providers/payments';
import { formatCents, sendTemplatedMail } from '../../mail/templatedMail';
import { chargeFailureReason } from '../../providers/payments/failureReason';
import { say } from '../../routes/respond';
import { t, type Language, type MessageCode } from '../../i18n/messages';
import { idParamsSchema } from './account.schemas';
import { notFound } from './account.service';

/** Spec §9: adding a card makes a 1-dollar validation charge that adds 10 credits. */
export const CARD_VALIDATION_CENTS = 100;
export const CARD_VALIDATION_CREDITS = 10;
/** Top-ups sell credits at the validation charge's rate (10 cents a credit), except to a reseller's customers (`centsPerCreditFor`). */
export const CENTS_PER_CREDIT = 10;
export const MIN_TOP_UP_CREDITS = 10;
export const MAX_TOP_UP_CREDITS = 100_000;
export const MAX_CARDS = 10;
/** Lots listed on the wallet screen (the soonest to expire first). */
const LOTS_SHOWN = 20;

type ChargeKind = 'card_validation' | 'top_up' | 'auto_top_up';

interface CardRow {
  id: number;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
  needs_reconnect: boolean;
  created_at: string;
}

interface ChargeRow {
  id: number;
  kind: ChargeKind;
  amount_cents: number;
  credits: number;
  status: ChargeOutcome['status'];
  failure_code: string | null;
  card_last4: string | null;
  created_at: string;
}

const CARD_COLUMNS = 'id, brand, last4, exp_month, exp_year, is_default, needs_reconnect, created_at';
const CHARGE_SELECT = `SELECT c.id, c.kind, c.amount_cents, c.credits, c.status, c.failure_code, k.last4 AS card_last4, c.created_at
  FROM settings_payment_charges c LEFT JOIN settings_payment_cards k ON k.id = c.card_id`;

/** The ledger's reasons and the provider's description (the merchant's records); emails say it in the recipient's language (receiptDescription). */
const REASONS: Record<ChargeKind, string> = {
  card_validation: 'Card validation',
  top_up: 'Credit top-up',
  auto_top_up: 'Automatic top-up',
};

/** A charge's kind and credits as its receipt email describes them, in the recipient's language. */
const RECEIPT_TEXTS: Record<ChargeKind, MessageCode> = {
  card_validation: 'settings.receipt.card_validation',
  top_up: 'settings.receipt.top_up',
  auto_top_up: 'settings.receipt.auto_top_up',
};
export const receiptDescription = (lang: Language, kind: ChargeKind, credits: number): string =>
  t(lang, RECEIPT_TEXTS[kind], { credits: new Intl.NumberFormat(lang).format(credits), count: credits });

async function loadCharge(db: Queryable, id: number): Promise<ChargeRow> {
  return (await db.query<ChargeRow>(`${CHARGE_SELECT} WHERE c.id = $1`, [id])).rows[0]!;
}

/**
 * Spec §5: a reseller's customer buys credits at the reseller's credit sale price, the one of the package
 * its subscription is on (the latest subscription with its parent); everyone else at CENTS_PER_CREDIT.
 */
export async function centsPerCreditFor(q: Queryable, userId: number): Promise<number> {
  const { rows } = await q.query<{ cents: number }>(
    `SELECT p.credit_price_cents AS cents
       FROM users u
       JOIN whitelabel_subscriptions s ON s.customer_id = u.id AND s.owner_id = u.parent_id
       JOIN whitelabel_packages p ON p.id = s.package_id
      WHERE u.id = $1
      ORDER BY (s.status = 'active') DESC, s.id DESC LIMIT 1`,
    [userId],
  );
  return rows[0]?.cents ?? CENTS_PER_CREDIT;
}

/** Charges whose answer is older than this are asked again by the reconciliation job. */
export const RECONCILE_AFTER_MS = 2 * 60_000;

/** The reseller whose customer this is, and its connected payment account (Stripe Connect), if any. */
export async function resellerAccountFor(
  q: Queryable,
  userId: number,
  provider: PaymentsProvider['name'],
): Promise<string | null> {
  const { rows } = await q.query<{ account_id: string }>(
    `SELECT a.account_id FROM users u JOIN whitelabel_payment_accounts a ON a.owner_id = u.parent_id
      WHERE u.id = $1 AND a.account_id IS NOT NULL AND a.mode = $2`,
    [userId, provider === 'stripe' ? 'live' : 'sandbox'],
  );
  return rows[0]?.account_id ?? null;
}

/** The account's provider customer: made once (the idempotency key makes two racing requests one customer). */
export async function customerFor(
  db: Queryable,
  payments: PaymentsProvider,
  user: { id: number; email: string },
  now: Date,
): Promise<string> {
  const known = await db.query<{ customer_ref: string }>(
    'SELECT customer_ref FROM payment_customers WHERE user_id = $1 AND provider = $2',
    [user.id, payments.name],
  );
  if (known.rows[0]) return known.rows[0].customer_ref;
  const ref = await payments.createCustomer({ userId: user.id, email: user.email }, `leadsmith-customer-${user.id}`);
  await db.query(
    'INSERT INTO payment_customers (user_id, provider, customer_ref, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, provider) DO NOTHING',
    [user.id, payments.name, ref, now],
  );
  return (
    await db.query<{ customer_ref: string }>(
      'SELECT customer_ref FROM payment_customers WHERE user_id = $1 AND provider = $2',
      [user.id, payments.name],
    )
  ).rows[0]!.customer_ref;
}

const chargeKey = (chargeId: number) => `charge:${chargeId}`;
/** One refund request of a charge: its effect key and idempotency key (a request after a refused one is a new refund). */
const refundKey = (chargeId: number, requestedAt: Date) => `charge-refund:${chargeId}:${requestedAt.getTime()}`;

/** A wallet payment's refund asked from the app: where it stands, and what it took back. */
export interface ChargeRefund {
  id: number;
  status: ChargeOutcome['status'];
  credits: number;
  refund_requested_at: string | null;
  refund_failure_code: string | null;
  refund_taken_credits: number | null;
  refund_shortfall_credits: number | null;
}

/**
 * Charges through the provider and records the outcome (issue 25, ADR 019):
 * - the charge row is written first; its id makes the idempotency key and the external_effects key,
 *   claimed before the call (no transaction is open across it);
 * - a definite answer settles the row and the effect in one transaction, and credits are granted
 *   exactly once (the `credited` flag flips in the same transaction as the grant);
 * - a lost answer (network error, 5xx after the SDK's retries) leaves the charge processing: the
 *   provider's webhook or the reconciliation job (same idempotency key) settles it later. It is never
 *   marked failed on a guess.
 */
export function createWalletService(deps: Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config'>, payments: Payments) {
  const { db, clock } = deps;
  const provider = payments.provider;

  async function settle(chargeId: number, outcome: ChargeOutcome): Promise<ChargeRow> {
    await db.transaction(async (tx) => {
      const now = clock.now();
      // A charge already final stays as it is (a late or replayed event cannot undo a success or a refund).
      const { rows } = await tx.query<{
        user_id: number;
        card_id: number | null;
        credits: number;
        kind: ChargeKind;
        credited: boolean;
        refund_requested_at: Date | null;
      }>(
        `UPDATE settings_payment_charges SET status = $2, provider_ref = COALESCE($3, provider_ref), failure_code = $4, updated_at = $5
          WHERE id = $1 AND (status IN ('processing', 'requires_action') OR ($2 = 'refunded' AND status = 'succeeded'))
          RETURNING user_id, card_id, credits, kind, credited, refund_requested_at`,
        [chargeId, outcome.status, outcome.ref, outcome.failureCode ?? null, now],
      );
      await settleEffects(tx, [
        {
          key: chargeKey(chargeId),
          ok: outcome.status !== 'failed',
          outcome: { status: outcome.status, ref: outcome.ref, failure_code: outcome.failureCode ?? null },
        },
      ]);
      const row = rows[0];
      if (!row) return;
      // A refund asked from the app is done, whichever came first: the provider's answer or its event.
      if (outcome.status === 'refunded' && row.refund_requested_at) {
        await settleEffects(tx, [
          { key: refundKey(chargeId, row.refund_requested_at), ok: true, outcome: { status: 'refunded' } },
        ]);
      }
      if (row.card_id !== null) {
        // The bank wants the card holder: the card must be confirmed again before it is charged off-session.
        if (outcome.status === 'requires_action')
          await tx.query('UPDATE settings_payment_cards SET needs_reconnect = true WHERE id = $1', [row.card_id]);
        if (outcome.status === 'succeeded')
          await tx.query(
            'UPDATE settings_payment_cards SET needs_reconnect = false WHERE id = $1 AND needs_reconnect',
            [row.card_id],
          );
      }
      if (outcome.status === 'succeeded' && !row.credited) {
        const flipped = await tx.query(
          'UPDATE settings_payment_charges SET credited = true WHERE id = $1 AND NOT credited',
          [chargeId],
        );
        if (flipped.rowCount === 1)
          await grantCredits(tx, row.user_id, row.credits, 'additional', REASONS[row.kind], { now });
      }
      // Refunded (Stripe's charge.refunded, a refund in its dashboard, the sandbox): the credits it bought
      // go back once — the row came back only on the change to refunded — and never more than are left.
      if (outcome.status === 'refunded' && row.credited) {
        const back = await revokeCredits(tx, row.user_id, row.credits, `${REASONS[row.kind]} refunded`, { now });
        await tx.query(
          'UPDATE settings_payment_charges SET refund_taken_credits = $2, refund_shortfall_credits = $3 WHERE id = $1',
          [chargeId, back.taken, back.shortfall],
        );
      }
      // The row came back only on the change to this status, so each charge mails once per outcome.
      await mailChargeOutcome(tx, chargeId, row, outcome, now);
    });
    return loadCharge(db, chargeId);
  }

  /**
   * The email of a charge's outcome (issue 33), in the settling transaction: a receipt for a payment
   * (the automatic top-up's own email for an automatic one), a failed payment for a decline.
   */
  async function mailChargeOutcome(
    tx: Queryable,
    chargeId: number,
    row: { user_id: number; kind: ChargeKind; credits: number },
    outcome: ChargeOutcome,
    now: Date,
  ): Promise<void> {
    if (outcome.status !== 'succeeded' && outcome.status !== 'failed') return;
    const cents = (
      await tx.query<{ amount_cents: number }>('SELECT amount_cents FROM settings_payment_charges WHERE id = $1', [
        chargeId,
      ])
    ).rows[0]!.amount_cents;
    const amount = formatCents(cents);
    if (outcome.status === 'failed') {
      const code = outcome.failureCode ?? 'card_declined';
      await sendTemplatedMail(tx, deps, {
        kind: 'payment_failed',
        userId: row.user_id,
        vars: (lang) => ({ amount, reason: chargeFailureReason(lang, code) }),
      });
    } else if (row.kind === 'auto_top_up') {
      const balance = await walletBalance(tx, row.user_id, { now });
      await sendTemplatedMail(tx, deps, {
        kind: 'auto_top_up',
        userId: row.user_id,
        vars: { credits: String(row.credits), amount, balance: String(balance.total) },
      });
    } else {
      await sendTemplatedMail(tx, deps, {
        kind: 'payment_receipt',
        userId: row.user_id,
        vars: (lang) => ({
          amount,
          description: receiptDescription(lang, row.kind, row.credits),
          date: now.toISOString().slice(0, 10),
        }),
      });
    }
  }

  /** Sends the charge of a row (first attempt, or a retry with the same key) and settles a definite answer. */
  async function send(chargeId: number): Promise<ChargeRow> {
    const row = (
      await db.query<{
        user_id: number;
        kind: ChargeKind;
        amount_cents: number;
        credits: number;
        card_ref: string | null;
        connected_account: string | null;
        created_at: Date;
      }>(
        `SELECT c.user_id, c.kind, c.amount_cents, c.credits, k.provider_ref AS card_ref, c.connected_account, c.created_at
           FROM settings_payment_charges c LEFT JOIN settings_payment_cards k ON k.id = c.card_id WHERE c.id = $1`,
        [chargeId],
      )
    ).rows[0]!;
    const customer = (
      await db.query<{ customer_ref: string }>(
        'SELECT customer_ref FROM payment_customers WHERE user_id = $1 AND provider = $2',
        [row.user_id, provider.name],
      )
    ).rows[0];
    if (!row.card_ref || !customer)
      return settle(chargeId, { ref: null, status: 'failed', failureCode: 'payment_method_missing' });
    const claimed = await claimEffects(db, 'charge', [chargeKey(chargeId)]);
    // Another worker is sending it now (or it is settled): leave it to that one.
    if (!claimed.has(chargeKey(chargeId))) return loadCharge(db, chargeId);
    let outcome: ChargeOutcome;
    try {
      // Past the provider's idempotency window the same key would make a second charge: a charge made
      // by an earlier attempt is found by its metadata instead, and only a charge never made is sent.
      const keyForgotten = idempotencyKeyMayBeForgotten(provider, new Date(row.created_at), clock.now());
      const made = keyForgotten && provider.findCharge ? await provider.findCharge(chargeId) : null;
      if (made) return settle(chargeId, made);
      outcome = await provider.charge({
        customerRef: customer.customer_ref,
        paymentMethodRef: row.card_ref,
        amountCents: row.amount_cents,
        currency: 'usd',
        description: `${REASONS[row.kind]}: ${row.credits} credits`,
        idempotencyKey: `leadsmith-charge-${chargeId}`,
        offSession: row.kind === 'auto_top_up',
        metadata: { charge_id: String(chargeId), user_id: String(row.user_id) },
        destinationAccount: row.connected_account,
        applicationFeeCents: row.connected_account ? platformFee(payments.config, row.amount_cents) : 0,
      });
    } catch (error) {
      // The call is over either way: the next attempt may send again (with the same idempotency key,
      // so a charge the provider did make is answered, not made twice).
      await releaseEffect(db, chargeKey(chargeId));
      if (error instanceof PaymentUnknownError) return loadCharge(db, chargeId);
      throw error;
    }
    return settle(chargeId, outcome);
  }

  /** Stores a charge to send (processing, no provider reference yet); `send` makes the call. */
  async function insertCharge(
    q: Queryable,
    userId: number,
    card: { id: number },
    kind: ChargeKind,
    credits: number,
    amountCents: number,
  ): Promise<number> {
    const connected = await resellerAccountFor(q, userId, provider.name);
    const created = await q.query<{ id: number }>(
      `INSERT INTO settings_payment_charges (user_id, card_id, provider, kind, amount_cents, credits, status, connected_account, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'processing', $7, $8, $8) RETURNING id`,
      [userId, card.id, provider.name, kind, amountCents, credits, connected, clock.now()],
    );
    return created.rows[0]!.id;
  }

  async function charge(
    userId: number,
    card: { id: number },
    kind: ChargeKind,
    credits: number,
    amountCents: number,
  ): Promise<ChargeRow> {
    return send(await insertCharge(db, userId, card, kind, credits, amountCents));
  }

  /** Re-reads a charge still open (processing, or waiting for the card holder) from the provider. */
  async function refresh(userId: number, chargeId: number): Promise<ChargeRow | null> {
    const row = (
      await db.query<{ status: string; provider_ref: string | null }>(
        'SELECT status, provider_ref FROM settings_payment_charges WHERE id = $1 AND user_id = $2',
        [chargeId, userId],
      )
    ).rows[0];
    if (!row) return null;
    if ((row.status === 'processing' || row.status === 'requires_action') && row.provider_ref) {
      try {
        return await settle(chargeId, await provider.getCharge(row.provider_ref));
      } catch (error) {
        // The provider is unreachable: the charge stays open and is read again later.
        if (!(error instanceof PaymentUnknownError)) throw error;
      }
    }
    return loadCharge(db, chargeId);
  }

  /**
   * The reconciliation job: charges left processing (an answer lost, a webhook not come) are asked
   * again: by their reference when known, else by sending the same request with the same idempotency
   * key (the provider answers with the first attempt's result; the effect's lease keeps two workers
   * from sending at once). Refunds asked and not settled are sent again the same way.
   */
  async function reconcile(): Promise<number> {
    const { rows } = await db.query<{ id: number; user_id: number; provider_ref: string | null }>(
      `SELECT id, user_id, provider_ref FROM settings_payment_charges WHERE status = 'processing' AND provider = $1 AND updated_at < $2 ORDER BY id LIMIT 100`,
      [provider.name, new Date(clock.now().getTime() - RECONCILE_AFTER_MS)],
    );
    let settled = 0;
    for (const row of rows) {
      const after = row.provider_ref ? await refresh(row.user_id, row.id) : await send(row.id);
      if (after && after.status !== 'processing') settled += 1;
    }
    await reconcileRefunds();
    return settled;
  }

  /** A provider event about one of our charges (payment_intent.*, charge.refunded). */
  async function onEvent(event: PaymentEvent): Promise<void> {
    const object = event.data.object as {
      id?: string;
      object?: string;
      payment_intent?: string;
      metadata?: Record<string, string> | null;
      status?: string;
      last_payment_error?: { code?: string; decline_code?: string } | null;
    };
    const intentRef = object.object === 'charge' ? object.payment_intent : object.id;
    const byMeta = Number(object.metadata?.charge_id);
    const chargeId =
      Number.isInteger(byMeta) && byMeta > 0
        ? byMeta
        : (
            await db.query<{ id: number }>(
              'SELECT id FROM settings_payment_charges WHERE provider = $1 AND provider_ref = $2',
              [provider.name, intentRef ?? ''],
            )
          ).rows[0]?.id;
    if (
      !chargeId ||
      !(
        await db.query('SELECT 1 FROM settings_payment_charges WHERE id = $1 AND provider = $2', [
          chargeId,
          provider.name,
        ])
      ).rowCount
    )
      return;
    const failure = object.last_payment_error?.decline_code ?? object.last_payment_error?.code;
    const status: ChargeOutcome['status'] | null =
      event.type === 'charge.refunded'
        ? 'refunded'
        : event.type === 'payment_intent.succeeded'
          ? 'succeeded'
          : event.type === 'payment_intent.payment_failed'
            ? failure === 'authentication_required'
              ? 'requires_action'
              : 'failed'
            : event.type === 'payment_intent.requires_action'
              ? 'requires_action'
              : null;
    if (status)
      await settle(chargeId, {
        ref: intentRef ?? null,
        status,
        failureCode: status === 'failed' || status === 'requires_action' ? (failure ?? 'card_declined') : undefined,
      });
  }

  async function defaultCard(userId: number, q: Queryable = db): Promise<{ id: number } | undefined> {
    return (
      await q.query<{ id: number }>(
        'SELECT id FROM settings_payment_cards WHERE user_id = $1 AND is_default AND provider = $2',
        [userId, provider.name],
      )
    ).rows[0];
  }

  /** A top-up request follows the definite outcome of its charge (a charge still open leaves it done). */
  async function finishRequest(result: ChargeRow): Promise<void> {
    const failed = result.status === 'failed' || result.status === 'requires_action';
    await db.query('UPDATE credit_topup_requests SET status = $2, error_code = $3 WHERE charge_id = $1', [
      result.id,
      failed ? 'failed' : 'done',
      result.failure_code,
    ]);
  }

  /**
   * Charges the queued automatic top-ups (all users, or one). Each request is claimed once. An
   * automatic top-up left processing with no answer (its worker died during the call) is sent again
   * first, with its idempotency key, once its charge effect's lease ran out (`send` leaves one that
   * another worker holds).
   */
  async function processAutoTopUps(onlyUserId?: number): Promise<number> {
    const unanswered = await db.query<{ id: number }>(
      `SELECT id FROM settings_payment_charges WHERE kind = 'auto_top_up' AND status = 'processing' AND provider_ref IS NULL AND provider = $1 ${onlyUserId ? 'AND user_id = $2' : ''} ORDER BY id LIMIT 50`,
      onlyUserId ? [provider.name, onlyUserId] : [provider.name],
    );
    for (const left of unanswered.rows) await finishRequest(await send(left.id));
    const { rows } = await db.query<{ id: number; user_id: number }>(
      `SELECT id, user_id FROM credit_topup_requests WHERE status = 'pending' ${onlyUserId ? 'AND user_id = $1' : ''} ORDER BY id LIMIT 50`,
      onlyUserId ? [onlyUserId] : [],
    );
    let charged = 0;
    for (const request of rows) {
      // The claim and the charge row it leads to commit together: a worker dying after the claim
      // leaves either a pending request or a processing charge that the loop above sends again.
      const chargeId = await db.transaction(async (tx) => {
        const claimed = await tx.query(
          "UPDATE credit_topup_requests SET status = 'done', finished_at = $2 WHERE id = $1 AND status = 'pending' RETURNING id",
          [request.id, clock.now()],
        );
        if (claimed.rowCount === 0) return null;
        const setting = (
          await tx.query<{ amount: number }>('SELECT amount FROM credit_auto_topups WHERE user_id = $1 AND enabled', [
            request.user_id,
          ])
        ).rows[0];
        const card = await defaultCard(request.user_id, tx);
        if (!setting || !card) {
          await tx.query("UPDATE credit_topup_requests SET status = 'failed', error_code = $2 WHERE id = $1", [
            request.id,
            setting ? 'no_default_card' : 'disabled',
          ]);
          return null;
        }
        const id = await insertCharge(
          tx,
          request.user_id,
          card,
          'auto_top_up',
          setting.amount,
          setting.amount * (await centsPerCreditFor(tx, request.user_id)),
        );
        await tx.query('UPDATE credit_topup_requests SET charge_id = $2 WHERE id = $1', [request.id, id]);
        return id;
      });
      if (chargeId === null) continue;
      await finishRequest(await send(chargeId));
      charged += 1;
    }
    return charged;
  }

  /**
   * Sends the refund of a charge whose refund was asked (refund_requested_at), with no transaction
   * open: the effect key makes it one call at a time, the idempotency key one refund at the provider
   * however often it is sent (a lost answer is asked again by the reconciliation job). A refunded
   * answer settles the charge as its charge.refunded event does (settle: once, credits back).
   */
  async function sendRefund(chargeId: number): Promise<void> {
    const row = (
      await db.query<{
        provider_ref: string | null;
        connected_account: string | null;
        refund_requested_at: Date | null;
        status: string;
      }>(
        'SELECT provider_ref, connected_account, refund_requested_at, status FROM settings_payment_charges WHERE id = $1',
        [chargeId],
      )
    ).rows[0];
    if (!row?.provider_ref || !row.refund_requested_at || row.status !== 'succeeded') return;
    const key = refundKey(chargeId, row.refund_requested_at);
    if (!(await claimEffects(db, 'charge', [key])).has(key)) return;
    let outcome: ChargeOutcome;
    try {
      outcome = await provider.refund(row.provider_ref, `leadsmith-${key}`, row.connected_account !== null);
    } catch (error) {
      await releaseEffect(db, key);
      if (error instanceof PaymentUnknownError) return;
      throw error;
    }
    if (outcome.status === 'refunded') {
      await settle(chargeId, { ref: row.provider_ref, status: 'refunded' });
      return;
    }
    await db.transaction(async (tx) => {
      await tx.query('UPDATE settings_payment_charges SET refund_failure_code = $2, updated_at = $3 WHERE id = $1', [
        chargeId,
        outcome.failureCode ?? 'refund_failed',
        clock.now(),
      ]);
      await settleEffects(tx, [
        { key, ok: false, outcome: { status: outcome.status, failure_code: outcome.failureCode ?? null } },
      ]);
    });
  }

  /**
   * Refunds a wallet payment (issue 25), asked by a reseller for its customer or by an administrator.
   * Asked once: the request is recorded on the charge in one statement, so of two racing requests one
   * sends it and the other is told it is pending (409). Answers the charge as it stands after the call.
   */
  async function refund(chargeId: number, byUserId: number): Promise<ChargeRefund> {
    const asked = await db.query(
      `UPDATE settings_payment_charges SET refund_requested_at = $2, refund_requested_by = $3, refund_failure_code = NULL, updated_at = $2
        WHERE id = $1 AND status = 'succeeded' AND provider_ref IS NOT NULL AND (refund_requested_at IS NULL OR refund_failure_code IS NOT NULL)`,
      [chargeId, clock.now(), byUserId],
    );
    if (asked.rowCount === 0) {
      const current = await refundOf(chargeId);
      if (current?.status === 'succeeded' && current.refund_requested_at)
        throw new ApiError(409, 'settings.refund_pending');
      throw unprocessable('settings.refund_not_refundable', 'status');
    }
    await sendRefund(chargeId);
    return (await refundOf(chargeId))!;
  }

  async function refundOf(chargeId: number): Promise<ChargeRefund | null> {
    const { rows } = await db.query<ChargeRefund>(
      'SELECT id, status, credits, refund_requested_at, refund_failure_code, refund_taken_credits, refund_shortfall_credits FROM settings_payment_charges WHERE id = $1',
      [chargeId],
    );
    return rows[0] ?? null;
  }

  /** Refunds asked and still not settled (an answer lost, an event not come): sent again with their key. */
  async function reconcileRefunds(): Promise<void> {
    const { rows } = await db.query<{ id: number }>(
      `SELECT id FROM settings_payment_charges WHERE status = 'succeeded' AND refund_requested_at < $2 AND refund_failure_code IS NULL AND provider = $1 ORDER BY id LIMIT 100`,
      [provider.name, new Date(clock.now().getTime() - RECONCILE_AFTER_MS)],
    );
    for (const row of rows) await sendRefund(row.id);
  }

  return { charge, refresh, reconcile, onEvent, defaultCard, processAutoTopUps, refund };
}

export type WalletService = ReturnType<typeof createWalletService>;

const ChargeStatusSchema = StringEnum(['processing', 'requires_action', 'succeeded', 'failed', 'refunded']);
const Charge = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(['card_validation', 'top_up', 'auto_top_up']),
  amount_cents: Type.Integer(),
  credits: Type.Integer(),
  status: ChargeStatusSchema,
  failure_code: Nullable(Type.String()),
  card_last4: Nullable(Type.String()),
  created_at: Timestamp(),
});
const Card = Type.Object({
  id: Type.Integer(),
  brand: Type.String(),
  last4: Type.String(),
  exp_month: Type.Integer(),
  exp_year: Type.Integer(),
  is_default: Type.Boolean(),
  needs_reconnect: Type.Boolean({
    description: 'The bank asked for authentication: "Card must be reconnected for security reasons".',
  }),
  created_at: Timestamp(),
});
const OptionalMessage = { code: Type.Optional(Type.String()), message: Type.Optional(Type.String()) };
const AutoTopUp = Type.Object({
  enabled: Type.Boolean(),
  threshold: Type.Integer(),
  amount: Type.Integer(),
  consent_at: Nullable(Timestamp()),
});
const Wallet = Type.Object({
  balance: Type.Object({
    monthly: Type.Integer(),
    additional: Type.Integer(),
    rolled_over: Type.Integer(),
    total: Type.Integer(),
  }),
  lots: Type.Array(
    Type.Object({
      id: Type.Integer(),
      amount: Type.Integer(),
      remaining: Type.Integer(),
      expires_at: Timestamp(),
      reason: Type.String(),
    }),
    { description: 'The credits that expire first.' },
  ),
  cards: Type.Array(Card),
  autoTopUp: AutoTopUp,
  pricing: Type.Object({
    centsPerCredit: Type.Number(),
    validationCents: Type.Integer(),
    validationCredits: Type.Integer(),
    minTopUp: Type.Integer(),
    maxTopUp: Type.Integer(),
  }),
  provider: StringEnum(['sandbox', 'stripe']),
  test_mode: Type.Boolean(),
  publishable_key: Nullable(Type.String()),
  charge_waiting_for_confirmation: Nullable(
    Type.Integer({ description: 'A payment the bank wants confirmed (3-D Secure).' }),
  ),
});

function paymentMessage(request: Parameters<typeof say>[0], charge: ChargeRow) {
  if (charge.status === 'succeeded') return say(request, 'settings.payment_succeeded');
  if (charge.status === 'processing') return say(request, 'settings.payment_processing');
  if (charge.status === 'requires_action') return say(request, 'settings.card_reconnect');
  return null;
}

function cardError(error: unknown): never {
  if (error instanceof PaymentMethodError) {
    if (error.code === 'provider_unavailable') throw new ApiError(503, 'settings.payment_unavailable');
    if (error.code === 'setup_incomplete') throw unprocessable('settings.card_setup_incomplete', 'setup_intent_id');
    throw unprocessable(error.code === 'card_declined' ? 'settings.card_declined' : 'settings.card_invalid', 'token');
  }
  throw error;
}

/**
 * Wallet (module wallet; spec §2, §3, §9): balance by bucket with the additional credits' expiry,
 * cards with a default card, top-ups and the automatic top-up setting. Cards are entered in the
 * browser (Stripe.js Payment Element, or the sandbox's card form in test mode) and saved through a
 * SetupIntent: the API never receives a card number.
 */
export function walletRoutes(api: FastifyInstance, deps: AppDeps, payments: Payments): WalletService {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock } = deps;
  const provider = payments.provider;
  const service = createWalletService(deps, payments);
  const guard = { onRequest: [app.requireAuth, app.requireModule('wallet')] };

  // Automatic top-ups: a job as soon as a spend has committed one (the signal comes after the commit),
  // and a sweep every minute on the queue's scheduler for any the signal missed (a process that died).
  defineAutoTopUpWorker(deps.queue, service);
  definePaymentReconcileWorker(deps.queue, service);
  definePaymentMethodDetachWorker(deps.queue, db, payments.provider);
  for (const type of [
    'payment_intent.succeeded',
    'payment_intent.payment_failed',
    'payment_intent.requires_action',
    'charge.refunded',
  ] as const)
    payments.events.on(type, (event) => service.onEvent(event));
  // A card confirmed in the browser whose page closed before it told the API: saved from Stripe's event.
  payments.events.on('setup_intent.succeeded', async (event) => {
    const meta = metadataOf(event);
    const userId = Number(meta.user_id);
    const customer = (event.data.object as { customer?: string | null }).customer;
    if (provider.name !== 'stripe' || !Number.isInteger(userId) || !customer || !event.data.object.id) return;
    const method = await provider.finishSetup(event.data.object.id, customer);
    await insertCard(userId, method, false);
  });
  const onQueued = (userId: number) =>
    void enqueueAutoTopUps(deps.queue, userId).catch((error: unknown) =>
      app.log.error({ err: error }, 'auto top-up failed'),
    );
  autoTopUpSignal.on('queued', onQueued);
  app.addHook('onClose', async () => {
    autoTopUpSignal.off('queued', onQueued);
  });

  async function insertCard(
    userId: number,
    method: StoredPaymentMethod,
    makeDefaultAsked: boolean,
  ): Promise<(CardRow & { inserted: boolean }) | null> {
    return db.transaction(async (tx) => {
      await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const existing = (
        await tx.query<CardRow>(
          `SELECT ${CARD_COLUMNS} FROM settings_payment_cards WHERE user_id = $1 AND provider = $2 AND provider_ref = $3`,
          [userId, provider.name, method.ref],
        )
      ).rows[0];
      if (existing) return { ...existing, inserted: false };
      const hasDefault =
        (await tx.query('SELECT 1 FROM settings_payment_cards WHERE user_id = $1 AND is_default', [userId])).rowCount >
        0;
      const makeDefault = makeDefaultAsked || !hasDefault;
      if (makeDefault)
        await tx.query('UPDATE settings_payment_cards SET is_default = false WHERE user_id = $1 AND is_default', [
          userId,
        ]);
      const { rows } = await tx.query<CardRow>(
        `INSERT INTO settings_payment_cards (user_id, provider, provider_ref, brand, last4, exp_month, exp_year, is_default, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${CARD_COLUMNS}`,
        [
          userId,
          provider.name,
          method.ref,
          method.brand,
          method.last4,
          method.expMonth,
          method.expYear,
          makeDefault,
          clock.now(),
        ],
      );
      return { ...rows[0]!, inserted: true };
    });
  }

  app.get(
    '/api/wallet',
    { ...guard, schema: { summary: 'Your credits, cards, automatic top-up and prices', response: { 200: Wallet } } },
    async (request) => {
      const userId = currentUser(request).id;
      const now = clock.now();
      const balance = await db.transaction((tx) => walletBalance(tx, userId, { now }));
      const lots = await db.query<{
        id: number;
        amount: number;
        remaining: number;
        expires_at: string;
        reason: string;
      }>(
        'SELECT id, amount, remaining, expires_at, reason FROM credit_lots WHERE user_id = $1 AND remaining > 0 AND expires_at > $2 ORDER BY expires_at, id LIMIT $3',
        [userId, now, LOTS_SHOWN],
      );
      const cards = await db.query<CardRow>(
        `SELECT ${CARD_COLUMNS} FROM settings_payment_cards WHERE user_id = $1 AND provider = $2 ORDER BY id LIMIT $3`,
        [userId, provider.name, MAX_CARDS],
      );
      const auto = (
        await db.query<{ enabled: boolean; threshold: number; amount: number; consent_at: string | null }>(
          'SELECT enabled, threshold, amount, consent_at FROM credit_auto_topups WHERE user_id = $1',
          [userId],
        )
      ).rows[0];
      const waiting = (
        await db.query<{ id: number }>(
          `SELECT id FROM settings_payment_charges WHERE user_id = $1 AND status = 'requires_action' AND provider = $2 ORDER BY id DESC LIMIT 1`,
          [userId, provider.name],
        )
      ).rows[0];
      return {
        balance,
        lots: lots.rows,
        cards: cards.rows,
        autoTopUp: auto ?? { enabled: false, threshold: 10, amount: 100, consent_at: null },
        pricing: {
          centsPerCredit: await centsPerCreditFor(db, userId),
          validationCents: CARD_VALIDATION_CENTS,
          validationCredits: CARD_VALIDATION_CREDITS,
          minTopUp: MIN_TOP_UP_CREDITS,
          maxTopUp: MAX_TOP_UP_CREDITS,
        },
        provider: provider.name,
        test_mode: provider.name === 'sandbox',
        publishable_key: provider.publishableKey,
        charge_waiting_for_confirmation: waiting?.id ?? null,
      };
    },
  );

  app.get(
    '/api/wallet/charges',
    {
      ...guard,
      schema: { summary: 'Your payments, newest first', querystring: PageQuery, response: { 200: Page(Charge) } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { page, pageSize } = request.query;
      const { rows } = await db.query<ChargeRow>(
        `${CHARGE_SELECT} WHERE c.user_id = $1 ORDER BY c.id DESC LIMIT $2 OFFSET $3`,
        [userId, pageSize, (page - 1) * pageSize],
      );
      const count = await db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM settings_payment_charges WHERE user_id = $1',
        [userId],
      );
      return { data: rows, currentPage: page, pageSize, total: count.rows[0]?.total ?? 0 };
    },
  );

  app.get(
    '/api/wallet/charges/:id',
    {
      ...guard,
      schema: {
        summary: 'One payment, read again from the provider while it is open',
        params: IdParams,
        response: { 200: Type.Object({ data: Charge, ...OptionalMessage }) },
      },
    },
    async (request) => {
      const charge = await service.refresh(currentUser(request).id, request.params.id);
      if (!charge) throw notFound();
      return { data: charge, ...(charge.status === 'succeeded' ? say(request, 'settings.payment_succeeded') : {}) };
    },
  );

  app.post(
    '/api/wallet/cards/setup',
    {
      ...guard,
      schema: {
        summary:
          'Starts saving a card: a SetupIntent the browser confirms with the card (Stripe.js, or the sandbox card form in test mode)',
        body: Empty,
        response: {
          201: Type.Object({
            setup_intent_id: Type.String(),
            client_secret: Type.String(),
            provider: StringEnum(['sandbox', 'stripe']),
            publishable_key: Nullable(Type.String()),
          }),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const count = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM settings_payment_cards WHERE user_id = $1',
        [user.id],
      );
      if ((count.rows[0]?.n ?? 0) >= MAX_CARDS) throw unprocessable('settings.card_limit', 'card', { n: MAX_CARDS });
      try {
        const customer = await customerFor(db, provider, user, clock.now());
        const setup = await provider.startSetup(
          customer,
          { user_id: String(user.id) },
          `leadsmith-setup-${user.id}-${randomUUID()}`,
        );
        reply.code(201);
        return {
          setup_intent_id: setup.id,
          client_secret: setup.clientSecret,
          provider: provider.name,
          publishable_key: provider.publishableKey,
        };
      } catch (error) {
        return cardError(error);
      }
    },
  );

  app.post(
    '/api/wallet/cards',
    {
      ...guard,
      schema: {
        summary: 'Saves the card of a confirmed SetupIntent and makes the 1-dollar validation charge',
        body: Type.Object(
          {
            setup_intent_id: Type.String({ minLength: 3, maxLength: 255, pattern: '^seti_[A-Za-z0-9_]+$' }),
            token: Type.Optional(
              Type.String({
                minLength: 3,
                maxLength: 255,
                pattern: '^tok_[A-Za-z0-9_]+$',
                description: "The sandbox card form's token (test mode only).",
              }),
            ),
            make_default: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: { 201: Type.Object({ data: Card, charge: Charge, ...OptionalMessage }) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      const count = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM settings_payment_cards WHERE user_id = $1',
        [user.id],
      );
      if ((count.rows[0]?.n ?? 0) >= MAX_CARDS)
        throw unprocessable('settings.card_limit', 'setup_intent_id', { n: MAX_CARDS });
      let method: StoredPaymentMethod;
      try {
        const customer = await customerFor(db, provider, user, clock.now());
        method = await provider.finishSetup(body.setup_intent_id, customer, body.token);
      } catch (error) {
        return cardError(error);
      }
      const card = await insertCard(user.id, method, body.make_default === true);
      if (!card?.inserted) throw unprocessable('settings.card_exists', 'setup_intent_id');
      const charge = await service.charge(
        user.id,
        card,
        'card_validation',
        CARD_VALIDATION_CREDITS,
        CARD_VALIDATION_CENTS,
      );
      if (charge.status === 'failed') {
        // A card whose validation charge is declined is not kept.
        await db.transaction(async (tx) => {
          await tx.query('DELETE FROM settings_payment_cards WHERE id = $1', [card.id]);
          await promoteDefault(tx, user.id);
        });
        throw unprocessable('settings.card_declined', 'token');
      }
      reply.code(201);
      const { inserted: _inserted, ...publicCard } = card;
      void _inserted;
      return {
        ...paymentMessage(request, charge),
        data: (
          await db.query<CardRow>(`SELECT ${CARD_COLUMNS} FROM settings_payment_cards WHERE id = $1`, [publicCard.id])
        ).rows[0]!,
        charge,
      };
    },
  );

  app.post(
    '/api/wallet/charges/:id/confirm',
    {
      ...guard,
      schema: {
        summary:
          'A payment the bank wants authenticated: the client secret Stripe.js confirms it with (in test mode the sandbox confirms it here)',
        params: IdParams,
        body: Empty,
        response: {
          200: Type.Object({
            provider: StringEnum(['sandbox', 'stripe']),
            client_secret: Nullable(Type.String()),
            publishable_key: Nullable(Type.String()),
            data: Charge,
            ...OptionalMessage,
          }),
        },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const row = (
        await db.query<{ status: string; provider_ref: string | null }>(
          'SELECT status, provider_ref FROM settings_payment_charges WHERE id = $1 AND user_id = $2 AND provider = $3',
          [request.params.id, userId, provider.name],
        )
      ).rows[0];
      if (!row) throw notFound();
      if (row.status !== 'requires_action' || !row.provider_ref)
        throw unprocessable('settings.charge_not_waiting', 'id');
      if (payments.sandbox) {
        // Test mode: the sandbox stands in for the bank's 3-D Secure page and passes it.
        await payments.sandbox.authenticate(row.provider_ref);
        const charge = (await service.refresh(userId, request.params.id))!;
        return {
          provider: provider.name,
          client_secret: null,
          publishable_key: null,
          data: charge,
          ...paymentMessage(request, charge),
        };
      }
      try {
        const secret = await provider.clientSecretOf(row.provider_ref);
        return {
          provider: provider.name,
          client_secret: secret,
          publishable_key: provider.publishableKey,
          data: await loadCharge(db, request.params.id),
        };
      } catch (error) {
        if (error instanceof PaymentUnknownError) throw new ApiError(503, 'settings.payment_unavailable');
        throw error;
      }
    },
  );

  async function promoteDefault(tx: Queryable, userId: number): Promise<void> {
    const hasDefault =
      (await tx.query('SELECT 1 FROM settings_payment_cards WHERE user_id = $1 AND is_default', [userId])).rowCount > 0;
    if (hasDefault) return;
    const next = await tx.query(
      'UPDATE settings_payment_cards SET is_default = true WHERE id = (SELECT id FROM settings_payment_cards WHERE user_id = $1 ORDER BY id DESC LIMIT 1) RETURNING id',
      [userId],
    );
    // Without any card an automatic top-up cannot run: switch it off.
    if (next.rowCount === 0)
      await tx.query('UPDATE credit_auto_topups SET enabled = false, updated_at = $2 WHERE user_id = $1', [
        userId,
        clock.now(),
      ]);
  }

  api.put<{ Params: { id: number } }>(
    '/api/wallet/cards/:id/default',
    {
      ...guard,
      schema: {
        summary: 'Make a card the default',
        params: idParamsSchema,
        response: { 200: Type.Object({ ...MessageProperties, data: Card }) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const card = await db.transaction(async (tx) => {
        const exists = await tx.query(
          'SELECT id FROM settings_payment_cards WHERE id = $1 AND user_id = $2 FOR UPDATE',
          [request.params.id, userId],
        );
        if (exists.rowCount === 0) throw notFound();
        await tx.query('UPDATE settings_payment_cards SET is_default = false WHERE user_id = $1 AND is_default', [
          userId,
        ]);
        return (
          await tx.query<CardRow>(
            `UPDATE settings_payment_cards SET is_default = true WHERE id = $1 RETURNING ${CARD_COLUMNS}`,
            [request.params.id],
          )
        ).rows[0]!;
      });
      return { ...say(request, 'settings.card_default_set'), data: card };
    },
  );

  api.delete<{ Params: { id: number } }>(
    '/api/wallet/cards/:id',
    { ...guard, schema: { summary: 'Remove a card', params: idParamsSchema, response: { 200: Message } } },
    async (request) => {
      const userId = currentUser(request).id;
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<DetachJob>(
          'DELETE FROM settings_payment_cards WHERE id = $1 AND user_id = $2 RETURNING provider, provider_ref AS ref',
          [request.params.id, userId],
        );
        if (!rows[0]) throw notFound();
        await promoteDefault(tx, userId);
        // Detached at the provider after the commit, once (workers/paymentMethodDetach.ts).
        await deps.queue.send(PAYMENT_METHOD_DETACH, { provider: rows[0].provider, ref: rows[0].ref }, { tx });
      });
      return say(request, 'settings.card_deleted');
    },
  );

  api.post<{ Body: { credits: number } }>(
    '/api/wallet/top-ups',
    {
      ...guard,
      schema: {
        summary: 'Buy credits with the default card',
        body: objectSchema({ credits: { type: 'integer', minimum: MIN_TOP_UP_CREDITS, maximum: MAX_TOP_UP_CREDITS } }, [
          'credits',
        ]),
        response: { 201: Type.Object({ data: Charge, ...OptionalMessage }) },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const card = await service.defaultCard(userId);
      if (!card) throw unprocessable('settings.default_card_required', 'card');
      const charge = await service.charge(
        userId,
        card,
        'top_up',
        request.body.credits,
        request.body.credits * (await centsPerCreditFor(db, userId)),
      );
      if (charge.status === 'failed')
        throw unprocessable('settings.payment_failed', 'card', { reason: charge.failure_code ?? 'card_declined' });
      reply.code(201);
      return { ...paymentMessage(request, charge), data: charge };
    },
  );

  api.put<{ Body: { enabled: boolean; threshold: number; amount: number; consent?: boolean } }>(
    '/api/wallet/auto-top-up',
    {
      ...guard,
      schema: {
        summary: 'Turn the automatic top-up on or off, with its threshold and amount',
        response: { 200: Type.Object({ ...MessageProperties, data: AutoTopUp }) },
        body: objectSchema(
          {
            enabled: { type: 'boolean' },
            threshold: { type: 'integer', minimum: 0, maximum: MAX_TOP_UP_CREDITS },
            amount: { type: 'integer', minimum: MIN_TOP_UP_CREDITS, maximum: MAX_TOP_UP_CREDITS },
            consent: { type: 'boolean' },
          },
          ['enabled', 'threshold', 'amount'],
        ),
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { enabled, threshold, amount, consent } = request.body;
      if (enabled && consent !== true) throw unprocessable('settings.auto_top_up_consent', 'consent');
      if (enabled && !(await service.defaultCard(userId)))
        throw unprocessable('settings.default_card_required', 'card');
      const now = clock.now();
      const { rows } = await db.query<{
        enabled: boolean;
        threshold: number;
        amount: number;
        consent_at: string | null;
      }>(
        `INSERT INTO credit_auto_topups (user_id, enabled, threshold, amount, consent_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (user_id) DO UPDATE SET enabled = EXCLUDED.enabled, threshold = EXCLUDED.threshold, amount = EXCLUDED.amount,
           consent_at = CASE WHEN EXCLUDED.enabled THEN EXCLUDED.consent_at ELSE credit_auto_topups.consent_at END, updated_at = EXCLUDED.updated_at
         RETURNING enabled, threshold, amount, consent_at`,
        [userId, enabled, threshold, amount, enabled ? now : null, now],
      );
      return { ...say(request, enabled ? 'settings.auto_top_up_on' : 'settings.auto_top_up_off'), data: rows[0] };
    },
  );

  return service;
}

/** A wallet payment's refund as routes answer it: where it stands, and what it took back. */
export const ChargeRefundSchema = Type.Object({
  id: Type.Integer(),
  status: ChargeStatusSchema,
  credits: Type.Integer(),
  refund_requested_at: Nullable(Timestamp()),
  refund_failure_code: Nullable(Type.String()),
  refund_taken_credits: Nullable(Type.Integer({ description: 'Credits taken back from the wallet by the refund.' })),
  refund_shortfall_credits: Nullable(
    Type.Integer({ description: 'Credits the wallet could not give back (already spent).' }),
  ),
});
export const RefundAnswer = Type.Object({ ...MessageProperties, data: ChargeRefundSchema });

/** The answer to a refund request: refunded (with the shortfall, if any), refused by the provider, or asked and not confirmed yet (202). */
export function refundAnswer(
  request: Parameters<typeof say>[0],
  refund: ChargeRefund,
): { status: 200 | 202; body: { code: string; message: string; data: ChargeRefund } } {
  if (refund.status === 'refunded') {
    const shortfall = refund.refund_shortfall_credits ?? 0;
    const message =
      shortfall > 0
        ? say(request, 'settings.refund_done_short', {
            taken: refund.refund_taken_credits ?? 0,
            credits: refund.credits,
            shortfall,
          })
        : say(request, 'settings.refund_done', { taken: refund.refund_taken_credits ?? 0 });
    return { status: 200, body: { ...message, data: refund } };
  }
  if (refund.refund_failure_code)
    throw unprocessable('settings.refund_failed', 'status', { code: refund.refund_failure_code });
  return { status: 202, body: { ...say(request, 'settings.refund_requested'), data: refund } };
}
