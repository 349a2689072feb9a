import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { SPEND_ORDER, type Bucket } from '../../credits/ledger';
import { Nullable, Page, StringEnum, Timestamp, Type } from '../../http/contract';
import { validationError } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import { usageType } from '../../credits/usageType';
import { pageQuerySchema, requestAccountId, type PageQuery } from './account.schemas';

/** The widest range one request may ask for (the chart has one bar per day). */
export const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;
const dateSchema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 } as const;

interface Query extends PageQuery {
  start_date?: string;
  end_date?: string;
}

function parseDay(value: string, field: string): Date {
  const date = new Date(`${value}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value)
    throw validationError({ field, code: 'validation.invalid' });
  return date;
}

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
export function creditUsageRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  app.get<{ Querystring: Query }>(
    '/api/credit-usage-statistic',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'Credits used and added per day and per search type, with the ledger entries',
        querystring: objectSchema({ ...pageQuerySchema, start_date: dateSchema, end_date: dateSchema }),
        response: { 200: CreditUsage },
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const today = clock.now().toISOString().slice(0, 10);
      const end = parseDay(request.query.end_date ?? today, 'end_date');
      const start = request.query.start_date
        ? parseDay(request.query.start_date, 'start_date')
        : new Date(end.getTime() - 29 * DAY_MS);
      if (start > end) throw validationError({ field: 'start_date', code: 'settings.range_order' });
      const days = Math.round((end.getTime() - start.getTime()) / DAY_MS) + 1;
      if (days > MAX_RANGE_DAYS)
        throw validationError({
          field: 'start_date',
          code: 'settings.range_too_long',
          params: { days: MAX_RANGE_DAYS },
        });
      const from = start;
      const to = new Date(end.getTime() + DAY_MS);
      const { page, pageSize } = request.query;

      const perDay = await db.query<{ day: string; consumed: number; added: number }>(
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
                COALESCE(-sum(delta) FILTER (WHERE delta < 0), 0)::int AS consumed,
                COALESCE(sum(delta) FILTER (WHERE delta > 0), 0)::int AS added
           FROM credit_ledger WHERE user_id = $1 AND created_at >= $2 AND created_at < $3
          GROUP BY 1`,
        [accountId, from, to],
      );
      const perReason = await db.query<{ reason: string; consumed: number }>(
        `SELECT reason, (-sum(delta))::int AS consumed FROM credit_ledger
          WHERE user_id = $1 AND created_at >= $2 AND created_at < $3 AND delta < 0 GROUP BY reason`,
        [accountId, from, to],
      );
      const entries = await db.query<{ id: number; created_at: string; delta: number; bucket: Bucket; reason: string }>(
        `SELECT id, created_at, delta, bucket, reason FROM credit_ledger
          WHERE user_id = $1 AND created_at >= $2 AND created_at < $3 ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`,
        [accountId, from, to, pageSize, (page - 1) * pageSize],
      );
      const count = await db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM credit_ledger WHERE user_id = $1 AND created_at >= $2 AND created_at < $3',
        [accountId, from, to],
      );

      const byDayMap = new Map(perDay.rows.map((r) => [r.day, r]));
      const byDay = Array.from({ length: days }, (_, i) => {
        const day = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
        return { date: day, consumed: byDayMap.get(day)?.consumed ?? 0, added: byDayMap.get(day)?.added ?? 0 };
      });
      const byType = new Map<string, number>();
      for (const r of perReason.rows)
        byType.set(usageType(r.reason), (byType.get(usageType(r.reason)) ?? 0) + r.consumed);
      return {
        start_date: from.toISOString().slice(0, 10),
        end_date: end.toISOString().slice(0, 10),
        totals: { consumed: byDay.reduce((s, d) => s + d.consumed, 0), added: byDay.reduce((s, d) => s + d.added, 0) },
        by_day: byDay,
        by_type: [...byType.entries()]
          .map(([type, consumed]) => ({ type, consumed }))
          .sort((a, b) => b.consumed - a.consumed),
        data: entries.rows.map((e) => ({ ...e, id: Number(e.id), type: e.delta < 0 ? usageType(e.reason) : null })),
        currentPage: page,
        pageSize,
        total: count.rows[0]?.total ?? 0,
      };
    },
  );
}
