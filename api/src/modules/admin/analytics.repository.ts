/** The SQL of the admin's user analytics: credit usage per day and by type, sign-ins per day, credits per month. */
import type { Queryable } from '../../db';
import { usageTypeSql } from '../../credits/usageType';
import type { CreditUsageDto, LoginActivityDto, MonthlyCreditUsageDto } from './analytics.schemas';

const daySeries = `generate_series(date_trunc('day', $1::timestamptz) - ($2::int - 1) * interval '1 day', date_trunc('day', $1::timestamptz), interval '1 day')`;

/** Credits used per day over the last `days` days, by what they were spent on, and the top ten users. */
export async function creditUsage(db: Queryable, now: Date, days: number): Promise<CreditUsageDto> {
  // The same window as the per-day series (its first day from midnight UTC), so the totals agree.
  const since = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * 24 * 3600_000,
  );
  const perDay = (
    await db.query<{ date: string; credits_used: number; searches: number }>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS date, COALESCE(sum(-l.delta), 0)::int AS credits_used, count(l.id)::int AS searches
           FROM ${daySeries} AS d LEFT JOIN credit_ledger l ON l.delta < 0 AND l.created_at >= d AND l.created_at < d + interval '1 day'
          GROUP BY d ORDER BY d`,
      [now, days],
    )
  ).rows;
  // By what was bought, not by ledger reason: a reason names its job (search:people:job:12), so the
  // top ten reasons were ten single searches under raw keys.
  const byType = (
    await db.query<{ type: string; credits_used: number }>(
      `SELECT ${usageTypeSql('reason')} AS type, sum(-delta)::int AS credits_used FROM credit_ledger WHERE delta < 0 AND created_at >= $1 AND created_at <= $2
          GROUP BY 1 ORDER BY credits_used DESC, type`,
      [since, now],
    )
  ).rows;
  const top = (
    await db.query<{ id: number; name: string; email: string; credits_used: number }>(
      `SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS name, u.email, sum(-l.delta)::int AS credits_used
           FROM credit_ledger l JOIN users u ON u.id = l.user_id
          WHERE l.delta < 0 AND l.created_at >= $1 AND l.created_at <= $2
          GROUP BY u.id ORDER BY credits_used DESC, u.id LIMIT 10`,
      [since, now],
    )
  ).rows;
  return { days: perDay, by_type: byType, top_users: top };
}

/** Sign-ins per day over the last `days` days and live users by last sign-in. */
export async function loginActivity(db: Queryable, now: Date, days: number): Promise<LoginActivityDto> {
  // Every sign-in issues a token: tokens started per day are the sign-ins.
  const perDay = (
    await db.query<{ date: string; logins: number; users: number }>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS date, count(t.id)::int AS logins, count(DISTINCT t.user_id)::int AS users
           FROM ${daySeries} AS d LEFT JOIN auth_tokens t ON t.created_at >= d AND t.created_at < d + interval '1 day'
          GROUP BY d ORDER BY d`,
      [now, days],
    )
  ).rows;
  const b = (
    await db.query<{ d7: number; d30: number; d90: number; older: number; never: number }>(
      `SELECT count(*) FILTER (WHERE last_login_at >= $1::timestamptz - interval '7 days')::int AS d7,
                count(*) FILTER (WHERE last_login_at < $1::timestamptz - interval '7 days' AND last_login_at >= $1::timestamptz - interval '30 days')::int AS d30,
                count(*) FILTER (WHERE last_login_at < $1::timestamptz - interval '30 days' AND last_login_at >= $1::timestamptz - interval '90 days')::int AS d90,
                count(*) FILTER (WHERE last_login_at < $1::timestamptz - interval '90 days')::int AS older,
                count(*) FILTER (WHERE last_login_at IS NULL)::int AS never
           FROM users WHERE deleted_at IS NULL`,
      [now],
    )
  ).rows[0]!;
  return {
    days: perDay,
    last_login_buckets: [
      { bucket: '7', count: b.d7 },
      { bucket: '30', count: b.d30 },
      { bucket: '90', count: b.d90 },
      { bucket: 'over_90', count: b.older },
      { bucket: 'never', count: b.never },
    ],
  };
}

/** Credits used per month over the last `months` months, by wallet bucket. */
export async function monthlyCreditUsage(db: Queryable, now: Date, months: number): Promise<MonthlyCreditUsageDto> {
  const rows = (
    await db.query<{ month: string; monthly: number; additional: number; rolled_over: number }>(
      `SELECT to_char(m, 'YYYY-MM') AS month,
                  COALESCE(sum(-l.delta) FILTER (WHERE l.bucket = 'monthly'), 0)::int AS monthly,
                  COALESCE(sum(-l.delta) FILTER (WHERE l.bucket = 'additional'), 0)::int AS additional,
                  COALESCE(sum(-l.delta) FILTER (WHERE l.bucket = 'rolled_over'), 0)::int AS rolled_over
             FROM generate_series(date_trunc('month', $1::timestamptz) - ($2::int - 1) * interval '1 month', date_trunc('month', $1::timestamptz), interval '1 month') AS m
             LEFT JOIN credit_ledger l ON l.delta < 0 AND l.created_at >= m AND l.created_at < m + interval '1 month'
            GROUP BY m ORDER BY m`,
      [now, months],
    )
  ).rows;
  return { months: rows.map((r) => ({ ...r, total: r.monthly + r.additional + r.rolled_over })) };
}
