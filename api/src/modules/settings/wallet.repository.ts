import type { Queryable } from '../../db';
import type { ChargeOutcome, PaymentsProvider } from '../../providers/payments';
import type { DetachJob } from '../../workers/paymentMethodDetach';
import type { PageWindow } from '../../http/contract';

export type ChargeKind = 'card_validation' | 'top_up' | 'auto_top_up';

export interface CardRow {
  id: number;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
  needs_reconnect: boolean;
  created_at: string;
}

export interface ChargeRow {
  id: number;
  kind: ChargeKind;
  amount_cents: number;
  credits: number;
  status: ChargeOutcome['status'];
  failure_code: string | null;
  card_last4: string | null;
  created_at: string;
}

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

export interface AutoTopUpRow {
  enabled: boolean;
  threshold: number;
  amount: number;
  consent_at: string | null;
}

const CARD_COLUMNS = 'id, brand, last4, exp_month, exp_year, is_default, needs_reconnect, created_at';
const CHARGE_SELECT = `SELECT c.id, c.kind, c.amount_cents, c.credits, c.status, c.failure_code, k.last4 AS card_last4, c.created_at
  FROM settings_payment_charges c LEFT JOIN settings_payment_cards k ON k.id = c.card_id`;

// ---- Charges

export async function chargeById(db: Queryable, id: number): Promise<ChargeRow> {
  return (await db.query<ChargeRow>(`${CHARGE_SELECT} WHERE c.id = $1`, [id])).rows[0]!;
}

export async function listCharges(db: Queryable, userId: number, { limit, offset }: PageWindow): Promise<ChargeRow[]> {
  const { rows } = await db.query<ChargeRow>(
    `${CHARGE_SELECT} WHERE c.user_id = $1 ORDER BY c.id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
  return rows;
}

export async function countCharges(db: Queryable, userId: number): Promise<number> {
  const count = await db.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM settings_payment_charges WHERE user_id = $1',
    [userId],
  );
  return count.rows[0]?.total ?? 0;
}

/**
 * Moves a charge to the outcome's status, unless it is final already (a late or replayed event cannot undo a
 * success or a refund; a success can still become refunded). Returns the row only on that change.
 */
export async function settleChargeRow(
  tx: Queryable,
  chargeId: number,
  outcome: ChargeOutcome,
  now: Date,
): Promise<
  | {
      user_id: number;
      card_id: number | null;
      credits: number;
      kind: ChargeKind;
      credited: boolean;
      refund_requested_at: Date | null;
    }
  | undefined
> {
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
  return rows[0];
}

/** Flips the charge's `credited` flag; true only for the call that flipped it. */
export async function markCredited(tx: Queryable, chargeId: number): Promise<boolean> {
  const flipped = await tx.query('UPDATE settings_payment_charges SET credited = true WHERE id = $1 AND NOT credited', [
    chargeId,
  ]);
  return flipped.rowCount === 1;
}

export async function recordRefundTaken(
  tx: Queryable,
  chargeId: number,
  taken: number,
  shortfall: number,
): Promise<void> {
  await tx.query(
    'UPDATE settings_payment_charges SET refund_taken_credits = $2, refund_shortfall_credits = $3 WHERE id = $1',
    [chargeId, taken, shortfall],
  );
}

export async function chargeAmountCents(tx: Queryable, chargeId: number): Promise<number> {
  return (
    await tx.query<{ amount_cents: number }>('SELECT amount_cents FROM settings_payment_charges WHERE id = $1', [
      chargeId,
    ])
  ).rows[0]!.amount_cents;
}

/** What sending a charge needs: the charge, its card's provider reference and the connected account. */
export async function chargeToSend(
  db: Queryable,
  chargeId: number,
): Promise<{
  user_id: number;
  kind: ChargeKind;
  amount_cents: number;
  credits: number;
  card_ref: string | null;
  connected_account: string | null;
  created_at: Date;
}> {
  return (
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
}

/** A charge to send (processing, no provider reference yet). */
export async function insertChargeRow(
  q: Queryable,
  charge: {
    userId: number;
    cardId: number;
    provider: PaymentsProvider['name'];
    kind: ChargeKind;
    amountCents: number;
    credits: number;
    connectedAccount: string | null;
  },
  now: Date,
): Promise<number> {
  const created = await q.query<{ id: number }>(
    `INSERT INTO settings_payment_charges (user_id, card_id, provider, kind, amount_cents, credits, status, connected_account, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'processing', $7, $8, $8) RETURNING id`,
    [
      charge.userId,
      charge.cardId,
      charge.provider,
      charge.kind,
      charge.amountCents,
      charge.credits,
      charge.connectedAccount,
      now,
    ],
  );
  return created.rows[0]!.id;
}

/** The user's charge's status and provider reference. */
export async function chargeStateOf(
  db: Queryable,
  chargeId: number,
  userId: number,
): Promise<{ status: string; provider_ref: string | null } | undefined> {
  return (
    await db.query<{ status: string; provider_ref: string | null }>(
      'SELECT status, provider_ref FROM settings_payment_charges WHERE id = $1 AND user_id = $2',
      [chargeId, userId],
    )
  ).rows[0];
}

/** The same, for a charge made through `provider`. */
export async function providerChargeStateOf(
  db: Queryable,
  chargeId: number,
  userId: number,
  provider: PaymentsProvider['name'],
): Promise<{ status: string; provider_ref: string | null } | undefined> {
  return (
    await db.query<{ status: string; provider_ref: string | null }>(
      'SELECT status, provider_ref FROM settings_payment_charges WHERE id = $1 AND user_id = $2 AND provider = $3',
      [chargeId, userId, provider],
    )
  ).rows[0];
}

/** Charges left processing since before `before` (an answer lost, a webhook not come), oldest first. */
export async function unansweredCharges(
  db: Queryable,
  provider: PaymentsProvider['name'],
  before: Date,
): Promise<{ id: number; user_id: number; provider_ref: string | null }[]> {
  const { rows } = await db.query<{ id: number; user_id: number; provider_ref: string | null }>(
    `SELECT id, user_id, provider_ref FROM settings_payment_charges WHERE status = 'processing' AND provider = $1 AND updated_at < $2 ORDER BY id LIMIT 100`,
    [provider, before],
  );
  return rows;
}

export async function chargeIdByRef(
  db: Queryable,
  provider: PaymentsProvider['name'],
  ref: string,
): Promise<number | undefined> {
  return (
    await db.query<{ id: number }>(
      'SELECT id FROM settings_payment_charges WHERE provider = $1 AND provider_ref = $2',
      [provider, ref],
    )
  ).rows[0]?.id;
}

export async function chargeExists(db: Queryable, id: number, provider: PaymentsProvider['name']): Promise<boolean> {
  return Boolean(
    (await db.query('SELECT 1 FROM settings_payment_charges WHERE id = $1 AND provider = $2', [id, provider])).rowCount,
  );
}

/** The user's latest payment waiting for the card holder (3-D Secure). */
export async function chargeWaitingOf(
  db: Queryable,
  userId: number,
  provider: PaymentsProvider['name'],
): Promise<{ id: number } | undefined> {
  return (
    await db.query<{ id: number }>(
      `SELECT id FROM settings_payment_charges WHERE user_id = $1 AND status = 'requires_action' AND provider = $2 ORDER BY id DESC LIMIT 1`,
      [userId, provider],
    )
  ).rows[0];
}

/** Automatic top-ups sent with no answer (their worker died during the call), all users' or one's. */
export async function unansweredAutoTopUps(
  db: Queryable,
  provider: PaymentsProvider['name'],
  onlyUserId?: number,
): Promise<{ id: number }[]> {
  const unanswered = await db.query<{ id: number }>(
    `SELECT id FROM settings_payment_charges WHERE kind = 'auto_top_up' AND status = 'processing' AND provider_ref IS NULL AND provider = $1 ${onlyUserId ? 'AND user_id = $2' : ''} ORDER BY id LIMIT 50`,
    onlyUserId ? [provider, onlyUserId] : [provider],
  );
  return unanswered.rows;
}

// ---- Refunds

/** What sending a refund needs. */
export async function refundToSend(
  db: Queryable,
  chargeId: number,
): Promise<
  | { provider_ref: string | null; connected_account: string | null; refund_requested_at: Date | null; status: string }
  | undefined
> {
  return (
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
}

export async function recordRefundFailure(tx: Queryable, chargeId: number, code: string, now: Date): Promise<void> {
  await tx.query('UPDATE settings_payment_charges SET refund_failure_code = $2, updated_at = $3 WHERE id = $1', [
    chargeId,
    code,
    now,
  ]);
}

/**
 * Records a refund request on a succeeded charge in one statement (a refund already asked and not refused is not
 * asked again): true when this call recorded it.
 */
export async function askRefund(db: Queryable, chargeId: number, now: Date, byUserId: number): Promise<boolean> {
  const asked = await db.query(
    `UPDATE settings_payment_charges SET refund_requested_at = $2, refund_requested_by = $3, refund_failure_code = NULL, updated_at = $2
        WHERE id = $1 AND status = 'succeeded' AND provider_ref IS NOT NULL AND (refund_requested_at IS NULL OR refund_failure_code IS NOT NULL)`,
    [chargeId, now, byUserId],
  );
  return asked.rowCount > 0;
}

export async function refundOf(db: Queryable, chargeId: number): Promise<ChargeRefund | null> {
  const { rows } = await db.query<ChargeRefund>(
    'SELECT id, status, credits, refund_requested_at, refund_failure_code, refund_taken_credits, refund_shortfall_credits FROM settings_payment_charges WHERE id = $1',
    [chargeId],
  );
  return rows[0] ?? null;
}

/** Refunds asked before `before` and still not settled. */
export async function unsettledRefunds(
  db: Queryable,
  provider: PaymentsProvider['name'],
  before: Date,
): Promise<{ id: number }[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM settings_payment_charges WHERE status = 'succeeded' AND refund_requested_at < $2 AND refund_failure_code IS NULL AND provider = $1 ORDER BY id LIMIT 100`,
    [provider, before],
  );
  return rows;
}

// ---- Cards

export async function markCardNeedsReconnect(tx: Queryable, cardId: number): Promise<void> {
  await tx.query('UPDATE settings_payment_cards SET needs_reconnect = true WHERE id = $1', [cardId]);
}

export async function clearCardNeedsReconnect(tx: Queryable, cardId: number): Promise<void> {
  await tx.query('UPDATE settings_payment_cards SET needs_reconnect = false WHERE id = $1 AND needs_reconnect', [
    cardId,
  ]);
}

export async function defaultCardOf(
  q: Queryable,
  userId: number,
  provider: PaymentsProvider['name'],
): Promise<{ id: number } | undefined> {
  return (
    await q.query<{ id: number }>(
      'SELECT id FROM settings_payment_cards WHERE user_id = $1 AND is_default AND provider = $2',
      [userId, provider],
    )
  ).rows[0];
}

export async function cardByRef(
  tx: Queryable,
  userId: number,
  provider: PaymentsProvider['name'],
  ref: string,
): Promise<CardRow | undefined> {
  return (
    await tx.query<CardRow>(
      `SELECT ${CARD_COLUMNS} FROM settings_payment_cards WHERE user_id = $1 AND provider = $2 AND provider_ref = $3`,
      [userId, provider, ref],
    )
  ).rows[0];
}

export async function cardById(db: Queryable, id: number): Promise<CardRow> {
  return (await db.query<CardRow>(`SELECT ${CARD_COLUMNS} FROM settings_payment_cards WHERE id = $1`, [id])).rows[0]!;
}

export async function cardsOf(
  db: Queryable,
  userId: number,
  provider: PaymentsProvider['name'],
  limit: number,
): Promise<CardRow[]> {
  const cards = await db.query<CardRow>(
    `SELECT ${CARD_COLUMNS} FROM settings_payment_cards WHERE user_id = $1 AND provider = $2 ORDER BY id LIMIT $3`,
    [userId, provider, limit],
  );
  return cards.rows;
}

export async function countCards(db: Queryable, userId: number): Promise<number> {
  const count = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM settings_payment_cards WHERE user_id = $1',
    [userId],
  );
  return count.rows[0]?.n ?? 0;
}

export async function hasDefaultCard(tx: Queryable, userId: number): Promise<boolean> {
  return (
    (await tx.query('SELECT 1 FROM settings_payment_cards WHERE user_id = $1 AND is_default', [userId])).rowCount > 0
  );
}

export async function clearDefaultCard(tx: Queryable, userId: number): Promise<void> {
  await tx.query('UPDATE settings_payment_cards SET is_default = false WHERE user_id = $1 AND is_default', [userId]);
}

export async function insertCardRow(
  tx: Queryable,
  card: {
    userId: number;
    provider: PaymentsProvider['name'];
    ref: string;
    brand: string;
    last4: string;
    expMonth: number;
    expYear: number;
    isDefault: boolean;
  },
  now: Date,
): Promise<CardRow> {
  const { rows } = await tx.query<CardRow>(
    `INSERT INTO settings_payment_cards (user_id, provider, provider_ref, brand, last4, exp_month, exp_year, is_default, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${CARD_COLUMNS}`,
    [card.userId, card.provider, card.ref, card.brand, card.last4, card.expMonth, card.expYear, card.isDefault, now],
  );
  return rows[0]!;
}

/** Makes the user's newest card the default; false when the user has no card. */
export async function promoteNewestCard(tx: Queryable, userId: number): Promise<boolean> {
  const next = await tx.query(
    'UPDATE settings_payment_cards SET is_default = true WHERE id = (SELECT id FROM settings_payment_cards WHERE user_id = $1 ORDER BY id DESC LIMIT 1) RETURNING id',
    [userId],
  );
  return next.rowCount > 0;
}

/** Locks the user's card; false when the user has no card of that id. */
export async function lockCard(tx: Queryable, id: number, userId: number): Promise<boolean> {
  const exists = await tx.query('SELECT id FROM settings_payment_cards WHERE id = $1 AND user_id = $2 FOR UPDATE', [
    id,
    userId,
  ]);
  return exists.rowCount > 0;
}

export async function setDefaultCard(tx: Queryable, id: number): Promise<CardRow> {
  return (
    await tx.query<CardRow>(
      `UPDATE settings_payment_cards SET is_default = true WHERE id = $1 RETURNING ${CARD_COLUMNS}`,
      [id],
    )
  ).rows[0]!;
}

/** Deletes a card (any user's: a card whose validation failed). */
export async function deleteCardRow(tx: Queryable, id: number): Promise<void> {
  await tx.query('DELETE FROM settings_payment_cards WHERE id = $1', [id]);
}

/** Deletes the user's card; its provider reference, to detach, or undefined when the user has no card of that id. */
export async function deleteUserCard(tx: Queryable, id: number, userId: number): Promise<DetachJob | undefined> {
  const { rows } = await tx.query<DetachJob>(
    'DELETE FROM settings_payment_cards WHERE id = $1 AND user_id = $2 RETURNING provider, provider_ref AS ref',
    [id, userId],
  );
  return rows[0];
}

// ---- Customers, resellers, credits

/** The user's customer at the payment provider, if it has one. */
export async function paymentCustomerRefOf(
  db: Queryable,
  userId: number,
  provider: string,
): Promise<string | undefined> {
  return (
    await db.query<{ customer_ref: string }>(
      'SELECT customer_ref FROM payment_customers WHERE user_id = $1 AND provider = $2',
      [userId, provider],
    )
  ).rows[0]?.customer_ref;
}

/** Keeps the user's provider customer unless one is kept already. */
export async function insertPaymentCustomer(
  db: Queryable,
  userId: number,
  provider: string,
  ref: string,
  now: Date,
): Promise<void> {
  await db.query(
    'INSERT INTO payment_customers (user_id, provider, customer_ref, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, provider) DO NOTHING',
    [userId, provider, ref, now],
  );
}

/** The credit sale price of the package a reseller's customer's subscription is on (its latest with its parent). */
export async function resellerCreditPriceOf(q: Queryable, userId: number): Promise<number | undefined> {
  const { rows } = await q.query<{ cents: number }>(
    `SELECT p.credit_price_cents AS cents
       FROM users u
       JOIN whitelabel_subscriptions s ON s.customer_id = u.id AND s.owner_id = u.parent_id
       JOIN whitelabel_packages p ON p.id = s.package_id
      WHERE u.id = $1
      ORDER BY (s.status = 'active') DESC, s.id DESC LIMIT 1`,
    [userId],
  );
  return rows[0]?.cents;
}

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

/** The user's lots not yet expired, the soonest to expire first. */
export async function expiringLots(
  db: Queryable,
  userId: number,
  now: Date,
  limit: number,
): Promise<{ id: number; amount: number; remaining: number; expires_at: string; reason: string }[]> {
  const lots = await db.query<{
    id: number;
    amount: number;
    remaining: number;
    expires_at: string;
    reason: string;
  }>(
    'SELECT id, amount, remaining, expires_at, reason FROM credit_lots WHERE user_id = $1 AND remaining > 0 AND expires_at > $2 ORDER BY expires_at, id LIMIT $3',
    [userId, now, limit],
  );
  return lots.rows;
}

// ---- Automatic top-ups

export async function autoTopUpOf(db: Queryable, userId: number): Promise<AutoTopUpRow | undefined> {
  return (
    await db.query<AutoTopUpRow>(
      'SELECT enabled, threshold, amount, consent_at FROM credit_auto_topups WHERE user_id = $1',
      [userId],
    )
  ).rows[0];
}

/** The setting; the consent time is the latest one given when it is turned on, and kept when it is turned off. */
export async function saveAutoTopUp(
  db: Queryable,
  userId: number,
  setting: { enabled: boolean; threshold: number; amount: number; consentAt: Date | null },
  now: Date,
): Promise<AutoTopUpRow> {
  const { rows } = await db.query<AutoTopUpRow>(
    `INSERT INTO credit_auto_topups (user_id, enabled, threshold, amount, consent_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (user_id) DO UPDATE SET enabled = EXCLUDED.enabled, threshold = EXCLUDED.threshold, amount = EXCLUDED.amount,
           consent_at = CASE WHEN EXCLUDED.enabled THEN EXCLUDED.consent_at ELSE credit_auto_topups.consent_at END, updated_at = EXCLUDED.updated_at
         RETURNING enabled, threshold, amount, consent_at`,
    [userId, setting.enabled, setting.threshold, setting.amount, setting.consentAt, now],
  );
  return rows[0]!;
}

export async function disableAutoTopUp(tx: Queryable, userId: number, now: Date): Promise<void> {
  await tx.query('UPDATE credit_auto_topups SET enabled = false, updated_at = $2 WHERE user_id = $1', [userId, now]);
}

/** The amount of the user's automatic top-up while it is on. */
export async function enabledAutoTopUpAmount(tx: Queryable, userId: number): Promise<number | undefined> {
  return (
    await tx.query<{ amount: number }>('SELECT amount FROM credit_auto_topups WHERE user_id = $1 AND enabled', [userId])
  ).rows[0]?.amount;
}

export async function pendingTopUpRequests(
  db: Queryable,
  onlyUserId?: number,
): Promise<{ id: number; user_id: number }[]> {
  const { rows } = await db.query<{ id: number; user_id: number }>(
    `SELECT id, user_id FROM credit_topup_requests WHERE status = 'pending' ${onlyUserId ? 'AND user_id = $1' : ''} ORDER BY id LIMIT 50`,
    onlyUserId ? [onlyUserId] : [],
  );
  return rows;
}

/** Claims a pending top-up request (done); false when another worker claimed it. */
export async function claimTopUpRequest(tx: Queryable, id: number, now: Date): Promise<boolean> {
  const claimed = await tx.query(
    "UPDATE credit_topup_requests SET status = 'done', finished_at = $2 WHERE id = $1 AND status = 'pending' RETURNING id",
    [id, now],
  );
  return claimed.rowCount > 0;
}

export async function failTopUpRequest(tx: Queryable, id: number, errorCode: string): Promise<void> {
  await tx.query("UPDATE credit_topup_requests SET status = 'failed', error_code = $2 WHERE id = $1", [id, errorCode]);
}

export async function linkTopUpCharge(tx: Queryable, id: number, chargeId: number): Promise<void> {
  await tx.query('UPDATE credit_topup_requests SET charge_id = $2 WHERE id = $1', [id, chargeId]);
}

/** The top-up request of a charge follows its outcome. */
export async function finishTopUpRequest(
  db: Queryable,
  chargeId: number,
  status: 'failed' | 'done',
  errorCode: string | null,
): Promise<void> {
  await db.query('UPDATE credit_topup_requests SET status = $2, error_code = $3 WHERE charge_id = $1', [
    chargeId,
    status,
    errorCode,
  ]);
}
