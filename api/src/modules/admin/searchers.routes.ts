import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Page, pageOf, Type, type Static } from '../../http/contract';
import { adminOnly, Params, pageQueryProperties, type PageOf, type PageQuery } from './common';

const SearcherRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  searches: Type.Integer(),
  credits_used: Type.Integer(),
  last_search_at: Type.String({ format: 'date-time' }),
  deleted: Type.Boolean(),
});
export type SearcherRow = Static<typeof SearcherRow>;

/** Who searches: users ranked by searches (credit debits) in a period, with credits used and their last search. */
export function adminSearcherRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  api.get<{ Querystring: PageQuery & { days: number; search?: string } }>(
    '/api/admin/searchers',
    {
      ...adminOnly(api),
      schema: {
        summary: 'Users ranked by searches in a period',
        response: { 200: Page(SearcherRow) },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...pageQueryProperties,
            days: { type: 'integer', enum: [7, 30, 90, 365], default: 30 },
            search: { type: 'string', maxLength: 100 },
          },
        },
      },
    },
    async (request): Promise<PageOf<SearcherRow>> => {
      const q = request.query;
      const p = new Params();
      const where = [
        `l.delta < 0`,
        `l.created_at >= ${p.add(new Date(clock.now().getTime() - q.days * 24 * 3600_000))}`,
      ];
      const search = q.search?.trim();
      if (search) {
        const like = p.add(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where.push(`(u.email ILIKE ${like} OR (u.first_name || ' ' || u.last_name) ILIKE ${like})`);
      }
      const whereSql = where.join(' AND ');
      const total =
        (
          await db.query<{ n: number }>(
            `SELECT count(DISTINCT l.user_id)::int AS n FROM credit_ledger l JOIN users u ON u.id = l.user_id WHERE ${whereSql}`,
            p.values,
          )
        ).rows[0]?.n ?? 0;
      const limit = p.add(q.pageSize);
      const offset = p.add((q.page - 1) * q.pageSize);
      const { rows } = await db.query<Omit<SearcherRow, 'last_search_at'> & { last_search_at: Date }>(
        `SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS name, u.email, count(*)::int AS searches, sum(-l.delta)::int AS credits_used,
                max(l.created_at) AS last_search_at, (u.deleted_at IS NOT NULL) AS deleted
           FROM credit_ledger l JOIN users u ON u.id = l.user_id
          WHERE ${whereSql} GROUP BY u.id ORDER BY searches DESC, credits_used DESC, u.id LIMIT ${limit} OFFSET ${offset}`,
        p.values,
      );
      return pageOf(
        rows.map((r) => ({ ...r, last_search_at: r.last_search_at.toISOString() })),
        q,
        total,
      );
    },
  );
}
