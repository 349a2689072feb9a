import type { Db, Queryable } from '../db';
import { EFFECT_LEASE_SECONDS } from '../effects/externalEffects';
import type { JobQueue } from '../queue/jobQueue';
import { runJobStep } from '../routes/leadSearch/searchJobs';

export const SEARCH_JOB = 'search-job';

/**
 * A job runs steps back to back for at most this long, then hands the rest to a fresh job: a job
 * stays short, so its expiry (below) bounds how long the work of a dead worker waits.
 */
const SLICE_MS = 15_000;

/**
 * Enqueues the next steps of a search job (in the caller's transaction when given). The queue is
 * `stately` by job id: at most one queued and one running per search job, so a second send while
 * one is queued is a no-op and two workers never step the same search at once.
 */
export async function enqueueSearchJob(queue: JobQueue, jobId: number, tx?: Queryable): Promise<void> {
  await queue.send(SEARCH_JOB, { jobId }, { tx, singletonKey: `search:${jobId}` });
}

/**
 * Search jobs: steps run without pause until the job is done, stopped, or (intent) waiting for
 * the next visit. Idempotent: a step re-reads the job and stores nothing if another step got there
 * first, so a retry after a crash resumes where the last committed step left off.
 */
export function defineSearchWorker(queue: JobQueue, db: Db): void {
  queue.define<{ jobId: number }>(SEARCH_JOB, { policy: 'stately', expireInSeconds: EFFECT_LEASE_SECONDS, retryLimit: 10, retryDelay: 2, concurrency: 2 }, async ({ jobId }) => {
    const until = Date.now() + SLICE_MS;
    for (;;) {
      const outcome = await runJobStep(db, jobId);
      if (outcome !== 'running') return;
      if (Date.now() > until) {
        await enqueueSearchJob(queue, jobId);
        return;
      }
    }
  });
}
