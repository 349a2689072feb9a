/** AI → Training: what the screen shows, the token estimate, and queueing a run (the worker's side is trainingJob.service.ts). */
import type { Db, Queryable } from '../../db';
import { unprocessable } from '../../http/errors';
import { MESSAGES, t, type Language, type MessageCode } from '../../i18n/messages';
import { aiProvider } from '../../providers/ai';
import type { JobQueue } from '../../queue/jobQueue';
import { enqueueTrainingRun } from '../../workers/aiTraining';
import { profileCompleted, requireCompletedProfile } from './common';
import { loadProfile } from './profile.repository';
import {
  abandonStaleRuns,
  hasActiveRun,
  insertQueuedRun,
  lastCompletedRun,
  latestRun,
  lockAccount,
} from './training.repository';
import { SOURCE_KINDS, type SourceKind, type TrainingRun } from './training.schemas';
import { CHARS_PER_TOKEN, sourceStats, tokensOf } from './trainingJob.service';

/** A run still `queued` or `running` after this is given up (no worker took it, or it crashed) and does not block a new one. */
const RUN_STALE_MS = 10 * 60_000;

/** Each source with its size and whether it changed since the last completed run; the runs; whether to train again. */
export async function trainingOverview(db: Queryable, accountId: number, lang: Language) {
  const profile = await loadProfile(db, accountId);
  const last = await lastCompletedRun(db, accountId);
  const latest = await latestRun(db, accountId);
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
    latest_run: latest
      ? {
          ...latest,
          error_message:
            latest.error_code && latest.error_code in MESSAGES ? t(lang, latest.error_code as MessageCode) : null,
        }
      : null,
  };
}

/** Spec §7 `calculate-tokens-ai-training`: the estimate for the chosen sources (all by default). */
export async function estimateTokens(db: Queryable, accountId: number, chosenSources?: readonly SourceKind[]) {
  const profile = await loadProfile(db, accountId);
  const chosen = new Set<SourceKind>(chosenSources ?? SOURCE_KINDS);
  const stats = (await sourceStats(db, accountId, profile, null)).filter((s) => chosen.has(s.kind));
  const characters = stats.reduce((n, s) => n + s.characters, 0);
  return {
    tokens: tokensOf(characters),
    characters,
    chars_per_token: CHARS_PER_TOKEN,
    by_source: stats.map(({ kind, count, characters: c, tokens }) => ({ kind, count, characters: c, tokens })),
    engine: aiProvider().info,
  };
}

/**
 * Train / refresh: records a queued run and enqueues its `ai-training` job in the same transaction
 * (api/src/workers/aiTraining.ts); the model is asked by a worker, never here. Needs a completed
 * profile (422 `ai.profile_incomplete`); one run at a time per account (422 `ai.training_running`),
 * a run stuck for longer than RUN_STALE_MS given up first.
 */
export async function queueTrainingRun(
  db: Db,
  queue: JobQueue,
  { accountId, language, now }: { accountId: number; language: Language; now: Date },
): Promise<TrainingRun> {
  const profile = await requireCompletedProfile(db, accountId);
  const provider = aiProvider();
  const stats = await sourceStats(db, accountId, profile, null);
  const counts = Object.fromEntries(stats.map((s) => [s.kind, s.count]));
  const tokens = tokensOf(stats.reduce((n, s) => n + s.characters, 0));
  return db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    // A run queued or running for longer than RUN_STALE_MS is given up (its worker may still end it: it finds it failed and stops).
    await abandonStaleRuns(tx, accountId, now, new Date(now.getTime() - RUN_STALE_MS));
    if (await hasActiveRun(tx, accountId)) throw unprocessable('ai.training_running');
    const created = await insertQueuedRun(tx, {
      accountId,
      provider: provider.info.provider,
      model: provider.info.model,
      sources: counts,
      tokens,
      now,
      language,
    });
    await enqueueTrainingRun(queue, created.id, tx);
    return created;
  });
}
