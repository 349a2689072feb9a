import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Defaulted, Type } from '../../http/contract';
import { creditUsage, loginActivity, monthlyCreditUsage } from './analytics.repository';
import { CreditUsage, LoginActivity, MonthlyCreditUsage } from './analytics.schemas';
import { adminOnly } from './common';

const DAY_CHOICES = [7, 30, 90] as const;
const MONTH_CHOICES = [6, 12, 24] as const;
const daysQuery = Type.Object(
  {
    days: Defaulted(
      Type.Unsafe<(typeof DAY_CHOICES)[number]>({ type: 'integer', enum: [...DAY_CHOICES], default: 30 }),
    ),
  },
  { additionalProperties: false },
);

/** User analytics: credit usage per day, sign-ins per day, credits used per month and wallet bucket. */
export function adminAnalyticsRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = adminOnly(api);

  app.get(
    '/api/admin/analytics/credit-usage',
    {
      ...guard,
      schema: {
        summary: 'Credits used per day and by what they were spent on, top users',
        querystring: daysQuery,
        response: { 200: CreditUsage },
      },
    },
    async (request) => {
      return creditUsage(db, clock.now(), request.query.days);
    },
  );

  app.get(
    '/api/admin/analytics/login-activity',
    {
      ...guard,
      schema: {
        summary: 'Sign-ins per day and users by last sign-in',
        querystring: daysQuery,
        response: { 200: LoginActivity },
      },
    },
    async (request) => {
      return loginActivity(db, clock.now(), request.query.days);
    },
  );

  app.get(
    '/api/admin/analytics/monthly-credit-usage',
    {
      ...guard,
      schema: {
        summary: 'Credits used per month, by wallet bucket',
        querystring: Type.Object(
          {
            months: Defaulted(
              Type.Unsafe<(typeof MONTH_CHOICES)[number]>({
                type: 'integer',
                enum: [...MONTH_CHOICES],
                default: 12,
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: MonthlyCreditUsage },
      },
    },
    async (request) => {
      return monthlyCreditUsage(db, clock.now(), request.query.months);
    },
  );
}
