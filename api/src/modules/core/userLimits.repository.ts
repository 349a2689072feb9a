import type { Queryable } from '../../db';

export interface LimitsRow {
  search_limit: number | null;
  searches_used: number;
  additional_query_count: number;
  last_reset_date: string | null;
  limit_reset_anchor: string | null;
  monthly: number | null;
  additional: number | null;
  rolled_over: number | null;
}

/** The user's limit and wallet, the user's row locked. */
export async function lockLimits(q: Queryable, userId: number): Promise<LimitsRow | undefined> {
  return (
    await q.query<LimitsRow>(
      `SELECT u.search_limit, u.searches_used, u.additional_query_count, u.last_reset_date, u.limit_reset_anchor, w.monthly, w.additional, w.rolled_over
       FROM users u LEFT JOIN credit_wallets w ON w.user_id = u.id WHERE u.id = $1 FOR UPDATE OF u`,
      [userId],
    )
  ).rows[0];
}
