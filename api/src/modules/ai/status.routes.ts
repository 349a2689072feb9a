import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Empty, StringEnum, Type } from '../../http/contract';
import { aiProvider } from '../../providers/ai';
import { aiAccountId, aiGuard, profileCompleted } from './common';
import { loadProfile } from './profile.repository';

export const AiEngineSchema = Type.Object({
  provider: StringEnum(['embedded', 'openai-compatible'] as const),
  /** The built-in deterministic engine: the screens say so. */
  embedded: Type.Boolean(),
  model: Type.String(),
});

const AiStatus = Type.Object({
  /** Spec §5: AI tools need a completed business profile. */
  profile_completed: Type.Boolean(),
  engine: AiEngineSchema,
});

/** What both AI screens check first: is the business profile done, and which engine answers. */
export function aiStatusRoutes(api: FastifyInstance, { db }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/ai/status',
    {
      ...aiGuard(api),
      schema: {
        summary: 'Is the business profile complete, and which AI engine answers',
        querystring: Empty,
        response: { 200: AiStatus },
      },
    },
    async (request) => {
      const accountId = await aiAccountId(db, request);
      return { profile_completed: profileCompleted(await loadProfile(db, accountId)), engine: aiProvider().info };
    },
  );
}
