/** The SQL of the admin dashboard's figures; every list is bounded (12 months, fixed statuses, plans capped). */
import type { Queryable } from '../../db';
import type { DashboardDto } from './dashboard.schemas';

const MONTHS = 12;

/** Users by state and type, sign-ups and activity per month (12 months), subscriptions by status, users per plan. */
export async function dashboardFigures(db: Queryable, now: Date): Promise<DashboardDto> {
  const months = `generate_series(date_trunc('month', $1::timestamptz) - interval '${MONTHS - 1} months', date_trunc('month', $1::timestamptz), interval '1 month')`;
  const counts = (
    await db.query<{ active: number; deleted: number }>(
      'SELECT count(*) FILTER (WHERE deleted_at IS NULL)::int AS active, count(*) FILTER (WHERE deleted_at IS NOT NULL)::int AS deleted FROM users',
    )
  ).rows[0]!;
  const byType = (
    await db.query<{ user_type: string; count: number }>(
      'SELECT user_type, count(*)::int AS count FROM users WHERE deleted_at IS NULL GROUP BY user_type ORDER BY user_type',
    )
  ).rows;
  const signups = (
    await db.query<{ month: string; count: number }>(
      `SELECT to_char(m, 'YYYY-MM') AS month, (SELECT count(*)::int FROM users u WHERE u.created_at >= m AND u.created_at < m + interval '1 month') AS count
           FROM ${months} AS m ORDER BY m`,
      [now],
    )
  ).rows;
  const activity = (
    await db.query<{ month: string; searches: number; credits_used: number; credits_added: number }>(
      `SELECT to_char(m, 'YYYY-MM') AS month,
                count(l.id) FILTER (WHERE l.delta < 0)::int AS searches,
                COALESCE(sum(-l.delta) FILTER (WHERE l.delta < 0), 0)::int AS credits_used,
                COALESCE(sum(l.delta) FILTER (WHERE l.delta > 0), 0)::int AS credits_added
           FROM ${months} AS m LEFT JOIN credit_ledger l ON l.created_at >= m AND l.created_at < m + interval '1 month'
          GROUP BY m ORDER BY m`,
      [now],
    )
  ).rows;
  const subscriptions = (
    await db.query<{ status: string; count: number }>(
      `SELECT COALESCE(subscription_status, 'none') AS status, count(*)::int AS count FROM users WHERE deleted_at IS NULL
          GROUP BY 1 ORDER BY count DESC, 1 LIMIT 20`,
    )
  ).rows;
  const plans = (
    await db.query<{ plan: string; count: number }>(
      `SELECT p.name AS plan, count(u.id)::int AS count FROM admin_plans p LEFT JOIN users u ON u.plan_id = p.id AND u.deleted_at IS NULL
          GROUP BY p.id, p.name ORDER BY count DESC, p.name LIMIT 10`,
    )
  ).rows;
  return {
    users: { ...counts, by_type: byType },
    signups_by_month: signups,
    activity_by_month: activity,
    subscriptions,
    plans,
  };
}
