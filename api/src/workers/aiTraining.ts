import type { Clock } from '../clock';
import type { Db, Queryable } from '../db';
import { EFFECT_LEASE_SECONDS } from '../effects/externalEffects';
import type { JobQueue } from '../queue/jobQueue';
import { runTraining } from '../modules/ai/trainingJob.service';

export const AI_TRAINING = 'ai-training';

/** Enqueues a training run in the transaction that records it as queued (one job per run). */
export async function enqueueTrainingRun(queue: JobQueue, runId: number, tx: Queryable): Promise<void> {
  await queue.send(AI_TRAINING, { runId }, { tx, singletonKey: `ai-training:${runId}` });
}

/**
 * AI training runs (AI → Training, "Train assistant"): one model call per run, recorded in
 * external_effects (`ai-training:<run>`) before it is made and settled with the run's outcome. A
 * run whose worker died is taken back after the job's expiry and its call made again only if it
 * never finished.
 */
export function defineAiTrainingWorker(queue: JobQueue, db: Db, clock: Clock): void {
  queue.define<{ runId: number }>(
    AI_TRAINING,
    { policy: 'stately', expireInSeconds: EFFECT_LEASE_SECONDS, retryLimit: 3, retryDelay: 5, concurrency: 2 },
    async ({ runId }) => runTraining(db, runId, () => clock.now()),
  );
}
