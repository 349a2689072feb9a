import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Empty, Type, type Static } from '../../http/contract';
import { listTypes } from './campaignTypes.repository';

const ListType = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  search_type: Type.String({
    description: 'The campaign search type of spec §3 (industry, company, people, single, influencer, intent, group).',
  }),
});
export type ListType = Static<typeof ListType>;

export function campaignTypeRoutes(api: FastifyInstance, { db }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/campaign-types',
    {
      onRequest: app.requireAuth,
      schema: { summary: 'The list (campaign) types', querystring: Empty, response: { 200: Type.Array(ListType) } },
    },
    async () => listTypes(db),
  );
}
