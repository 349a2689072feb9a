import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Nullable, Page, pageOf, StringEnum, Type, type Static } from '../../http/contract';
import { adminOnly, pageQueryProperties } from './common';
import { referralsReport, subscriptionsReport, type ReportStatus } from './reports.repository';

const STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'none'] as const satisfies readonly ReportStatus[];

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
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = adminOnly(api);

  app.get(
    '/api/admin/reports/subscriptions',
    {
      ...guard,
      schema: {
        summary: 'Subscribers by subscription status',
        querystring: Type.Object(
          { ...pageQueryProperties, status: Type.Optional(StringEnum(STATUSES)) },
          { additionalProperties: false },
        ),
        response: { 200: SubscriptionsReport },
      },
    },
    async (request) => {
      const q = request.query;
      const { summary, rows, total } = await subscriptionsReport(db, q);
      return {
        summary,
        ...pageOf(rows, q, total),
      };
    },
  );

  app.get(
    '/api/admin/reports/user-referrals',
    {
      ...guard,
      schema: {
        summary: 'Users per referral partner',
        querystring: Type.Object(pageQueryProperties, { additionalProperties: false }),
        response: { 200: ReferralsReport },
      },
    },
    async (request) => {
      const q = request.query;
      const { unattributed, rows, total } = await referralsReport(db, q);
      return { unattributed, ...pageOf(rows, q, total) };
    },
  );
}
