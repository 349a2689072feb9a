import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Nullable, Page, pageOf, Type, type Static } from '../../http/contract';
import { adminOnly, Params, pageQueryProperties, type PageOf, type PageQuery } from './common';

const STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'none'] as const;

const Text = Nullable(Type.String());
const SubscriptionReportRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  plan_name: Text,
  subscription_id: Text,
  subscription_status: Text,
  license_expires_at: Nullable(Type.String({ format: 'date-time' })),
});
export type SubscriptionReportRow = Static<typeof SubscriptionReportRow>;
/** The subscribers of one page, and how many users have each status (all pages). */
const SubscriptionsReport = Page(SubscriptionReportRow, {
  summary: Type.Array(Type.Object({ status: Type.String(), count: Type.Integer() })),
});

const ReferralReportRow = Type.Object({
  partner_id: Type.Integer(),
  name: Type.String(),
  referral_code: Type.String(),
  active_users: Type.Integer(),
  deleted_users: Type.Integer(),
});
export type ReferralReportRow = Static<typeof ReferralReportRow>;
/** Users per referral partner, and how many users no partner referred. */
const ReferralsReport = Page(ReferralReportRow, { unattributed: Type.Integer() });

/** Reports: subscriptions (by status, with the subscribers) and user referrals (users per referral partner). */
export function adminReportRoutes(api: FastifyInstance, { db }: AppDeps): void {
  const guard = adminOnly(api);

  api.get<{ Querystring: PageQuery & { status?: (typeof STATUSES)[number] } }>(
    '/api/admin/reports/subscriptions',
    {
      ...guard,
      schema: {
        summary: 'Subscribers by subscription status',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { ...pageQueryProperties, status: { type: 'string', enum: STATUSES } },
        },
        response: { 200: SubscriptionsReport },
      },
    },
    async (request): Promise<PageOf<SubscriptionReportRow> & { summary: { status: string; count: number }[] }> => {
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
      const total =
        (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${whereSql}`, p.values)).rows[0]
          ?.n ?? 0;
      const limit = p.add(q.pageSize);
      const offset = p.add((q.page - 1) * q.pageSize);
      const { rows } = await db.query<
        Omit<SubscriptionReportRow, 'license_expires_at'> & { license_expires_at: Date | null }
      >(
        `SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS name, u.email, pl.name AS plan_name, u.subscription_id, u.subscription_status, u.license_expires_at
           FROM users u LEFT JOIN admin_plans pl ON pl.id = u.plan_id
          WHERE ${whereSql} ORDER BY u.license_expires_at NULLS LAST, u.id LIMIT ${limit} OFFSET ${offset}`,
        p.values,
      );
      return {
        summary,
        ...pageOf(
          rows.map((r) => ({
            ...r,
            license_expires_at: r.license_expires_at ? r.license_expires_at.toISOString() : null,
          })),
          q,
          total,
        ),
      };
    },
  );

  api.get<{ Querystring: PageQuery }>(
    '/api/admin/reports/user-referrals',
    {
      ...guard,
      schema: {
        summary: 'Users per referral partner',
        querystring: { type: 'object', additionalProperties: false, properties: pageQueryProperties },
        response: { 200: ReferralsReport },
      },
    },
    async (request): Promise<PageOf<ReferralReportRow> & { unattributed: number }> => {
      const q = request.query;
      const unattributed =
        (
          await db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM users WHERE referral_partner_id IS NULL AND deleted_at IS NULL',
          )
        ).rows[0]?.n ?? 0;
      const total = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_partners')).rows[0]?.n ?? 0;
      const { rows } = await db.query<ReferralReportRow>(
        `SELECT p.id AS partner_id, p.name, p.referral_code,
                count(u.id) FILTER (WHERE u.deleted_at IS NULL)::int AS active_users,
                count(u.id) FILTER (WHERE u.deleted_at IS NOT NULL)::int AS deleted_users
           FROM admin_partners p LEFT JOIN users u ON u.referral_partner_id = p.id
          GROUP BY p.id ORDER BY active_users DESC, p.id LIMIT $1 OFFSET $2`,
        [q.pageSize, (q.page - 1) * q.pageSize],
      );
      return { unattributed, ...pageOf(rows, q, total) };
    },
  );
}
