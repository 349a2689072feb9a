import type { Db, Queryable } from '../db';
import { EFFECT_LEASE_SECONDS } from '../effects/externalEffects';
import type { JobQueue } from '../queue/jobQueue';
import { stepCrmSendJob } from '../modules/leadSearch/crmSendJob.service';

export const CRM_SEND_JOB = 'crm-send';

/** Enqueues a send job's batches (stately by job: one queued and one running per send). */
export async function enqueueCrmSend(queue: JobQueue, jobId: number, tx?: Queryable): Promise<void> {
  await queue.send(CRM_SEND_JOB, { jobId }, { tx, singletonKey: `crm-send:${jobId}` });
}

/**
 * The send worker: the job's batches one after the other until every row is sent or unsent. A
 * retry after a crash resumes with the rows still "sending"; a row whose push was recorded as
 * started is pushed again only after its lease ran out (EFFECT_LEASE_SECONDS, the same as the job's
 * expiry), and the CRMs' upserts match by email.
 */
export function defineCrmSendWorker(queue: JobQueue, db: Db, appSecret: string, now: () => Date): void {
  queue.define<{ jobId: number }>(
    CRM_SEND_JOB,
    { policy: 'stately', expireInSeconds: EFFECT_LEASE_SECONDS, retryLimit: 10, retryDelay: 1, concurrency: 2 },
    async ({ jobId }) => {
      while (await stepCrmSendJob(db, appSecret, jobId, now));
    },
  );
}
