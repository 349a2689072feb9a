import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { isoDate } from '../clock';
import { currentUser } from '../http/auth';
import type { AppDeps } from '../http/context';
import { Empty, Nullable, StringEnum, Type, type Static } from '../http/contract';
import { limitBand, nextResetDate, percentUsed, type LimitBand } from '../users/limits';
import { applyLimitReset } from '../users/limitReset';

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

interface LimitsRow {
  search_limit: number | null;
  searches_used: number;
  additional_query_count: number;
  last_reset_date: string | null;
  limit_reset_anchor: string | null;
  monthly: number | null;
  additional: number | null;
  rolled_over: number | null;
}

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
      const row = await db.transaction(async (tx) => {
        const read = async () =>
          (
            await tx.query<LimitsRow>(
              `SELECT u.search_limit, u.searches_used, u.additional_query_count, u.last_reset_date, u.limit_reset_anchor, w.monthly, w.additional, w.rolled_over
               FROM users u LEFT JOIN credit_wallets w ON w.user_id = u.id WHERE u.id = $1 FOR UPDATE OF u`,
              [id],
            )
          ).rows[0];
        const before = await read();
        if (!before) throw new Error(`user ${id} not found`);
        // The monthly reset happens lazily, on the first read after its date.
        const { reset, lastResetDate } = await applyLimitReset(tx, id, today);
        if (reset)
          return {
            ...before,
            searches_used: 0,
            last_reset_date: lastResetDate,
            limit_reset_anchor: before.limit_reset_anchor ?? before.last_reset_date,
          };
        return before;
      });

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
