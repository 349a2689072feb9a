import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Page, pageOf, Type, type Static } from '../../http/contract';
import { adminOnly, pageQueryProperties, type PageOf, type PageQuery } from './common';
import { listSearchers } from './searchers.repository';

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
      const { rows, total } = await listSearchers(db, q, clock.now());
      return pageOf(rows, q, total);
    },
  );
}
