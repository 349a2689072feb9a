/**
 * AI training runs: what the assistant is trained on (sources and their sizes) and the run itself,
 * which the `ai-training` worker (api/src/workers/aiTraining.ts) carries out. training.service.ts
 * queues runs; it is apart from this file because it enqueues through the worker's module, which
 * imports this one.
 */
import type { Db, Queryable } from '../../db';
import { claimEffects, settleEffects } from '../../effects/externalEffects';
import { isLanguage, t, type Language } from '../../i18n/messages';
import { AiProviderError, aiProvider, registerEmbeddedTemplate } from '../../providers/ai';
import { profileVariables } from './common';
import { loadProfile, type ProfileFields } from './profile.repository';
import { endRun, sourceAggregate, startRun, trainingItems, type SourceAggregate } from './training.repository';
import { SOURCE_KINDS, type SourceKind, type SourceStat, type TrainingRun } from './training.schemas';

/** About 4 characters per token (English prose). */
export const CHARS_PER_TOKEN = 4;
/** Binary documents (PDF, Word) hold roughly one character of text per 8 bytes; text files one per byte. */
const BINARY_BYTES_PER_CHAR = 8;
/** Material sent to a real model in one training call. */
const MATERIAL_MAX_CHARS = 24_000;

export const tokensOf = (characters: number) => Math.ceil(characters / CHARS_PER_TOKEN);

/** Counts, sizes and changes of every source, in one aggregate query per table (bounded per account). */
export async function sourceStats(
  db: Queryable,
  accountId: number,
  profile: ProfileFields | null,
  since: TrainingRun | null,
): Promise<SourceStat[]> {
  const after = since ? new Date(since.started_at) : null;
  const aggregate = (from: string, chars: string, where = ''): Promise<SourceAggregate> =>
    sourceAggregate(db, accountId, after, from, chars, where);
  const profileChars = profile ? Object.values(profileVariables(profile)).reduce((n, v) => n + v.length, 0) : 0;
  const raw: Record<SourceKind, SourceAggregate> = {
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
  const { texts, qa, pages, files } = await trainingItems(db, accountId);
  const parts = [
    ...Object.entries(profileVariables(profile))
      .filter(([, v]) => v)
      .map(([k, v]) => `${k}: ${v}`),
    ...texts.map((r) => `TEXT ${r.title}: ${r.content}`),
    ...qa.map((r) => `Q: ${r.question}\nA: ${r.answer}`),
    ...pages.map((r) => `PAGE ${r.title || r.url} (${r.url})`),
    ...files.map((r) => `FILE ${r.name}`),
  ];
  const topics = [...qa.map((r) => r.question), ...texts.map((r) => r.title)].slice(0, 6);
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
  const run = await startRun(db, runId);
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
    await endRun(tx, runId, outcome, at);
    await settleEffects(tx, [
      { key, ok: outcome.ok, outcome: outcome.ok ? { characters: outcome.summary.length } : { error: outcome.code } },
    ]);
  });
}
