import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db';
import { enqueueTrainingRun } from '../../workers/aiTraining';
import type { AppDeps } from '../../http/context';
import { MessageProperties, Nullable, Page, StringEnum, Type } from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import { MESSAGES, t, type MessageCode } from '../../i18n/messages';
import { aiProvider } from '../../providers/ai';
import { say } from '../../routes/respond';
import { AiEngineSchema } from './status.routes';
import {
  aiAccountId,
  aiGuard,
  loadProfile,
  pageQuerySchema,
  profileCompleted,
  requireCompletedProfile,
  type PageQuery,
  type Paginated,
} from './common';
import {
  CHARS_PER_TOKEN,
  SOURCE_KINDS,
  SourceStatSchema,
  sourceStats,
  tokensOf,
  TrainingRunSchema,
  type SourceKind,
  type TrainingRun,
} from './trainingJob.service';

/** A run still `queued` or `running` after this is given up (no worker took it, or it crashed) and does not block a new one. */
const RUN_STALE_MS = 10 * 60_000;

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

const RUN_COLUMNS = 'id, status, provider, model, sources, tokens, summary, error_code, started_at, finished_at';

async function lastCompletedRun(db: Queryable, accountId: number): Promise<TrainingRun | null> {
  const { rows } = await db.query<TrainingRun>(
    `SELECT ${RUN_COLUMNS} FROM ai_training_runs WHERE user_id = $1 AND status = 'completed' ORDER BY id DESC LIMIT 1`,
    [accountId],
  );
  return rows[0] ?? null;
}

export function trainingRoutes(api: FastifyInstance, { db, clock, queue }: AppDeps): void {
  const guard = aiGuard(api);

  api.get(
    '/api/ai/training',
    {
      ...guard,
      schema: {
        summary:
          'What the assistant is trained on: each source with its size and whether it changed since the last run',
        querystring: objectSchema({}),
        response: { 200: TrainingOverview },
      },
    },
    async (request) => {
      const accountId = await aiAccountId(db, request);
      const profile = await loadProfile(db, accountId);
      const last = await lastCompletedRun(db, accountId);
      const { rows: latest } = await db.query<TrainingRun>(
        `SELECT ${RUN_COLUMNS} FROM ai_training_runs WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
        [accountId],
      );
      const sources = await sourceStats(db, accountId, profile, last);
      return {
        profile_completed: profileCompleted(profile),
        engine: aiProvider().info,
        sources,
        total: {
          count: sources.reduce((n, s) => n + s.count, 0),
          tokens: tokensOf(sources.reduce((n, s) => n + s.characters, 0)),
        },
        needs_training: !last || sources.some((s) => s.status === 'not_trained'),
        last_completed_run: last,
        latest_run: latest[0]
          ? {
              ...latest[0],
              error_message:
                latest[0].error_code && latest[0].error_code in MESSAGES
                  ? t(request.lang, latest[0].error_code as MessageCode)
                  : null,
            }
          : null,
      };
    },
  );

  /** Spec §7 `calculate-tokens-ai-training`: the estimate for the chosen sources (all by default). */
  api.post<{ Body: { sources?: SourceKind[] } }>(
    '/api/calculate-tokens-ai-training',
    {
      ...guard,
      schema: {
        summary: 'Estimate the tokens a training run reads from the chosen sources (all by default)',
        body: objectSchema({
          sources: {
            type: 'array',
            items: { type: 'string', enum: SOURCE_KINDS },
            uniqueItems: true,
            minItems: 1,
            maxItems: SOURCE_KINDS.length,
          },
        }),
        response: { 200: TokenEstimate },
      },
    },
    async (request) => {
      const accountId = await aiAccountId(db, request);
      const profile = await loadProfile(db, accountId);
      const chosen = new Set<SourceKind>(request.body?.sources ?? SOURCE_KINDS);
      const stats = (await sourceStats(db, accountId, profile, null)).filter((s) => chosen.has(s.kind));
      const characters = stats.reduce((n, s) => n + s.characters, 0);
      return {
        tokens: tokensOf(characters),
        characters,
        chars_per_token: CHARS_PER_TOKEN,
        by_source: stats.map(({ kind, count, characters: c, tokens }) => ({ kind, count, characters: c, tokens })),
        engine: aiProvider().info,
      };
    },
  );

  api.get<{ Querystring: PageQuery }>(
    '/api/ai/training-runs',
    {
      ...guard,
      schema: {
        summary: 'Your training runs (paginated), newest first',
        querystring: objectSchema(pageQuerySchema),
        response: { 200: Page(TrainingRunSchema) },
      },
    },
    async (request): Promise<Paginated<TrainingRun>> => {
      const accountId = await aiAccountId(db, request);
      const { page, pageSize } = request.query;
      const { rows } = await db.query<TrainingRun>(
        `SELECT ${RUN_COLUMNS} FROM ai_training_runs WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
        [accountId, pageSize, (page - 1) * pageSize],
      );
      const count = await db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM ai_training_runs WHERE user_id = $1',
        [accountId],
      );
      return { data: rows, currentPage: page, pageSize, total: count.rows[0]?.total ?? 0 };
    },
  );

  /**
   * Train / refresh: records a queued run and enqueues its `ai-training` job in the same
   * transaction (api/src/workers/aiTraining.ts); the model is asked by a worker, never inside this
   * request. 202 with the queued run; the screen follows it through GET /api/ai/training.
   */
  api.post(
    '/api/ai/training-runs',
    {
      ...guard,
      schema: {
        summary: 'Train or refresh the assistant (queued; follow it on GET /api/ai/training)',
        body: objectSchema({}),
        response: { 202: Type.Object({ ...MessageProperties, data: TrainingRunSchema }) },
      },
    },
    async (request, reply) => {
      const accountId = await aiAccountId(db, request);
      const profile = await requireCompletedProfile(db, accountId);
      const provider = aiProvider();
      const now = clock.now();
      const stats = await sourceStats(db, accountId, profile, null);
      const counts = Object.fromEntries(stats.map((s) => [s.kind, s.count]));
      const tokens = tokensOf(stats.reduce((n, s) => n + s.characters, 0));
      const run = await db.transaction(async (tx) => {
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [accountId]);
        // A run queued or running for longer than RUN_STALE_MS is given up (its worker may still end it: it finds it failed and stops).
        await tx.query(
          `UPDATE ai_training_runs SET status = 'failed', error_code = 'ai.training_abandoned', finished_at = $2
            WHERE user_id = $1 AND status IN ('queued', 'running') AND started_at <= $3`,
          [accountId, now, new Date(now.getTime() - RUN_STALE_MS)],
        );
        const busy = await tx.query(
          `SELECT 1 FROM ai_training_runs WHERE user_id = $1 AND status IN ('queued', 'running')`,
          [accountId],
        );
        if (busy.rowCount) throw unprocessable('ai.training_running');
        const created = (
          await tx.query<TrainingRun>(
            `INSERT INTO ai_training_runs (user_id, status, provider, model, sources, tokens, started_at, language)
             VALUES ($1, 'queued', $2, $3, $4::jsonb, $5, $6, $7) RETURNING ${RUN_COLUMNS}`,
            [accountId, provider.info.provider, provider.info.model, JSON.stringify(counts), tokens, now, request.lang],
          )
        ).rows[0]!;
        await enqueueTrainingRun(queue, created.id, tx);
        return created;
      });
      reply.code(202);
      return { ...say(request, 'ai.training_queued'), data: run };
    },
  );
}
