import type { Db, Queryable } from '../db';
import { EFFECT_LEASE_SECONDS } from '../effects/externalEffects';
import { aiProvider } from '../providers/ai';
import type { JobQueue } from '../queue/jobQueue';
import { stepAiJob } from '../modules/leadSearch/aiActionJob.service';

export const AI_JOB = 'ai-list-action';

/** Enqueues an AI list action's steps (stately by job: one queued and one running per action). */
export async function enqueueAiJob(queue: JobQueue, jobId: number, tx?: Queryable): Promise<void> {
  await queue.send(AI_JOB, { jobId }, { tx, singletonKey: `ai:${jobId}` });
}

/**
 * AI list actions: steps of 10 results until the job's rows are all done. Each result's calls are
 * recorded by key (external_effects `ai:<job>:<result>`) before they are made, so a retry after a
 * crash or a second worker never asks about a result twice and never skips one.
 */
export function defineAiJobWorker(queue: JobQueue, db: Db): void {
  queue.define<{ jobId: number }>(
    AI_JOB,
    { policy: 'stately', expireInSeconds: EFFECT_LEASE_SECONDS, retryLimit: 10, retryDelay: 5, concurrency: 2 },
    async ({ jobId }) => {
      while (await stepAiJob(db, aiProvider(), jobId));
    },
  );
}
