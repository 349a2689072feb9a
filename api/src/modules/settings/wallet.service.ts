import { randomUUID } from 'node:crypto';
import { grantCredits, revokeCredits, walletBalance } from '../../credits/ledger';
import type { Queryable } from '../../db';
import { settleEffects, claimEffects, releaseEffect } from '../../effects/externalEffects';
import type { AppDeps } from '../../http/context';
import { ApiError, unprocessable } from '../../http/errors';
import { t, type Language, type MessageCode } from '../../i18n/messages';
import { formatCents, sendTemplatedMail } from '../../mail/templatedMail';
import {
  idempotencyKeyMayBeForgotten,
  PaymentMethodError,
  PaymentUnknownError,
  platformFee,
  type ChargeOutcome,
  type PaymentEvent,
  type Payments,
  type PaymentsProvider,
  type StoredPaymentMethod,
} from '../../providers/payments';
import { chargeFailureReason } from '../../providers/payments/failureReason';
import { PAYMENT_METHOD_DETACH } from '../../workers/paymentMethodDetach';
import { lockUser } from './account.repository';
import { notFound } from './account.service';
import {
  askRefund,
  autoTopUpOf,
  cardById,
  cardByRef,
  cardsOf,
  chargeAmountCents,
  chargeById,
  chargeExists,
  chargeIdByRef,
  chargeStateOf,
  chargeToSend,
  chargeWaitingOf,
  claimTopUpRequest,
  clearCardNeedsReconnect,
  clearDefaultCard,
  countCards,
  defaultCardOf,
  deleteCardRow,
  deleteUserCard,
  disableAutoTopUp,
  enabledAutoTopUpAmount,
  expiringLots,
  failTopUpRequest,
  finishTopUpRequest,
  hasDefaultCard,
  insertCardRow,
  insertChargeRow,
  insertPaymentCustomer,
  linkTopUpCharge,
  lockCard,
  markCardNeedsReconnect,
  markCredited,
  paymentCustomerRefOf,
  pendingTopUpRequests,
  promoteNewestCard,
  providerChargeStateOf,
  recordRefundFailure,
  recordRefundTaken,
  refundOf,
  refundToSend,
  resellerAccountFor,
  resellerCreditPriceOf,
  saveAutoTopUp,
  setDefaultCard,
  settleChargeRow,
  unansweredAutoTopUps,
  unansweredCharges,
  unsettledRefunds,
  type AutoTopUpRow,
  type CardRow,
  type ChargeKind,
  type ChargeRefund,
  type ChargeRow,
} from './wallet.repository';

export type { ChargeRefund, ChargeRow } from './wallet.repository';

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

/**
 * Spec §5: a reseller's customer buys credits at the reseller's credit sale price, the one of the package
 * its subscription is on (the latest subscription with its parent); everyone else at CENTS_PER_CREDIT.
 */
export async function centsPerCreditFor(q: Queryable, userId: number): Promise<number> {
  return (await resellerCreditPriceOf(q, userId)) ?? CENTS_PER_CREDIT;
}

/** Charges whose answer is older than this are asked again by the reconciliation job. */
export const RECONCILE_AFTER_MS = 2 * 60_000;

/** The account's provider customer: made once (the idempotency key makes two racing requests one customer). */
export async function customerFor(
  db: Queryable,
  payments: PaymentsProvider,
  user: { id: number; email: string },
  now: Date,
): Promise<string> {
  const known = await paymentCustomerRefOf(db, user.id, payments.name);
  if (known) return known;
  const ref = await payments.createCustomer({ userId: user.id, email: user.email }, `leadsmith-customer-${user.id}`);
  await insertPaymentCustomer(db, user.id, payments.name, ref, now);
  return (await paymentCustomerRefOf(db, user.id, payments.name))!;
}

const chargeKey = (chargeId: number) => `charge:${chargeId}`;
/** One refund request of a charge: its effect key and idempotency key (a request after a refused one is a new refund). */
const refundKey = (chargeId: number, requestedAt: Date) => `charge-refund:${chargeId}:${requestedAt.getTime()}`;

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
      const row = await settleChargeRow(tx, chargeId, outcome, now);
      await settleEffects(tx, [
        {
          key: chargeKey(chargeId),
          ok: outcome.status !== 'failed',
          outcome: { status: outcome.status, ref: outcome.ref, failure_code: outcome.failureCode ?? null },
        },
      ]);
      if (!row) return;
      // A refund asked from the app is done, whichever came first: the provider's answer or its event.
      if (outcome.status === 'refunded' && row.refund_requested_at) {
        await settleEffects(tx, [
          { key: refundKey(chargeId, row.refund_requested_at), ok: true, outcome: { status: 'refunded' } },
        ]);
      }
      if (row.card_id !== null) {
        // The bank wants the card holder: the card must be confirmed again before it is charged off-session.
        if (outcome.status === 'requires_action') await markCardNeedsReconnect(tx, row.card_id);
        if (outcome.status === 'succeeded') await clearCardNeedsReconnect(tx, row.card_id);
      }
      if (outcome.status === 'succeeded' && !row.credited) {
        if (await markCredited(tx, chargeId))
          await grantCredits(tx, row.user_id, row.credits, 'additional', REASONS[row.kind], { now });
      }
      // Refunded (Stripe's charge.refunded, a refund in its dashboard, the sandbox): the credits it bought
      // go back once — the row came back only on the change to refunded — and never more than are left.
      if (outcome.status === 'refunded' && row.credited) {
        const back = await revokeCredits(tx, row.user_id, row.credits, `${REASONS[row.kind]} refunded`, { now });
        await recordRefundTaken(tx, chargeId, back.taken, back.shortfall);
      }
      // The row came back only on the change to this status, so each charge mails once per outcome.
      await mailChargeOutcome(tx, chargeId, row, outcome, now);
    });
    return chargeById(db, chargeId);
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
    const cents = await chargeAmountCents(tx, chargeId);
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
    const row = await chargeToSend(db, chargeId);
    const customer = await paymentCustomerRefOf(db, row.user_id, provider.name);
    if (!row.card_ref || !customer)
      return settle(chargeId, { ref: null, status: 'failed', failureCode: 'payment_method_missing' });
    const claimed = await claimEffects(db, 'charge', [chargeKey(chargeId)]);
    // Another worker is sending it now (or it is settled): leave it to that one.
    if (!claimed.has(chargeKey(chargeId))) return chargeById(db, chargeId);
    let outcome: ChargeOutcome;
    try {
      // Past the provider's idempotency window the same key would make a second charge: a charge made
      // by an earlier attempt is found by its metadata instead, and only a charge never made is sent.
      const keyForgotten = idempotencyKeyMayBeForgotten(provider, new Date(row.created_at), clock.now());
      const made = keyForgotten && provider.findCharge ? await provider.findCharge(chargeId) : null;
      if (made) return settle(chargeId, made);
      outcome = await provider.charge({
        customerRef: customer,
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
      if (error instanceof PaymentUnknownError) return chargeById(db, chargeId);
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
    return insertChargeRow(
      q,
      { userId, cardId: card.id, provider: provider.name, kind, amountCents, credits, connectedAccount: connected },
      clock.now(),
    );
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
    const row = await chargeStateOf(db, chargeId, userId);
    if (!row) return null;
    if ((row.status === 'processing' || row.status === 'requires_action') && row.provider_ref) {
      try {
        return await settle(chargeId, await provider.getCharge(row.provider_ref));
      } catch (error) {
        // The provider is unreachable: the charge stays open and is read again later.
        if (!(error instanceof PaymentUnknownError)) throw error;
      }
    }
    return chargeById(db, chargeId);
  }

  /**
   * The reconciliation job: charges left processing (an answer lost, a webhook not come) are asked
   * again: by their reference when known, else by sending the same request with the same idempotency
   * key (the provider answers with the first attempt's result; the effect's lease keeps two workers
   * from sending at once). Refunds asked and not settled are sent again the same way.
   */
  async function reconcile(): Promise<number> {
    const rows = await unansweredCharges(db, provider.name, new Date(clock.now().getTime() - RECONCILE_AFTER_MS));
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
      Number.isInteger(byMeta) && byMeta > 0 ? byMeta : await chargeIdByRef(db, provider.name, intentRef ?? '');
    if (!chargeId || !(await chargeExists(db, chargeId, provider.name))) return;
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
    return defaultCardOf(q, userId, provider.name);
  }

  /** A top-up request follows the definite outcome of its charge (a charge still open leaves it done). */
  async function finishRequest(result: ChargeRow): Promise<void> {
    const failed = result.status === 'failed' || result.status === 'requires_action';
    await finishTopUpRequest(db, result.id, failed ? 'failed' : 'done', result.failure_code);
  }

  /**
   * Charges the queued automatic top-ups (all users, or one). Each request is claimed once. An
   * automatic top-up left processing with no answer (its worker died during the call) is sent again
   * first, with its idempotency key, once its charge effect's lease ran out (`send` leaves one that
   * another worker holds).
   */
  async function processAutoTopUps(onlyUserId?: number): Promise<number> {
    const unanswered = await unansweredAutoTopUps(db, provider.name, onlyUserId);
    for (const left of unanswered) await finishRequest(await send(left.id));
    const rows = await pendingTopUpRequests(db, onlyUserId);
    let charged = 0;
    for (const request of rows) {
      // The claim and the charge row it leads to commit together: a worker dying after the claim
      // leaves either a pending request or a processing charge that the loop above sends again.
      const chargeId = await db.transaction(async (tx) => {
        if (!(await claimTopUpRequest(tx, request.id, clock.now()))) return null;
        const amount = await enabledAutoTopUpAmount(tx, request.user_id);
        const card = await defaultCard(request.user_id, tx);
        if (amount === undefined || !card) {
          await failTopUpRequest(tx, request.id, amount !== undefined ? 'no_default_card' : 'disabled');
          return null;
        }
        const id = await insertCharge(
          tx,
          request.user_id,
          card,
          'auto_top_up',
          amount,
          amount * (await centsPerCreditFor(tx, request.user_id)),
        );
        await linkTopUpCharge(tx, request.id, id);
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
    const row = await refundToSend(db, chargeId);
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
      await recordRefundFailure(tx, chargeId, outcome.failureCode ?? 'refund_failed', clock.now());
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
    if (!(await askRefund(db, chargeId, clock.now(), byUserId))) {
      const current = await refundOf(db, chargeId);
      if (current?.status === 'succeeded' && current.refund_requested_at)
        throw new ApiError(409, 'settings.refund_pending');
      throw unprocessable('settings.refund_not_refundable', 'status');
    }
    await sendRefund(chargeId);
    return (await refundOf(db, chargeId))!;
  }

  /** Refunds asked and still not settled (an answer lost, an event not come): sent again with their key. */
  async function reconcileRefunds(): Promise<void> {
    const rows = await unsettledRefunds(db, provider.name, new Date(clock.now().getTime() - RECONCILE_AFTER_MS));
    for (const row of rows) await sendRefund(row.id);
  }

  return { charge, refresh, reconcile, onEvent, defaultCard, processAutoTopUps, refund };
}

export type WalletService = ReturnType<typeof createWalletService>;

type WalletDeps = Pick<AppDeps, 'db' | 'clock'>;

/** A provider's card error as the API answers it. */
export function cardError(error: unknown): never {
  if (error instanceof PaymentMethodError) {
    if (error.code === 'provider_unavailable') throw new ApiError(503, 'settings.payment_unavailable');
    if (error.code === 'setup_incomplete') throw unprocessable('settings.card_setup_incomplete', 'setup_intent_id');
    throw unprocessable(error.code === 'card_declined' ? 'settings.card_declined' : 'settings.card_invalid', 'token');
  }
  throw error;
}

/** The wallet screen: balance, the credits that expire first, cards, automatic top-up, prices. */
export async function walletOverview({ db, clock }: WalletDeps, provider: PaymentsProvider, userId: number) {
  const now = clock.now();
  const balance = await db.transaction((tx) => walletBalance(tx, userId, { now }));
  const lots = await expiringLots(db, userId, now, LOTS_SHOWN);
  const cards = await cardsOf(db, userId, provider.name, MAX_CARDS);
  const auto = await autoTopUpOf(db, userId);
  const waiting = await chargeWaitingOf(db, userId, provider.name);
  return {
    balance,
    lots,
    cards,
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
}

/** At most MAX_CARDS cards a user (422 on `field`). */
async function refuseAtCardLimit(db: Queryable, userId: number, field: string): Promise<void> {
  if ((await countCards(db, userId)) >= MAX_CARDS) throw unprocessable('settings.card_limit', field, { n: MAX_CARDS });
}

/** Starts saving a card: a SetupIntent the browser confirms with the card. */
export async function startCardSetup(
  { db, clock }: WalletDeps,
  provider: PaymentsProvider,
  user: { id: number; email: string },
): Promise<{ id: string; clientSecret: string }> {
  await refuseAtCardLimit(db, user.id, 'card');
  try {
    const customer = await customerFor(db, provider, user, clock.now());
    return await provider.startSetup(
      customer,
      { user_id: String(user.id) },
      `leadsmith-setup-${user.id}-${randomUUID()}`,
    );
  } catch (error) {
    return cardError(error);
  }
}

/**
 * Keeps a card (once per provider reference: `inserted` false when it was kept already); the user's first card,
 * or one asked to be, becomes the default.
 */
export async function insertCard(
  { db, clock }: WalletDeps,
  provider: PaymentsProvider,
  userId: number,
  method: StoredPaymentMethod,
  makeDefaultAsked: boolean,
): Promise<CardRow & { inserted: boolean }> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const existing = await cardByRef(tx, userId, provider.name, method.ref);
    if (existing) return { ...existing, inserted: false };
    const makeDefault = makeDefaultAsked || !(await hasDefaultCard(tx, userId));
    if (makeDefault) await clearDefaultCard(tx, userId);
    const row = await insertCardRow(
      tx,
      {
        userId,
        provider: provider.name,
        ref: method.ref,
        brand: method.brand,
        last4: method.last4,
        expMonth: method.expMonth,
        expYear: method.expYear,
        isDefault: makeDefault,
      },
      clock.now(),
    );
    return { ...row, inserted: true };
  });
}

/** With no default card left, the newest becomes it; without any card the automatic top-up is switched off. */
async function promoteDefault(tx: Queryable, userId: number, now: () => Date): Promise<void> {
  if (await hasDefaultCard(tx, userId)) return;
  // Without any card an automatic top-up cannot run: switch it off.
  if (!(await promoteNewestCard(tx, userId))) await disableAutoTopUp(tx, userId, now());
}

/**
 * Saves the card of a confirmed SetupIntent and makes the validation charge; a card whose validation charge is
 * declined is not kept (422).
 */
export async function addCard(
  deps: WalletDeps,
  provider: PaymentsProvider,
  wallet: WalletService,
  user: { id: number; email: string },
  body: { setup_intent_id: string; token?: string; make_default?: boolean },
): Promise<{ card: CardRow; charge: ChargeRow }> {
  const { db, clock } = deps;
  await refuseAtCardLimit(db, user.id, 'setup_intent_id');
  let method: StoredPaymentMethod;
  try {
    const customer = await customerFor(db, provider, user, clock.now());
    method = await provider.finishSetup(body.setup_intent_id, customer, body.token);
  } catch (error) {
    return cardError(error);
  }
  const card = await insertCard(deps, provider, user.id, method, body.make_default === true);
  if (!card.inserted) throw unprocessable('settings.card_exists', 'setup_intent_id');
  const charge = await wallet.charge(user.id, card, 'card_validation', CARD_VALIDATION_CREDITS, CARD_VALIDATION_CENTS);
  if (charge.status === 'failed') {
    await db.transaction(async (tx) => {
      await deleteCardRow(tx, card.id);
      await promoteDefault(tx, user.id, () => clock.now());
    });
    throw unprocessable('settings.card_declined', 'token');
  }
  return { card: await cardById(db, card.id), charge };
}

/**
 * A payment the bank wants authenticated: in test mode the sandbox stands in for the bank's 3-D Secure page and
 * passes it (the charge as it is after); else the client secret Stripe.js confirms it with.
 */
export async function confirmCharge(
  { db }: WalletDeps,
  payments: Payments,
  wallet: WalletService,
  userId: number,
  chargeId: number,
): Promise<{ confirmed: true; charge: ChargeRow } | { confirmed: false; clientSecret: string; charge: ChargeRow }> {
  const provider = payments.provider;
  const row = await providerChargeStateOf(db, chargeId, userId, provider.name);
  if (!row) throw notFound();
  if (row.status !== 'requires_action' || !row.provider_ref) throw unprocessable('settings.charge_not_waiting', 'id');
  if (payments.sandbox) {
    await payments.sandbox.authenticate(row.provider_ref);
    return { confirmed: true, charge: (await wallet.refresh(userId, chargeId))! };
  }
  try {
    const secret = await provider.clientSecretOf(row.provider_ref);
    return { confirmed: false, clientSecret: secret, charge: await chargeById(db, chargeId) };
  } catch (error) {
    if (error instanceof PaymentUnknownError) throw new ApiError(503, 'settings.payment_unavailable');
    throw error;
  }
}

export async function makeDefaultCard(db: WalletDeps['db'], userId: number, cardId: number): Promise<CardRow> {
  return db.transaction(async (tx) => {
    if (!(await lockCard(tx, cardId, userId))) throw notFound();
    await clearDefaultCard(tx, userId);
    return setDefaultCard(tx, cardId);
  });
}

/** Removes the user's card; it is detached at the provider after the commit, once (workers/paymentMethodDetach.ts). */
export async function removeCard(
  { db, clock, queue }: Pick<AppDeps, 'db' | 'clock' | 'queue'>,
  userId: number,
  cardId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const detached = await deleteUserCard(tx, cardId, userId);
    if (!detached) throw notFound();
    await promoteDefault(tx, userId, () => clock.now());
    await queue.send(PAYMENT_METHOD_DETACH, { provider: detached.provider, ref: detached.ref }, { tx });
  });
}

/** Buys credits with the default card at the user's price (a declined payment is 422). */
export async function topUp(
  { db }: WalletDeps,
  wallet: WalletService,
  userId: number,
  credits: number,
): Promise<ChargeRow> {
  const card = await wallet.defaultCard(userId);
  if (!card) throw unprocessable('settings.default_card_required', 'card');
  const charge = await wallet.charge(userId, card, 'top_up', credits, credits * (await centsPerCreditFor(db, userId)));
  if (charge.status === 'failed')
    throw unprocessable('settings.payment_failed', 'card', { reason: charge.failure_code ?? 'card_declined' });
  return charge;
}

/** Turns the automatic top-up on (with the user's consent and a default card) or off. */
export async function setAutoTopUp(
  { db, clock }: WalletDeps,
  wallet: WalletService,
  userId: number,
  setting: { enabled: boolean; threshold: number; amount: number; consent?: boolean },
): Promise<AutoTopUpRow> {
  const { enabled, threshold, amount, consent } = setting;
  if (enabled && consent !== true) throw unprocessable('settings.auto_top_up_consent', 'consent');
  if (enabled && !(await wallet.defaultCard(userId))) throw unprocessable('settings.default_card_required', 'card');
  const now = clock.now();
  return saveAutoTopUp(db, userId, { enabled, threshold, amount, consentAt: enabled ? now : null }, now);
}
