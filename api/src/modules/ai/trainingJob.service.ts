/**
 * AI training runs: what the assistant is trained on (sources and their sizes) and the run itself,
 * which the `ai-training` worker (api/src/workers/aiTraining.ts) carries out. The routes in
 * training.ts show and queue runs.
 */
import type { Db, Queryable } from '../../db';
import { claimEffects, settleEffects } from '../../effects/externalEffects';
import { KeyedObject, Nullable, StringEnum, Timestamp, Type, type Static } from '../../http/contract';
import { isLanguage, t, type Language } from '../../i18n/messages';
import { AiProviderError, aiProvider, registerEmbeddedTemplate } from '../../providers/ai';
import { loadProfile, profileVariables, type ProfileFields } from './common';

/** What the assistant is trained on: the business profile plus Settings' training data (read only). */
export const SOURCE_KINDS = ['profile', 'websites', 'links', 'texts', 'qa', 'files'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** About 4 characters per token (English prose). */
export const CHARS_PER_TOKEN = 4;
/** Binary documents (PDF, Word) hold roughly one character of text per 8 bytes; text files one per byte. */
const BINARY_BYTES_PER_CHAR = 8;
/** Material sent to a real model in one training call. */
const MATERIAL_MAX_CHARS = 24_000;

export const SourceStatSchema = Type.Object({
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

export const TrainingRunSchema = Type.Object({
  id: Type.Integer(),
  status: StringEnum(['queued', 'running', 'completed', 'failed'] as const),
  provider: Type.String(),
  model: Type.String(),
  sources: Type.Partial(KeyedObject(SOURCE_KINDS, Type.Integer()), {
    description: 'How many items of each source the run read.',
  }),
  tokens: Type.Integer(),
  summary: Type.String(),
  error_code: Nullable(Type.String()),
  started_at: Timestamp(),
  finished_at: Nullable(Timestamp()),
});
export type TrainingRun = Omit<Static<typeof TrainingRunSchema>, 'started_at' | 'finished_at'> & {
  started_at: string;
  finished_at: string | null;
};

export const tokensOf = (characters: number) => Math.ceil(characters / CHARS_PER_TOKEN);

/** Counts, sizes and changes of every source, in one aggregate query per table (bounded per account). */
export async function sourceStats(
  db: Queryable,
  accountId: number,
  profile: ProfileFields | null,
  since: TrainingRun | null,
): Promise<SourceStat[]> {
  const after = since ? new Date(since.started_at) : null;
  const aggregate = async (
    from: string,
    chars: string,
    where = '',
  ): Promise<{ count: number; characters: number; changed: number }> => {
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
    profile: {
      count: profile ? 1 : 0,
      characters: profileChars,
      changed: profile && (!after || new Date(profile.updated_at) > after) ? 1 : 0,
    },
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
    const status: SourceStat['status'] =
      count === 0 && !removed
        ? 'empty'
        : since && changed === 0 && !removed && (since.sources[kind] ?? 0) === count
          ? 'trained'
          : 'not_trained';
    return { kind, count, characters, tokens: tokensOf(characters), changed, status };
  });
}

/** The material a real model reads: profile, texts, Q&A and page titles, cut to MATERIAL_MAX_CHARS. */
async function trainingMaterial(
  db: Queryable,
  accountId: number,
  profile: ProfileFields,
): Promise<{ material: string; topics: string[] }> {
  const texts = await db.query<{ title: string; content: string }>(
    'SELECT title, content FROM settings_training_texts WHERE user_id = $1 ORDER BY id LIMIT 200',
    [accountId],
  );
  const qa = await db.query<{ question: string; answer: string }>(
    'SELECT question, answer FROM settings_training_qa WHERE user_id = $1 ORDER BY id LIMIT 200',
    [accountId],
  );
  const pages = await db.query<{ url: string; title: string }>(
    'SELECT url, title FROM settings_website_links WHERE user_id = $1 ORDER BY id LIMIT 200',
    [accountId],
  );
  const files = await db.query<{ name: string }>(
    'SELECT name FROM settings_training_files WHERE user_id = $1 ORDER BY id LIMIT 200',
    [accountId],
  );
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
    t(lang, 'ai.tpl.summary', {
      business_name: v.business_name ?? '',
      industry: v.industry ?? '',
      products_services: v.products_services ?? '',
      target_audience: v.target_audience ?? '',
    }),
  ];
  if (v.unique_selling_points)
    lines.push(t(lang, 'ai.tpl.usp', { usp: v.unique_selling_points.replace(/[.\s]+$/, '') }));
  lines.push(
    t(lang, 'ai.tpl.sources', { texts: v.texts ?? '0', qa: v.qa ?? '0', pages: v.pages ?? '0', files: v.files ?? '0' }),
  );
  if (v.topics) lines.push(t(lang, 'ai.tpl.topics', { topics: v.topics }));
  return lines.join(' ');
});

const SUMMARY_SYSTEM =
  'You are the knowledge base of a sales assistant for the business described below. Condense the material into a short, factual summary (at most 8 sentences) of what the business sells, to whom, and the facts a salesperson needs. Do not invent facts.';

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

async function finishRun(
  db: Db,
  runId: number,
  key: string,
  outcome: { ok: true; summary: string } | { ok: false; code: string },
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (outcome.ok) {
      await tx.query(
        `UPDATE ai_training_runs SET status = 'completed', summary = $2, error_code = NULL, finished_at = $3 WHERE id = $1 AND status = 'running'`,
        [runId, outcome.summary, at],
      );
    } else {
      await tx.query(
        `UPDATE ai_training_runs SET status = 'failed', error_code = $2, finished_at = $3 WHERE id = $1 AND status = 'running'`,
        [runId, outcome.code, at],
      );
    }
    await settleEffects(tx, [
      { key, ok: outcome.ok, outcome: outcome.ok ? { characters: outcome.summary.length } : { error: outcome.code } },
    ]);
  });
}
