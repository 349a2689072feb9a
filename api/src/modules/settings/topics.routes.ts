import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Empty, Nullable, Type } from '../../http/contract';
import { shownTopics } from './topics.repository';

const Topic = Type.Object({ id: Type.Integer(), title: Type.String(), description: Nullable(Type.String()) });

/**
 * Onboarding topics for users (spec §7 `GET api/topics`): the super admin's topics marked shown, in their
 * order; a draft (not shown) topic is never sent. Users see them beside the onboarding courses and where a
 * new user starts (ADR 026).
 */
export function topicRoutes(api: FastifyInstance, { db }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/topics',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'The onboarding topics shown to users, in order',
        querystring: Empty,
        response: { 200: Type.Object({ data: Type.Array(Topic) }) },
      },
    },
    async () => ({ data: await shownTopics(db) }),
  );
}
