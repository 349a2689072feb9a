import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { isoDate } from '../../clock';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { Empty, Nullable, StringEnum, Type, type Static } from '../../http/contract';
import { limitBand, nextResetDate, percentUsed, type LimitBand } from '../../users/limits';
import { limitsWithReset } from './userLimits.service';

const LIMIT_BANDS = ['under_50', 'over_50', 'full'] as const satisfies readonly LimitBand[];
const IsoDate = Type.String({ format: 'date' });

/** The user's monthly search limit and credit balance (the sidebar meter, credit usage, lead search). */
const UserLimits = Type.Object({
  search_limit: Type.Integer(),
  searches_used: Type.Integer(),
  remaining: Type.Integer(),
  percent_used: Type.Number(),
  band: StringEnum(LIMIT_BANDS),
  additional_query_count: Type.Integer(),
  last_reset_date: Nullable(IsoDate),
  next_reset_date: Nullable(IsoDate),
  credits: Type.Object({
    monthly: Type.Integer(),
    additional: Type.Integer(),
    rolled_over: Type.Integer(),
    total: Type.Integer(),
  }),
});
export type UserLimits = Static<typeof UserLimits>;

export function userLimitRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/user-limits',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'Your search limit this month and your credit balance',
        querystring: Empty,
        response: { 200: UserLimits },
      },
    },
    async (request): Promise<UserLimits> => {
      const { id } = currentUser(request);
      const today = isoDate(clock.now());
      const row = await limitsWithReset(db, id, today);

      const limit = row.search_limit ?? 0;
      const used = row.searches_used;
      const monthly = row.monthly ?? 0;
      const additional = row.additional ?? 0;
      const rolledOver = row.rolled_over ?? 0;
      return {
        search_limit: limit,
        searches_used: used,
        remaining: Math.max(0, limit - used),
        percent_used: percentUsed(used, limit),
        band: limitBand(used, limit),
        additional_query_count: row.additional_query_count,
        last_reset_date: row.last_reset_date,
        next_reset_date: row.last_reset_date
          ? nextResetDate(row.last_reset_date, row.limit_reset_anchor ?? row.last_reset_date)
          : null,
        credits: { monthly, additional, rolled_over: rolledOver, total: monthly + additional + rolledOver },
      };
    },
  );
}
