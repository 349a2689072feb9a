import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { adminOnly, Params, pageQueryProperties, type Page, type PageQuery } from './common';

const STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'none'] as const;

export interface SubscriptionReportRow {
  id: number;
  name: string;
  email: string;
  plan_name: string | null;
  subscription_id: string | null;
  subscription_status: string | null;
  license_expires_at: string | null;
}
export interface ReferralReportRow {
  partner_id: number;
  name: string;
  referral_code: string;
  active_users: number;
  deleted_users: number;
}

/** Reports: subscriptions (by status, with the subscribers) and user referrals (users per referral partner). */
export function adminReportRoutes(api: FastifyInstance, { db }: AppDeps): void {
  const guard = adminOnly(api);

  api.get<{ Querystring: PageQuery & { status?: (typeof STATUSES)[number] } }>(
    '/api/admin/reports/subscriptions',
    {
      ...guard,
      schema: { querystring: { type: 'object', additionalProperties: false, properties: { ...pageQueryProperties, status: { type: 'string', enum: STATUSES } } } },
    },
    async (request): Promise<Page<SubscriptionReportRow> & { summary: { status: string; count: number }[] }> => {
      const q = request.query;
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
      const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${whereSql}`, p.values)).rows[0]?.n ?? 0;
      const limit = p.add(q.page_size);
      const offset = p.add((q.page - 1) * q.page_size);
      const { rows } = await db.query<Omit<SubscriptionReportRow, 'license_expires_at'> & { license_expires_at: Date | null }>(
        `SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS name, u.email, pl.name AS plan_name, u.subscription_id, u.subscription_status, u.license_expires_at
           FROM users u LEFT JOIN admin_plans pl ON pl.id = u.plan_id
          WHERE ${whereSql} ORDER BY u.license_expires_at NULLS LAST, u.id LIMIT ${limit} OFFSET ${offset}`,
        p.values,
      );
      return {
        summary,
        items: rows.map((r) => ({ ...r, license_expires_at: r.license_expires_at ? r.license_expires_at.toISOString() : null })),
        page: q.page,
        page_size: q.page_size,
        total,
      };
    },
  );

  api.get<{ Querystring: PageQuery }>(
    '/api/admin/reports/user-referrals',
    { ...guard, schema: { querystring: { type: 'object', additionalProperties: false, properties: pageQueryProperties } } },
    async (request): Promise<Page<ReferralReportRow> & { unattributed: number }> => {
      const q = request.query;
      const unattributed = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE referral_partner_id IS NULL AND deleted_at IS NULL')).rows[0]?.n ?? 0;
      const total = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_partners')).rows[0]?.n ?? 0;
      const { rows } = await db.query<ReferralReportRow>(
        `SELECT p.id AS partner_id, p.name, p.referral_code,
                count(u.id) FILTER (WHERE u.deleted_at IS NULL)::int AS active_users,
                count(u.id) FILTER (WHERE u.deleted_at IS NOT NULL)::int AS deleted_users
           FROM admin_partners p LEFT JOIN users u ON u.referral_partner_id = p.id
          GROUP BY p.id ORDER BY active_users DESC, p.id LIMIT $1 OFFSET $2`,
        [q.page_size, (q.page - 1) * q.page_size],
      );
      return { unattributed, items: rows, page: q.page, page_size: q.page_size, total };
    },
  );
}
