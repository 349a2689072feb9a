import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { creditUsage, loginActivity, monthlyCreditUsage } from './analytics.repository';
import {
  CreditUsage,
  LoginActivity,
  MonthlyCreditUsage,
  type CreditUsageDto,
  type LoginActivityDto,
  type MonthlyCreditUsageDto,
} from './analytics.schemas';
import { adminOnly } from './common';

const DAY_CHOICES = [7, 30, 90] as const;
const daysQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { days: { type: 'integer', enum: DAY_CHOICES, default: 30 } },
} as const;

/** User analytics: credit usage per day, sign-ins per day, credits used per month and wallet bucket. */
export function adminAnalyticsRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const guard = adminOnly(api);

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
      return creditUsage(db, clock.now(), request.query.days);
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
      return loginActivity(db, clock.now(), request.query.days);
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
      return monthlyCreditUsage(db, clock.now(), request.query.months);
    },
  );
}
