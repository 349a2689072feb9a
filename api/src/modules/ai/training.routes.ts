import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Empty, MessageProperties, Nullable, Page, StringEnum, Type, pageOf, pageWindow } from '../../http/contract';
import { say } from '../../http/respond';
import { AiEngineSchema } from './status.routes';
import { aiAccountId, aiGuard, pageQuerySchema } from './common';
import { listRuns } from './training.repository';
import { SOURCE_KINDS, SourceStatSchema, TrainingRunSchema } from './training.schemas';
import { estimateTokens, queueTrainingRun, trainingOverview } from './training.service';

const TrainingOverview = Type.Object({
  profile_completed: Type.Boolean(),
  engine: AiEngineSchema,
  sources: Type.Array(SourceStatSchema),
  total: Type.Object({ count: Type.Integer(), tokens: Type.Integer() }),
  needs_training: Type.Boolean(),
  last_completed_run: Nullable(TrainingRunSchema),
  latest_run: Nullable(
    Type.Object({
      ...TrainingRunSchema.properties,
      error_message: Nullable(Type.String({ description: "error_code in the caller's language." })),
    }),
  ),
});

const TokenEstimate = Type.Object({
  tokens: Type.Integer(),
  characters: Type.Integer(),
  chars_per_token: Type.Integer(),
  by_source: Type.Array(
    Type.Object({
      kind: StringEnum(SOURCE_KINDS),
      count: Type.Integer(),
      characters: Type.Integer(),
      tokens: Type.Integer(),
    }),
  ),
  engine: AiEngineSchema,
});

export function trainingRoutes(api: FastifyInstance, { db, clock, queue }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = aiGuard(api);

  app.get(
    '/api/ai/training',
    {
      ...guard,
      schema: {
        summary:
          'What the assistant is trained on: each source with its size and whether it changed since the last run',
        querystring: Empty,
        response: { 200: TrainingOverview },
      },
    },
    async (request) => {
      const accountId = await aiAccountId(db, request);
      return trainingOverview(db, accountId, request.lang);
    },
  );

  /** Spec §7 `calculate-tokens-ai-training`: the estimate for the chosen sources (all by default). */
  app.post(
    '/api/calculate-tokens-ai-training',
    {
      ...guard,
      schema: {
        summary: 'Estimate the tokens a training run reads from the chosen sources (all by default)',
        body: Type.Object(
          {
            sources: Type.Optional(
              Type.Array(StringEnum(SOURCE_KINDS), { uniqueItems: true, minItems: 1, maxItems: SOURCE_KINDS.length }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: TokenEstimate },
      },
    },
    async (request) => {
      const accountId = await aiAccountId(db, request);
      return estimateTokens(db, accountId, request.body?.sources);
    },
  );

  app.get(
    '/api/ai/training-runs',
    {
      ...guard,
      schema: {
        summary: 'Your training runs (paginated), newest first',
        querystring: Type.Object(pageQuerySchema, { additionalProperties: false }),
        response: { 200: Page(TrainingRunSchema) },
      },
    },
    async (request) => {
      const accountId = await aiAccountId(db, request);
      const { rows, total } = await listRuns(db, accountId, pageWindow(request.query));
      return pageOf(rows, request.query, total);
    },
  );

  /**
   * Train / refresh: records a queued run and enqueues its `ai-training` job in the same
   * transaction (api/src/workers/aiTraining.ts); the model is asked by a worker, never inside this
   * request. 202 with the queued run; the screen follows it through GET /api/ai/training.
   */
  app.post(
    '/api/ai/training-runs',
    {
      ...guard,
      schema: {
        summary: 'Train or refresh the assistant (queued; follow it on GET /api/ai/training)',
        body: Empty,
        response: { 202: Type.Object({ ...MessageProperties, data: TrainingRunSchema }) },
      },
    },
    async (request, reply) => {
      const accountId = await aiAccountId(db, request);
      const run = await queueTrainingRun(db, queue, { accountId, language: request.lang, now: clock.now() });
      reply.code(202);
      return { ...say(request, 'ai.training_queued'), data: run };
    },
  );
}
