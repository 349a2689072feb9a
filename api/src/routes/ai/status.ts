import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { objectSchema } from '../../http/schemas';
import { aiProvider } from '../../providers/ai';
import { aiAccountId, aiGuard, loadProfile, profileCompleted } from './common';

/** What both AI screens check first: is the business profile done, and which engine answers. */
export function aiStatusRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.get('/api/ai/status', { ...aiGuard(api), schema: { querystring: objectSchema({}) } }, async (request) => {
    const accountId = await aiAccountId(db, request);
    return { profile_completed: profileCompleted(await loadProfile(db, accountId)), engine: aiProvider().info };
  });
}
