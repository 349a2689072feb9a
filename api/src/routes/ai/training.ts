import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../../db';
import { claimEffects, settleEffects } from '../../effects/externalEffects';
import { enqueueTrainingRun } from '../../workers/aiTraining';
import type { AppDeps } from '../../http/context';
import { KeyedObject, MessageProperties, Nullable, Page, StringEnum, Timestamp, Type, type Static } from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import { isLanguage, MESSAGES, t, type Language, type MessageCode } from '../../i18n/messages';
import { AiProviderError, aiProvider, registerEmbeddedTemplate } from '../../providers/ai';
import { say } from '../respond';
import { AiEngineSchema } from './status';
import {
  aiAccountId,
  aiGuard,
  loadProfile,
  pageQuerySchema,
  profileCompleted,
  profileVariables,
  requireCompletedProfile,
  type PageQuery,
  type Paginated,
  type ProfileFields,
} from './common';

/** What the assistant is trained on: the business profile plus Settings' training data (read only). */
export const SOURCE_KINDS = ['profile', 'websites', 'links', 'texts', 'qa', 'files'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** About 4 characters per token (English prose). */
export const CHARS_PER_TOKEN = 4;
/** Binary documents (PDF, Word) hold roughly one character of text per 8 bytes; text files one per byte. */
const BINARY_BYTES_PER_CHAR = 8;
/** Material sent to a real model in one training call. */
const MATERIAL_MAX_CHARS = 24_000;
/** A run still `queued` or `running` after this is given up (no worker took it, or it crashed) and does not block a new one. */
const RUN_STALE_MS = 10 * 60_000;

const SourceStatSchema = Type.Object({
  kind: StringEnum(SOURCE_KINDS),
  count: Type.Integer(),
  characters: Type.Integer(),
  tokens: Type.Integer(),
  /** Items added or edited after the last completed run started. */
  changed: Type.Integer({ description: 'Items added or edited after the last completed run started.' }),
  /** empty: nothing there; trained: in the last completed run, unchanged; not_trained: new, changed or removed since. */
  status: StringEnum(['empty', 'trained', 'not_trained'] as const),
});
export type SourceStat = Static<typeof SourceStatSchema>;

const TrainingRunSchema = Type.Object({
  id: Type.Integer(),
  status: StringEnum(['queued', 'running', 'completed', 'failed'] as const),
  provider: Type.String(),
  model: Type.String(),
  sources: Type.Partial(KeyedObject(SOURCE_KINDS, Type.Integer()), { description: 'How many items of each source the run read.' }),
  tokens: Type.Integer(),
  summary: Type.String(),
  error_code: Nullable(Type.String()),
  started_at: Timestamp(),
  finished_at: Nullable(Timestamp()),
});
export type TrainingRun = Omit<Static<typeof TrainingRunSchema>, 'started_at' | 'finished_at'> & { started_at: string; finished_at: string | null };

const TrainingOverview = Type.Object({
  profile_completed: Type.Boolean(),
  engine: AiEngineSchema,
  sources: Type.Array(SourceStatSchema),
  total: Type.Object({ count: Type.Integer(), tokens: Type.Integer() }),
  needs_training: Type.Boolean(),
  last_completed_run: Nullable(TrainingRunSchema),
  latest_run: Nullable(Type.Object({ ...TrainingRunSchema.properties, error_message: Nullable(Type.String({ description: "error_code in the caller's language." })) })),
});

const TokenEstimate = Type.Object({
  tokens: Type.Integer(),
  characters: Type.Integer(),
  chars_per_token: Type.Integer(),
  by_source: Type.Array(Type.Object({ kind: StringEnum(SOURCE_KINDS), count: Type.Integer(), characters: Type.Integer(), tokens: Type.Integer() })),
  engine: AiEngineSchema,
});

const RUN_COLUMNS = 'id, status, provider, model, sources, tokens, summary, error_code, started_at, finished_at';

const tokensOf = (characters: number) => Math.ceil(characters / CHARS_PER_TOKEN);

async function lastCompletedRun(db: Queryable, accountId: number): Promise<TrainingRun | null> {
  const { rows } = await db.query<TrainingRun>(`SELECT ${RUN_COLUMNS} FROM ai_training_runs WHERE user_id = $1 AND status = 'completed' ORDER BY id DESC LIMIT 1`, [accountId]);
  return rows[0] ?? null;
}

/** Counts, sizes and changes of every source, in one aggregate query per table (bounded per account). */
export async function sourceStats(db: Queryable, accountId: number, profile: ProfileFields | null, since: TrainingRun | null): Promise<SourceStat[]> {
  const after = since ? new Date(since.started_at) : null;
  const aggregate = async (from: string, chars: string, where = ''): Promise<{ count: number; characters: number; changed: number }> => {
    const { rows } = await db.query<{ count: number; characters: number; changed: number }>(
      `SELECT count(*)::int AS count, COALESCE(sum(${chars}), 0)::int AS characters,
              count(*) FILTER (WHERE $2::timestamptz IS NULL OR updated_at > $2::timestamptz)::int AS changed
         FROM ${from} WHERE user_id = $1 ${where}`,
      [accountId, after],
    );
    return rows[0] ?? { count: 0, characters: 0, changed: 0 };
  };
  const profileChars = profile ? Object.values(profileVariables(profile)).reduce((n, v) => n + v.length, 0) : 0;
  const raw: Record<SourceKind, { count: number; characters: number; changed: number }> = {
    profile: { count: profile ? 1 : 0, characters: profileChars, changed: profile && (!after || new Date(profile.updated_at) > after) ? 1 : 0 },
    websites: await aggregate('settings_website_links', 'length(url) + length(title)', "AND kind = 'website'"),
    links: await aggregate('settings_website_links', 'length(url) + length(title)', "AND kind = 'single'"),
    texts: await aggregate('settings_training_texts', 'length(title) + length(content)'),
    qa: await aggregate('settings_training_qa', 'length(question) + length(answer)'),
    files: await aggregate(
      'settings_training_files',
      `CASE WHEN mime_type LIKE 'text/%' OR mime_type IN ('application/json', 'text/csv') THEN size_bytes ELSE size_bytes / ${BINARY_BYTES_PER_CHAR} END`,
    ),
  };
  return SOURCE_KINDS.map((kind) => {
    const { count, characters, changed } = raw[kind];
    const removed = since ? (since.sources[kind] ?? 0) > count - changed : false;
    const status: SourceStat['status'] = count === 0 && !removed ? 'empty' : since && changed === 0 && !removed && (since.sources[kind] ?? 0) === count ? 'trained' : 'not_trained';
    return { kind, count, characters, tokens: tokensOf(characters), changed, status };
  });
}

/** The material a real model reads: profile, texts, Q&A and page titles, cut to MATERIAL_MAX_CHARS. */
async function trainingMaterial(db: Queryable, accountId: number, profile: ProfileFields): Promise<{ material: string; topics: string[] }> {
  const texts = await db.query<{ title: string; content: string }>('SELECT title, content FROM settings_training_texts WHERE user_id = $1 ORDER BY id LIMIT 200', [accountId]);
  const qa = await db.query<{ question: string; answer: string }>('SELECT question, answer FROM settings_training_qa WHERE user_id = $1 ORDER BY id LIMIT 200', [accountId]);
  const pages = await db.query<{ url: string; title: string }>('SELECT url, title FROM settings_website_links WHERE user_id = $1 ORDER BY id LIMIT 200', [accountId]);
  const files = await db.query<{ name: string }>('SELECT name FROM settings_training_files WHERE user_id = $1 ORDER BY id LIMIT 200', [accountId]);
  const parts = [
    ...Object.entries(profileVariables(profile))
      .filter(([, v]) => v)
      .map(([k, v]) => `${k}: ${v}`),
    ...texts.rows.map((r) => `TEXT ${r.title}: ${r.content}`),
    ...qa.rows.map((r) => `Q: ${r.question}\nA: ${r.answer}`),
    ...pages.rows.map((r) => `PAGE ${r.title || r.url} (${r.url})`),
    ...files.rows.map((r) => `FILE ${r.name}`),
  ];
  const topics = [...qa.rows.map((r) => r.question), ...texts.rows.map((r) => r.title)].slice(0, 6);
  return { material: parts.join('\n\n').slice(0, MATERIAL_MAX_CHARS), topics };
}

/** Embedded engine: the knowledge summary, from the profile and the counts of the material. */
registerEmbeddedTemplate('training_summary', (v, lang: Language) => {
  const lines = [
    t(lang, 'ai.tpl.summary', { business_name: v.business_name ?? '', industry: v.industry ?? '', products_services: v.products_services ?? '', target_audience: v.target_audience ?? '' }),
  ];
  if (v.unique_selling_points) lines.push(t(lang, 'ai.tpl.usp', { usp: v.unique_selling_points.replace(/[.\s]+$/, '') }));
  lines.push(t(lang, 'ai.tpl.sources', { texts: v.texts ?? '0', qa: v.qa ?? '0', pages: v.pages ?? '0', files: v.files ?? '0' }));
  if (v.topics) lines.push(t(lang, 'ai.tpl.topics', { topics: v.topics }));
  return lines.join(' ');
});

const SUMMARY_SYSTEM =
  'You are the knowledge base of a sales assistant for the business described below. Condense the material into a short, factual summary (at most 8 sentences) of what the business sells, to whom, and the facts a salesperson needs. Do not invent facts.';

export function trainingRoutes(api: FastifyInstance, { db, clock, queue }: AppDeps): void {
  const guard = aiGuard(api);

  api.get(
    '/api/ai/training',
    { ...guard, schema: { summary: 'What the assistant is trained on: each source with its size and whether it changed since the last run', querystring: objectSchema({}), response: { 200: TrainingOverview } } },
    async (request) => {
      const accountId = await aiAccountId(db, request);
      const profile = await loadProfile(db, accountId);
      const last = await lastCompletedRun(db, accountId);
      const { rows: latest } = await db.query<TrainingRun>(`SELECT ${RUN_COLUMNS} FROM ai_training_runs WHERE user_id = $1 ORDER BY id DESC LIMIT 1`, [accountId]);
      const sources = await sourceStats(db, accountId, profile, last);
      return {
        profile_completed: profileCompleted(profile),
        engine: aiProvider().info,
        sources,
        total: { count: sources.reduce((n, s) => n + s.count, 0), tokens: tokensOf(sources.reduce((n, s) => n + s.characters, 0)) },
        needs_training: !last || sources.some((s) => s.status === 'not_trained'),
        last_completed_run: last,
        latest_run: latest[0] ? { ...latest[0], error_message: latest[0].error_code && latest[0].error_code in MESSAGES ? t(request.lang, latest[0].error_code as MessageCode) : null } : null,
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
        body: objectSchema({ sources: { type: 'array', items: { type: 'string', enum: SOURCE_KINDS }, uniqueItems: true, minItems: 1, maxItems: SOURCE_KINDS.length } }),
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
    { ...guard, schema: { summary: 'Your training runs (paginated), newest first', querystring: objectSchema(pageQuerySchema), response: { 200: Page(TrainingRunSchema) } } },
    async (request): Promise<Paginated<TrainingRun>> => {
      const accountId = await aiAccountId(db, request);
      const { page, pageSize } = request.query;
      const { rows } = await db.query<TrainingRun>(`SELECT ${RUN_COLUMNS} FROM ai_training_runs WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`, [accountId, pageSize, (page - 1) * pageSize]);
      const count = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM ai_training_runs WHERE user_id = $1', [accountId]);
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
    { ...guard, schema: { summary: 'Train or refresh the assistant (queued; follow it on GET /api/ai/training)', body: objectSchema({}), response: { 202: Type.Object({ ...MessageProperties, data: TrainingRunSchema }) } } },
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
        const busy = await tx.query(`SELECT 1 FROM ai_training_runs WHERE user_id = $1 AND status IN ('queued', 'running')`, [accountId]);
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

/** The effect key of a run's model call (external_effects, kind ai_call). */
export const trainingEffectKey = (runId: number) => `ai-training:${runId}`;

/**
 * The worker's side of a training run (job `ai-training`): marks it running, reads the material,
 * asks the model with no transaction open (the call recorded beforehand under
 * `ai-training:<run>`), then stores the summary and settles the call in one transaction. Run again
 * (a retry after a crash, a second worker), it does nothing to a finished run and makes no second
 * call while the first is in flight; a call left in flight by a dead worker is made again (same
 * key) once its lease has run out. A provider failure fails the run with its error code.
 */
export async function runTraining(db: Db, runId: number, now: () => Date): Promise<void> {
  const run = (
    await db.query<{ user_id: number; language: string }>(
      `UPDATE ai_training_runs SET status = 'running' WHERE id = $1 AND status IN ('queued', 'running') RETURNING user_id, language`,
      [runId],
    )
  ).rows[0];
  if (!run) return;
  const key = trainingEffectKey(runId);
  if (!(await claimEffects(db, 'ai_call', [key])).size) return;
  const language: Language = isLanguage(run.language) ? run.language : 'en';
  const profile = await loadProfile(db, run.user_id);
  if (!profile) {
    await finishRun(db, runId, key, { ok: false, code: 'ai.profile_incomplete' }, now());
    return;
  }
  const counts = Object.fromEntries((await sourceStats(db, run.user_id, profile, null)).map((s) => [s.kind, s.count]));
  const { material, topics } = await trainingMaterial(db, run.user_id, profile);
  let outcome: { ok: true; summary: string } | { ok: false; code: string };
  try {
    const result = await aiProvider().generate({
      task: 'training_summary',
      system: SUMMARY_SYSTEM,
      prompt: 'Material:\n{material}',
      variables: {
        ...profileVariables(profile),
        material,
        texts: String(counts.texts ?? 0),
        qa: String(counts.qa ?? 0),
        pages: String((counts.websites ?? 0) + (counts.links ?? 0)),
        files: String(counts.files ?? 0),
        topics: topics.join('; '),
      },
      maxTokens: 600,
      language,
    });
    outcome = { ok: true, summary: result.text };
  } catch (error) {
    outcome = { ok: false, code: error instanceof AiProviderError ? error.code : 'ai.provider_unavailable' };
  }
  await finishRun(db, runId, key, outcome, now());
}

async function finishRun(db: Db, runId: number, key: string, outcome: { ok: true; summary: string } | { ok: false; code: string }, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (outcome.ok) {
      await tx.query(`UPDATE ai_training_runs SET status = 'completed', summary = $2, error_code = NULL, finished_at = $3 WHERE id = $1 AND status = 'running'`, [runId, outcome.summary, at]);
    } else {
      await tx.query(`UPDATE ai_training_runs SET status = 'failed', error_code = $2, finished_at = $3 WHERE id = $1 AND status = 'running'`, [runId, outcome.code, at]);
    }
    await settleEffects(tx, [{ key, ok: outcome.ok, outcome: outcome.ok ? { characters: outcome.summary.length } : { error: outcome.code } }]);
  });
}
