import type { Db, Queryable } from '../db';
import { EFFECT_LEASE_SECONDS, secondsFromEnv } from '../effects/externalEffects';
import type { MailDeps } from '../mail/templatedMail';
import { freshLeadSources } from '../providers/leads/sourceSettings';
import type { JobQueue } from '../queue/jobQueue';
import { failSearchJob, runJobStep, SearchCursors } from '../modules/leadSearch/searchJobs.service';

export const SEARCH_JOB = 'search-job';
/** Where a search job goes when its last attempt failed: it ends the search as failed (pg-boss dead letter). */
export const SEARCH_JOB_FAILED = 'search-job-failed';

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
 *
 * A step that keeps failing (a source down for longer than the retries last, a bug) is retried
 * `SEARCH_JOB_RETRIES` times (10) `SEARCH_JOB_RETRY_DELAY_SECONDS` apart (2); after the last
 * attempt, or when the worker died on it, pg-boss hands the job to SEARCH_JOB_FAILED, which ends the
 * search as failed (the list says so; only the results already stored are kept and charged), or,
 * when its source could not be reached before it found anything, goes on with labelled, free demo data.
 */
/** `secret` (APP_SECRET) opens the user's own Google API key a local search uses (users/googleApiKeys.ts). */
export function defineSearchWorker(queue: JobQueue, db: Db, mail?: MailDeps, secret: string | null = null): void {
  const retryLimit = secondsFromEnv('SEARCH_JOB_RETRIES', 10, 0, 50);
  const retryDelay = secondsFromEnv('SEARCH_JOB_RETRY_DELAY_SECONDS', 2, 0, 600);
  queue.define<{ jobId: number }>(
    SEARCH_JOB_FAILED,
    { expireInSeconds: 60, retryLimit: 5, retryDelay: 5, concurrency: 1 },
    async ({ jobId }) => {
      // A search no real source could answer goes on with demo data: its steps are queued again.
      if ((await failSearchJob(db, jobId, mail)) === 'running') await enqueueSearchJob(queue, jobId);
    },
  );
  queue.define<{ jobId: number }>(
    SEARCH_JOB,
    {
      policy: 'stately',
      expireInSeconds: EFFECT_LEASE_SECONDS,
      retryLimit,
      retryDelay,
      concurrency: 2,
      deadLetter: SEARCH_JOB_FAILED,
    },
    async ({ jobId }) => {
      const until = Date.now() + SLICE_MS;
      // The source's answer is read across the steps of this run: a step that stores early leaves the rest to the next.
      const cursors = new SearchCursors();
      // The job's source as Admin → Searchers has it now (another process may have changed it).
      await freshLeadSources();
      try {
        for (;;) {
          const outcome = await runJobStep(db, jobId, cursors, mail, secret);
          if (outcome !== 'running') return;
          if (Date.now() > until) {
            await enqueueSearchJob(queue, jobId);
            return;
          }
        }
      } finally {
        cursors.closeAll();
      }
    },
  );
}
