import { EventEmitter } from 'node:events';
import { LOW_CREDITS_THRESHOLD } from '@leadsmith/shared/constants';
import type { Queryable } from '../db';
import { sendTemplatedMail, type MailDeps } from '../mail/templatedMail';
import { creditsSpent } from '../ops/metrics';

/**
 * The credit ledger (spec §3, §9): one wallet row per user with three buckets and one
 * credit_ledger row per change, so sum(ledger) per bucket always equals the wallet.
 *
 * - Spending takes monthly first, then additional, then rolled-over; all or nothing, never negative.
 *   The wallet row is locked (`FOR UPDATE`) for the whole spend, so concurrent spends serialise and
 *   none is charged twice or lets the balance go below zero.
 * - Additional (purchased) credits come in lots that expire after 12 months. Expired lots are written
 *   off (a ledger row "expired") before any spend or balance read, so they are never spendable.
 *   Additional credits granted before lots existed (no lot) do not expire and are used after the lots.
 * - A spend that takes the balance from above the auto top-up threshold to at or below it queues one
 *   automatic top-up request (at most one pending per user) and signals `autoTopUpSignal`; the wallet
 *   (api/src/modules/settings/wallet.service.ts) charges the default card outside the spend's transaction.
 * - A spend that takes the balance from above LOW_CREDITS_THRESHOLD to at or below it mails the
 *   low-credits email in the spend's transaction (when the caller passes `mail`, and no automatic
 *   top-up is on): once per crossing, since the wallet is locked for the spend.
 */
export const SPEND_ORDER = ['monthly', 'additional', 'rolled_over'] as const;
export type Bucket = (typeof SPEND_ORDER)[number];

/** Spec §9: additional credits are valid up to 12 months. */
export const ADDITIONAL_CREDIT_VALIDITY_MONTHS = 12;

export interface WalletBalance {
  monthly: number;
  additional: number;
  rolled_over: number;
  total: number;
}

interface WalletRow {
  monthly: number;
  additional: number;
  rolled_over: number;
}

/** Emits `'queued'` with the user id after a spend queued an automatic top-up. */
export const autoTopUpSignal = new EventEmitter();
autoTopUpSignal.setMaxListeners(100);

export interface LedgerOptions {
  /** The time expiry is judged against (tests pass their fake clock's now). */
  now?: Date;
  /** Mails the low-credits email when a spend crosses LOW_CREDITS_THRESHOLD (issue 33). */
  mail?: MailDeps;
}

/** A balance falling to this many credits or fewer gets the low-credits email (one constant with the header's notice). */
export { LOW_CREDITS_THRESHOLD };

export function additionalExpiry(from: Date): Date {
  const at = new Date(from.getTime());
  at.setUTCMonth(at.getUTCMonth() + ADDITIONAL_CREDIT_VALIDITY_MONTHS);
  return at;
}

async function lockWallet(tx: Queryable, userId: number): Promise<WalletRow | undefined> {
  return (
    await tx.query<WalletRow>(
      'SELECT monthly, additional, rolled_over FROM credit_wallets WHERE user_id = $1 FOR UPDATE',
      [userId],
    )
  ).rows[0];
}

/**
 * Writes off lots past their expiry (the caller holds the wallet lock). Returns the wallet after.
 */
async function writeOffExpired(tx: Queryable, userId: number, wallet: WalletRow, now: Date): Promise<WalletRow> {
  const { rows } = await tx.query<{ n: number }>(
    `WITH expired AS (
       SELECT id, remaining FROM credit_lots WHERE user_id = $1 AND remaining > 0 AND expires_at <= $2 FOR UPDATE
     ), cleared AS (
       UPDATE credit_lots l SET remaining = 0 FROM expired e WHERE l.id = e.id RETURNING l.id
     )
     SELECT COALESCE(sum(remaining), 0)::int AS n FROM expired`,
    [userId, now],
  );
  const expired = Math.min(rows[0]?.n ?? 0, wallet.additional);
  if (expired <= 0) return wallet;
  await tx.query('UPDATE credit_wallets SET additional = additional - $2, updated_at = $3 WHERE user_id = $1', [
    userId,
    expired,
    now,
  ]);
  await tx.query(
    "INSERT INTO credit_ledger (user_id, delta, bucket, reason, created_at) VALUES ($1, $2, 'additional', 'Additional credits expired', $3)",
    [userId, -expired, now],
  );
  return { ...wallet, additional: wallet.additional - expired };
}

/** Takes `amount` additional credits out of the lots, earliest expiry first. */
async function consumeLots(tx: Queryable, userId: number, amount: number): Promise<void> {
  let left = amount;
  const { rows } = await tx.query<{ id: number; remaining: number }>(
    'SELECT id, remaining FROM credit_lots WHERE user_id = $1 AND remaining > 0 ORDER BY expires_at, id FOR UPDATE',
    [userId],
  );
  for (const lot of rows) {
    if (left <= 0) break;
    const take = Math.min(left, lot.remaining);
    await tx.query('UPDATE credit_lots SET remaining = remaining - $2 WHERE id = $1', [lot.id, take]);
    left -= take;
  }
}

/**
 * Spends `amount` credits inside the caller's transaction: monthly first, then additional, then
 * rolled-over (spec §9). All or nothing: returns false and changes nothing when the balance is short,
 * so a wallet never goes negative. One ledger row per bucket touched keeps sum(ledger) == wallet.
 */
export async function spendCredits(
  tx: Queryable,
  userId: number,
  amount: number,
  reason: string,
  options: LedgerOptions = {},
): Promise<boolean> {
  if (amount <= 0) return true;
  const now = options.now ?? new Date();
  const locked = await lockWallet(tx, userId);
  if (!locked) return false;
  const wallet = await writeOffExpired(tx, userId, locked, now);
  const before = wallet.monthly + wallet.additional + wallet.rolled_over;
  if (before < amount) return false;
  let left = amount;
  const taken: Record<Bucket, number> = { monthly: 0, additional: 0, rolled_over: 0 };
  for (const bucket of SPEND_ORDER) {
    const take = Math.min(left, wallet[bucket]);
    taken[bucket] = take;
    left -= take;
  }
  await tx.query(
    'UPDATE credit_wallets SET monthly = monthly - $2, additional = additional - $3, rolled_over = rolled_over - $4, updated_at = $5 WHERE user_id = $1',
    [userId, taken.monthly, taken.additional, taken.rolled_over, now],
  );
  if (taken.additional > 0) await consumeLots(tx, userId, taken.additional);
  for (const bucket of SPEND_ORDER) {
    if (taken[bucket] > 0) {
      await tx.query(
        'INSERT INTO credit_ledger (user_id, delta, bucket, reason, created_at) VALUES ($1, $2, $3, $4, $5)',
        [userId, -taken[bucket], bucket, reason, now],
      );
    }
  }
  // Counted once committed: a spend rolled back with its results was never spent.
  const count = () => SPEND_ORDER.forEach((bucket) => taken[bucket] > 0 && creditsSpent.inc({ bucket }, taken[bucket]));
  if (tx.afterCommit) tx.afterCommit(count);
  else count();
  const autoTopUp = await queueAutoTopUp(tx, userId, before, before - amount);
  if (options.mail && !autoTopUp && before > LOW_CREDITS_THRESHOLD && before - amount <= LOW_CREDITS_THRESHOLD) {
    await sendTemplatedMail(tx, options.mail, {
      kind: 'low_credits',
      userId,
      vars: { balance: String(before - amount), threshold: String(LOW_CREDITS_THRESHOLD) },
    });
  }
  return true;
}

/** Queues one automatic top-up when this spend crossed the user's threshold (spec §9). Returns whether automatic top-ups are on. */
async function queueAutoTopUp(tx: Queryable, userId: number, before: number, after: number): Promise<boolean> {
  const { rows } = await tx.query<{ threshold: number }>(
    'SELECT threshold FROM credit_auto_topups WHERE user_id = $1 AND enabled',
    [userId],
  );
  const setting = rows[0];
  if (!setting) return false;
  if (!(before > setting.threshold && after <= setting.threshold)) return true;
  const queued = await tx.query(
    "INSERT INTO credit_topup_requests (user_id, status) VALUES ($1, 'pending') ON CONFLICT DO NOTHING RETURNING id",
    [userId],
  );
  if (queued.rowCount === 0) return true;
  // Told once the request is committed, so the listener (another connection on PostgreSQL) sees it.
  const signal = () => autoTopUpSignal.emit('queued', userId);
  if (tx.afterCommit) tx.afterCommit(signal);
  else setImmediate(signal);
  return true;
}

/**
 * Adds credits to a bucket inside the caller's transaction. Additional credits become a lot that
 * expires after 12 months (or at `expiresAt`).
 */
export async function grantCredits(
  tx: Queryable,
  userId: number,
  amount: number,
  bucket: Bucket,
  reason: string,
  options: LedgerOptions & { expiresAt?: Date } = {},
): Promise<void> {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error(`grantCredits: amount must be a positive integer, got ${amount}`);
  const now = options.now ?? new Date();
  await tx.query('INSERT INTO credit_wallets (user_id, updated_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING', [
    userId,
    now,
  ]);
  const locked = await lockWallet(tx, userId);
  if (locked) await writeOffExpired(tx, userId, locked, now);
  // The column name comes from the closed Bucket union, never from input.
  await tx.query(`UPDATE credit_wallets SET ${bucket} = ${bucket} + $2, updated_at = $3 WHERE user_id = $1`, [
    userId,
    amount,
    now,
  ]);
  await tx.query('INSERT INTO credit_ledger (user_id, delta, bucket, reason, created_at) VALUES ($1, $2, $3, $4, $5)', [
    userId,
    amount,
    bucket,
    reason,
    now,
  ]);
  if (bucket === 'additional') {
    await tx.query(
      'INSERT INTO credit_lots (user_id, amount, remaining, expires_at, reason, created_at) VALUES ($1, $2, $2, $3, $4, $5)',
      [userId, amount, options.expiresAt ?? additionalExpiry(now), reason, now],
    );
  }
}

/** The spendable balance: expired lots are written off first. */
export async function walletBalance(
  tx: Queryable,
  userId: number,
  options: LedgerOptions = {},
): Promise<WalletBalance> {
  const locked = await lockWallet(tx, userId);
  if (!locked) return { monthly: 0, additional: 0, rolled_over: 0, total: 0 };
  const wallet = await writeOffExpired(tx, userId, locked, options.now ?? new Date());
  return { ...wallet, total: wallet.monthly + wallet.additional + wallet.rolled_over };
}

/**
 * Total spendable credits without writing anything (a read outside a transaction is fine):
 * remaining credits of expired lots are left out.
 */
export async function creditBalance(tx: Queryable, userId: number, options: LedgerOptions = {}): Promise<number> {
  const row = (
    await tx.query<{ total: number }>(
      `SELECT (w.monthly + w.rolled_over + GREATEST(0, w.additional - COALESCE((
                 SELECT sum(remaining) FROM credit_lots l WHERE l.user_id = w.user_id AND l.remaining > 0 AND l.expires_at <= $2), 0)))::int AS total
         FROM credit_wallets w WHERE w.user_id = $1`,
      [userId, options.now ?? new Date()],
    )
  ).rows[0];
  return row?.total ?? 0;
}

/** Makes sure the user has a wallet row and locks it (a wallet that never existed reads as empty). */
async function lockOrCreateWallet(tx: Queryable, userId: number, now: Date): Promise<void> {
  await tx.query('INSERT INTO credit_wallets (user_id, updated_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING', [
    userId,
    now,
  ]);
  await lockWallet(tx, userId);
}

/**
 * A reseller's grant of additional credits to its customer, paid from the reseller's own wallet
 * (spec §5: no credits from nothing). Inside the caller's transaction: the giver's wallet is locked
 * first, then the receiver's (one order everywhere, so concurrent grants neither deadlock nor
 * overspend). Returns false and changes nothing when the giver's balance is short.
 */
export async function transferCredits(
  tx: Queryable,
  fromUserId: number,
  toUserId: number,
  amount: number,
  reason: string,
  options: LedgerOptions = {},
): Promise<boolean> {
  if (amount <= 0) return true;
  const now = options.now ?? new Date();
  await lockOrCreateWallet(tx, fromUserId, now);
  // The giver's side is a spend like any other: crossing the low-credits threshold mails it (with `mail`).
  if (!(await spendCredits(tx, fromUserId, amount, reason, { now, mail: options.mail }))) return false;
  await grantCredits(tx, toUserId, amount, 'additional', reason, { now });
  return true;
}

/**
 * The reverse of `transferCredits` when a reseller lowers a grant: takes back up to `amount` of the
 * additional credits the receiver still has (what it already spent stays spent) and returns them to
 * the giver. Locks in the same order as `transferCredits`. Returns how many credits moved.
 */
export async function returnCredits(
  tx: Queryable,
  giverId: number,
  receiverId: number,
  amount: number,
  reason: string,
  options: LedgerOptions = {},
): Promise<number> {
  if (amount <= 0) return 0;
  const now = options.now ?? new Date();
  await lockOrCreateWallet(tx, giverId, now);
  await lockOrCreateWallet(tx, receiverId, now);
  const locked = await lockWallet(tx, receiverId);
  if (!locked) return 0;
  const wallet = await writeOffExpired(tx, receiverId, locked, now);
  const take = Math.min(amount, wallet.additional);
  if (take <= 0) return 0;
  await tx.query('UPDATE credit_wallets SET additional = additional - $2, updated_at = $3 WHERE user_id = $1', [
    receiverId,
    take,
    now,
  ]);
  await consumeLots(tx, receiverId, take);
  await tx.query(
    "INSERT INTO credit_ledger (user_id, delta, bucket, reason, created_at) VALUES ($1, $2, 'additional', $3, $4)",
    [receiverId, -take, reason, now],
  );
  await grantCredits(tx, giverId, take, 'additional', reason, { now });
  return take;
}

/**
 * Takes back purchased credits whose payment was refunded (issue 25): up to `amount` of the additional
 * credits the user still has, never more — what was already spent stays spent, and the part that could
 * not be taken back is returned as the shortfall for the caller to record. Inside the caller's transaction.
 */
export async function revokeCredits(
  tx: Queryable,
  userId: number,
  amount: number,
  reason: string,
  options: LedgerOptions = {},
): Promise<{ taken: number; shortfall: number }> {
  if (amount <= 0) return { taken: 0, shortfall: 0 };
  const now = options.now ?? new Date();
  const locked = await lockWallet(tx, userId);
  const wallet = locked ? await writeOffExpired(tx, userId, locked, now) : null;
  const taken = Math.min(amount, wallet?.additional ?? 0);
  if (taken > 0) {
    await tx.query('UPDATE credit_wallets SET additional = additional - $2, updated_at = $3 WHERE user_id = $1', [
      userId,
      taken,
      now,
    ]);
    await consumeLots(tx, userId, taken);
    await tx.query(
      "INSERT INTO credit_ledger (user_id, delta, bucket, reason, created_at) VALUES ($1, $2, 'additional', $3, $4)",
      [userId, -taken, reason, now],
    );
  }
  return { taken, shortfall: amount - taken };
}

/**
 * Spec §3/§9: at the start of a new paid period the monthly credits left over from the last one
 * become rolled-over credits (spent last). Inside the caller's transaction; returns how many moved.
 */
export async function rollOverMonthly(
  tx: Queryable,
  userId: number,
  reason: string,
  options: LedgerOptions = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const wallet = await lockWallet(tx, userId);
  const moved = wallet?.monthly ?? 0;
  if (moved <= 0) return 0;
  await tx.query(
    'UPDATE credit_wallets SET monthly = 0, rolled_over = rolled_over + $2, updated_at = $3 WHERE user_id = $1',
    [userId, moved, now],
  );
  await tx.query(
    "INSERT INTO credit_ledger (user_id, delta, bucket, reason, created_at) VALUES ($1, $2, 'monthly', $3, $4), ($1, $5, 'rolled_over', $3, $4)",
    [userId, -moved, reason, now, moved],
  );
  return moved;
}
