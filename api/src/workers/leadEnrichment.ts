import type { Clock } from '../clock';
import type { Db, Queryable } from '../db';
import { EFFECT_LEASE_SECONDS } from '../effects/externalEffects';
import type { MailDeps } from '../mail/templatedMail';
import { freshLeadSources } from '../providers/leads/sourceSettings';
import type { JobQueue } from '../queue/jobQueue';
import { failEnrichmentJob, stepEnrichmentJob } from '../modules/leadSearch/enrichmentJob.service';

export const LEAD_ENRICHMENT = 'lead-enrichment';
/** Retries of a step whose vendor failed (or whose worker died) before the job is recorded as failed. */
const RETRIES = 3;

/** Enqueues an enrichment job's next step (stately by job: one queued and one running per job). */
export async function enqueueEnrichmentJob(queue: JobQueue, jobId: number, tx?: Queryable): Promise<void> {
  await queue.send(LEAD_ENRICHMENT, { jobId }, { tx, singletonKey: `enrich:${jobId}` });
}

/**
 * Get phones / get employees / influencer enrich (`enrichment_jobs`): steps of at most 15 s of
 * vendor look-ups, each look-up keyed `lead_lookup` in external_effects (`<kind>:<result>`) and
 * charged in the transaction that stores it, the job's cursor moved in that same transaction; a
 * step that leaves rows hands them to a fresh job. A step retried after a crash resumes after the
 * last stored chunk; after RETRIES failed attempts the job is recorded as failed.
 */
export function defineLeadEnrichmentWorker(queue: JobQueue, db: Db, mail?: MailDeps, clock?: Clock): void {
  queue.define<{ jobId: number }>(
    LEAD_ENRICHMENT,
    {
      policy: 'stately',
      expireInSeconds: EFFECT_LEASE_SECONDS,
      retryLimit: RETRIES,
      retryDelay: 5,
      retryBackoff: true,
      concurrency: 2,
    },
    async ({ jobId }, attempt) => {
      let more: boolean;
      await freshLeadSources();
      try {
        more = await stepEnrichmentJob(db, jobId, mail, clock ? () => clock.now() : undefined);
      } catch (error) {
        if (attempt.retryCount < RETRIES) throw error;
        await failEnrichmentJob(db, jobId);
        return;
      }
      if (more) await enqueueEnrichmentJob(queue, jobId);
    },
  );
}
