import type { FastifyInstance } from 'fastify';
import { isoDate } from '../clock';
import { currentUser } from '../http/auth';
import type { AppDeps } from '../http/context';
import { emptyObjectSchema } from '../http/schemas';
import { limitBand, nextResetDate, percentUsed, type LimitBand } from '../users/limits';
import { applyLimitReset } from '../users/limitReset';

export interface UserLimits {
  search_limit: number;
  searches_used: number;
  remaining: number;
  percent_used: number;
  band: LimitBand;
  additional_query_count: number;
  last_reset_date: string | null;
  next_reset_date: string | null;
  credits: { monthly: number; additional: number; rolled_over: number; total: number };
}

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

export function userLimitRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  app.get('/api/user-limits', { onRequest: app.requireAuth, schema: { querystring: emptyObjectSchema } }, async (request): Promise<UserLimits> => {
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
      if (reset) return { ...before, searches_used: 0, last_reset_date: lastResetDate, limit_reset_anchor: before.limit_reset_anchor ?? before.last_reset_date };
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
      next_reset_date: row.last_reset_date ? nextResetDate(row.last_reset_date, row.limit_reset_anchor ?? row.last_reset_date) : null,
      credits: { monthly, additional, rolled_over: rolledOver, total: monthly + additional + rolledOver },
    };
  });
}
