import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Empty, MessageProperties, Page, Type, pageOf, pageWindow } from '../../http/contract';
import { say } from '../../http/respond';
import { aiAccountId, aiGuard, pageQuerySchema } from './common';
import { listSuggestions } from './icp.repository';
import { IcpSuggestionSchema } from './icp.schemas';
import { generateSuggestions } from './icp.service';

const GeneratedSuggestions = Type.Object({
  ...MessageProperties,
  data: Type.Array(IcpSuggestionSchema),
  total: Type.Integer(),
});

export function icpRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = aiGuard(api);

  app.get(
    '/api/ai/icp-suggestions',
    {
      ...guard,
      schema: {
        summary: 'Your ideal customer profiles, each a prefilled lead search',
        querystring: Type.Object(pageQuerySchema, { additionalProperties: false }),
        response: { 200: Page(IcpSuggestionSchema) },
      },
    },
    async (request) => {
      const accountId = await aiAccountId(db, request);
      const { rows, total } = await listSuggestions(db, accountId, pageWindow(request.query));
      return pageOf(rows, request.query, total);
    },
  );

  /** Generates a fresh set (replacing the previous one) from the profile and the last training summary. */
  app.post(
    '/api/ai/icp-suggestions',
    {
      ...guard,
      schema: {
        summary: 'Generate a fresh set of ideal customer profiles from the business profile',
        body: Empty,
        response: { 201: GeneratedSuggestions },
      },
    },
    async (request, reply) => {
      const accountId = await aiAccountId(db, request);
      const rows = await generateSuggestions(db, clock, { accountId, language: request.lang });
      reply.code(201);
      return { ...say(request, 'ai.suggestions_generated', { n: rows.length }), data: rows, total: rows.length };
    },
  );
}
