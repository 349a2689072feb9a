import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { SPEND_ORDER } from '../../credits/ledger';
import { Nullable, Page, StringEnum, Timestamp, Type } from '../../http/contract';
import { requestAccountId } from './account.routes';
import { pageQuerySchema } from './account.schemas';
import { creditUsage } from './creditUsage.service';

const DateParam = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });

const Day = Type.String({ format: 'date' });
/** The period's totals, per day and per search type, and one page of its ledger entries. */
const CreditUsage = Page(
  Type.Object({
    id: Type.Integer(),
    created_at: Timestamp(),
    delta: Type.Integer(),
    bucket: StringEnum(SPEND_ORDER),
    reason: Type.String(),
    type: Nullable(Type.String()),
  }),
  {
    start_date: Day,
    end_date: Day,
    totals: Type.Object({ consumed: Type.Integer(), added: Type.Integer() }),
    by_day: Type.Array(Type.Object({ date: Day, consumed: Type.Integer(), added: Type.Integer() })),
    by_type: Type.Array(Type.Object({ type: Type.String(), consumed: Type.Integer() })),
  },
);

/**
 * GET /api/credit-usage-statistic (spec §7): credits consumed per day and per
 * search type from the ledger, with the ledger entries as a paginated table.
 * Dates are UTC days, both ends included; default the last 30 days.
 */
export function creditUsageRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/credit-usage-statistic',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'Credits used and added per day and per search type, with the ledger entries',
        querystring: Type.Object(
          { ...pageQuerySchema, start_date: Type.Optional(DateParam), end_date: Type.Optional(DateParam) },
          { additionalProperties: false },
        ),
        response: { 200: CreditUsage },
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const today = clock.now().toISOString().slice(0, 10);
      return creditUsage(db, accountId, today, request.query);
    },
  );
}
