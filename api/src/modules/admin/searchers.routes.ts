import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Defaulted, Page, pageOf, Type, type Static } from '../../http/contract';
import { adminOnly, pageQueryProperties } from './common';
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

const DAY_CHOICES = [7, 30, 90, 365] as const;

/** Who searches: users ranked by searches (credit debits) in a period, with credits used and their last search. */
export function adminSearcherRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/admin/searchers',
    {
      ...adminOnly(api),
      schema: {
        summary: 'Users ranked by searches in a period',
        response: { 200: Page(SearcherRow) },
        querystring: Type.Object(
          {
            ...pageQueryProperties,
            days: Defaulted(
              Type.Unsafe<(typeof DAY_CHOICES)[number]>({ type: 'integer', enum: [...DAY_CHOICES], default: 30 }),
            ),
            search: Type.Optional(Type.String({ maxLength: 100 })),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listSearchers(db, q, clock.now());
      return pageOf(rows, q, total);
    },
  );
}
