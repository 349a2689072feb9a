/** The SQL of the admin's reports: subscribers by subscription status, users per referral partner. */
import type { Queryable } from '../../db';
import { pageWindow } from '../../http/contract';
import { Params, type PageQuery } from './common';

export type ReportStatus = 'active' | 'trialing' | 'past_due' | 'canceled' | 'none';

interface SubscriberRow {
  id: number;
  name: string;
  email: string;
  plan_name: string | null;
  subscription_id: string | null;
  subscription_status: string | null;
  license_expires_at: string | null;
}

/** How many live users have each status (all pages), and one page of the live subscribers of a status. */
export async function subscriptionsReport(
  db: Queryable,
  q: PageQuery & { status?: ReportStatus },
): Promise<{ summary: { status: string; count: number }[]; rows: SubscriberRow[]; total: number }> {
  const summary = (
    await db.query<{ status: string; count: number }>(
      `SELECT COALESCE(subscription_status, 'none') AS status, count(*)::int AS count FROM users WHERE deleted_at IS NULL GROUP BY 1 ORDER BY count DESC, 1 LIMIT 20`,
    )
  ).rows;
  const p = new Params();
  const where = ['u.deleted_at IS NULL'];
  if (q.status === 'none') where.push('u.subscription_status IS NULL');
  else if (q.status) where.push(`u.subscription_status = ${p.add(q.status)}`);
  const whereSql = where.join(' AND ');
  const total =
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${whereSql}`, p.values)).rows[0]?.n ??
    0;
  const { rows } = await db.query<Omit<SubscriberRow, 'license_expires_at'> & { license_expires_at: Date | null }>(
    `SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS name, u.email, pl.name AS plan_name, u.subscription_id, u.subscription_status, u.license_expires_at
           FROM users u LEFT JOIN admin_plans pl ON pl.id = u.plan_id
          WHERE ${whereSql} ORDER BY u.license_expires_at NULLS LAST, u.id ${p.page(q)}`,
    p.values,
  );
  return {
    summary,
    rows: rows.map((r) => ({
      ...r,
      license_expires_at: r.license_expires_at ? r.license_expires_at.toISOString() : null,
    })),
    total,
  };
}

interface ReferralRow {
  partner_id: number;
  name: string;
  referral_code: string;
  active_users: number;
  deleted_users: number;
}

/** One page of referral partners with their live and deleted users, and how many live users no partner referred. */
export async function referralsReport(
  db: Queryable,
  q: PageQuery,
): Promise<{ unattributed: number; rows: ReferralRow[]; total: number }> {
  const unattributed =
    (
      await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM users WHERE referral_partner_id IS NULL AND deleted_at IS NULL',
      )
    ).rows[0]?.n ?? 0;
  const total = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_partners')).rows[0]?.n ?? 0;
  const { limit, offset } = pageWindow(q);
  const { rows } = await db.query<ReferralRow>(
    `SELECT p.id AS partner_id, p.name, p.referral_code,
                count(u.id) FILTER (WHERE u.deleted_at IS NULL)::int AS active_users,
                count(u.id) FILTER (WHERE u.deleted_at IS NOT NULL)::int AS deleted_users
           FROM admin_partners p LEFT JOIN users u ON u.referral_partner_id = p.id
          GROUP BY p.id ORDER BY active_users DESC, p.id LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  return { unattributed, rows, total };
}
