import type { Queryable } from '../../db';
import type { SearchType } from '../../providers/leads';

/**
 * Credit costs per item. Copy of spec §9 (the frontend's table is `CREDIT_COSTS` in
 * shared/src/constants/credits.ts); keep both equal to the spec.
 */
export const CREDIT_COSTS = {
  peoplePerContact: 3,
  peoplePhoneEnrich: 1,
  peopleFindSimilar: 2,
  companyPerContact: 1,
  localPerContact: 1,
  localEmployeeEnrich: 2,
  domainEmployeeEnrich: 2,
  influencerPerRecord: 2,
  domainPerEmail: 1,
  influencerEnrichPerRecord: 5,
  intentPerEmail: 1,
} as const;

/** Cost of one record of a search that returned a contact or email. Group searches find people (ADR 005). */
export const COST_PER_RECORD: Readonly<Record<SearchType, number>> = {
  people: CREDIT_COSTS.peoplePerContact,
  group: CREDIT_COSTS.peoplePerContact,
  company: CREDIT_COSTS.companyPerContact,
  local: CREDIT_COSTS.localPerContact,
  domain: CREDIT_COSTS.domainPerEmail,
  influencer: CREDIT_COSTS.influencerPerRecord,
  intent: CREDIT_COSTS.intentPerEmail,
};

export const SPEND_ORDER = ['monthly', 'additional', 'rolled_over'] as const;
type Bucket = (typeof SPEND_ORDER)[number];

interface WalletRow {
  monthly: number;
  additional: number;
  rolled_over: number;
}

/**
 * Spends `amount` credits inside the caller's transaction: monthly first, then additional, then
 * rolled-over (spec §9). All or nothing: returns false and changes nothing when the balance is short,
 * so a wallet never goes negative. One ledger row per bucket touched keeps sum(ledger) == wallet.
 */
export async function spendCredits(tx: Queryable, userId: number, amount: number, reason: string): Promise<boolean> {
  if (amount <= 0) return true;
  const wallet = (await tx.query<WalletRow>('SELECT monthly, additional, rolled_over FROM credit_wallets WHERE user_id = $1 FOR UPDATE', [userId])).rows[0];
  if (!wallet) return false;
  if (wallet.monthly + wallet.additional + wallet.rolled_over < amount) return false;
  let left = amount;
  const taken: Record<Bucket, number> = { monthly: 0, additional: 0, rolled_over: 0 };
  for (const bucket of SPEND_ORDER) {
    const take = Math.min(left, wallet[bucket]);
    taken[bucket] = take;
    left -= take;
  }
  await tx.query('UPDATE credit_wallets SET monthly = monthly - $2, additional = additional - $3, rolled_over = rolled_over - $4, updated_at = now() WHERE user_id = $1', [
    userId,
    taken.monthly,
    taken.additional,
    taken.rolled_over,
  ]);
  for (const bucket of SPEND_ORDER) {
    if (taken[bucket] > 0) {
      await tx.query('INSERT INTO credit_ledger (user_id, delta, bucket, reason) VALUES ($1, $2, $3, $4)', [userId, -taken[bucket], bucket, reason]);
    }
  }
  return true;
}

export async function creditBalance(tx: Queryable, userId: number): Promise<number> {
  const row = (await tx.query<{ total: number }>('SELECT monthly + additional + rolled_over AS total FROM credit_wallets WHERE user_id = $1', [userId])).rows[0];
  return row?.total ?? 0;
}
