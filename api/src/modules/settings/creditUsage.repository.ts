import type { Bucket } from '../../credits/ledger';
import type { Queryable } from '../../db';
import type { PageWindow } from '../../http/contract';

/** The account's ledger over [from, to): per UTC day, credits consumed and added (days without entries absent). */
export async function usagePerDay(
  db: Queryable,
  accountId: number,
  from: Date,
  to: Date,
): Promise<{ day: string; consumed: number; added: number }[]> {
  const perDay = await db.query<{ day: string; consumed: number; added: number }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
                COALESCE(-sum(delta) FILTER (WHERE delta < 0), 0)::int AS consumed,
                COALESCE(sum(delta) FILTER (WHERE delta > 0), 0)::int AS added
           FROM credit_ledger WHERE user_id = $1 AND created_at >= $2 AND created_at < $3
          GROUP BY 1`,
    [accountId, from, to],
  );
  return perDay.rows;
}

/** Credits consumed over [from, to) per ledger reason. */
export async function consumedPerReason(
  db: Queryable,
  accountId: number,
  from: Date,
  to: Date,
): Promise<{ reason: string; consumed: number }[]> {
  const perReason = await db.query<{ reason: string; consumed: number }>(
    `SELECT reason, (-sum(delta))::int AS consumed FROM credit_ledger
          WHERE user_id = $1 AND created_at >= $2 AND created_at < $3 AND delta < 0 GROUP BY reason`,
    [accountId, from, to],
  );
  return perReason.rows;
}

export interface LedgerEntryRow {
  id: number;
  created_at: string;
  delta: number;
  bucket: Bucket;
  reason: string;
}

/** One page of the ledger entries over [from, to), newest first. */
export async function ledgerEntries(
  db: Queryable,
  accountId: number,
  range: { from: Date; to: Date },
  { limit, offset }: PageWindow,
): Promise<LedgerEntryRow[]> {
  const entries = await db.query<LedgerEntryRow>(
    `SELECT id, created_at, delta, bucket, reason FROM credit_ledger
          WHERE user_id = $1 AND created_at >= $2 AND created_at < $3 ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`,
    [accountId, range.from, range.to, limit, offset],
  );
  return entries.rows;
}

export async function countLedgerEntries(db: Queryable, accountId: number, from: Date, to: Date): Promise<number> {
  const count = await db.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM credit_ledger WHERE user_id = $1 AND created_at >= $2 AND created_at < $3',
    [accountId, from, to],
  );
  return count.rows[0]?.total ?? 0;
}
