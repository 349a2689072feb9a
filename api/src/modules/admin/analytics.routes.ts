import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { StringEnum, Type, type Static } from '../../http/contract';
import { usageTypeSql } from '../../credits/usageType';
import { adminOnly } from './common';

const DAY_CHOICES = [7, 30, 90] as const;
const daysQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { days: { type: 'integer', enum: DAY_CHOICES, default: 30 } },
} as const;

const Day = Type.String({ format: 'date' });
const CreditUsage = Type.Object({
  days: Type.Array(Type.Object({ date: Day, credits_used: Type.Integer(), searches: Type.Integer() })),
  by_type: Type.Array(
    Type.Object({
      type: Type.String({
        description: 'What the credits were spent on (people, local, get-phones, workflow, …; other for the rest)',
      }),
      credits_used: Type.Integer(),
    }),
  ),
  top_users: Type.Array(
    Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String(), credits_used: Type.Integer() }),
  ),
});
export type CreditUsageDto = Static<typeof CreditUsage>;
const LoginActivity = Type.Object({
  days: Type.Array(Type.Object({ date: Day, logins: Type.Integer(), users: Type.Integer() })),
  last_login_buckets: Type.Array(
    Type.Object({ bucket: StringEnum(['7', '30', '90', 'over_90', 'never'] as const), count: Type.Integer() }),
  ),
});
export type LoginActivityDto = Static<typeof LoginActivity>;
const MonthlyCreditUsage = Type.Object({
  months: Type.Array(
    Type.Object({
      month: Type.String({ description: 'YYYY-MM' }),
      monthly: Type.Integer(),
      additional: Type.Integer(),
      rolled_over: Type.Integer(),
      total: Type.Integer(),
    }),
  ),
});
export type MonthlyCreditUsageDto = Static<typeof MonthlyCreditUsage>;

/** User analytics: credit usage per day, sign-ins per day, credits used per month and wallet bucket. */
export function adminAnalyticsRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const guard = adminOnly(api);
  const daySeries = `generate_series(date_trunc('day', $1::timestamptz) - ($2::int - 1) * interval '1 day', date_trunc('day', $1::timestamptz), interval '1 day')`;

  api.get<{ Querystring: { days: number } }>(
    '/api/admin/analytics/credit-usage',
    {
      ...guard,
      schema: {
        summary: 'Credits used per day and by what they were spent on, top users',
        querystring: daysQuery,
        response: { 200: CreditUsage },
      },
    },
    async (request): Promise<CreditUsageDto> => {
      const now = clock.now();
      const { days } = request.query;
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
    },
  );

  api.get<{ Querystring: { days: number } }>(
    '/api/admin/analytics/login-activity',
    {
      ...guard,
      schema: {
        summary: 'Sign-ins per day and users by last sign-in',
        querystring: daysQuery,
        response: { 200: LoginActivity },
      },
    },
    async (request): Promise<LoginActivityDto> => {
      const now = clock.now();
      const { days } = request.query;
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
    },
  );

  api.get<{ Querystring: { months: number } }>(
    '/api/admin/analytics/monthly-credit-usage',
    {
      ...guard,
      schema: {
        summary: 'Credits used per month, by wallet bucket',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { months: { type: 'integer', enum: [6, 12, 24], default: 12 } },
        },
        response: { 200: MonthlyCreditUsage },
      },
    },
    async (request): Promise<MonthlyCreditUsageDto> => {
      const now = clock.now();
      const rows = (
        await db.query<{ month: string; monthly: number; additional: number; rolled_over: number }>(
          `SELECT to_char(m, 'YYYY-MM') AS month,
                  COALESCE(sum(-l.delta) FILTER (WHERE l.bucket = 'monthly'), 0)::int AS monthly,
                  COALESCE(sum(-l.delta) FILTER (WHERE l.bucket = 'additional'), 0)::int AS additional,
                  COALESCE(sum(-l.delta) FILTER (WHERE l.bucket = 'rolled_over'), 0)::int AS rolled_over
             FROM generate_series(date_trunc('month', $1::timestamptz) - ($2::int - 1) * interval '1 month', date_trunc('month', $1::timestamptz), interval '1 month') AS m
             LEFT JOIN credit_ledger l ON l.delta < 0 AND l.created_at >= m AND l.created_at < m + interval '1 month'
            GROUP BY m ORDER BY m`,
          [now, request.query.months],
        )
      ).rows;
      return { months: rows.map((r) => ({ ...r, total: r.monthly + r.additional + r.rolled_over })) };
    },
  );
}
