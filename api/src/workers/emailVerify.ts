import type { Clock } from '../clock';
import type { Db, Queryable } from '../db';
import { emailGrader, checksGrader } from '../providers/leads/emailGrades';
import { dnsResolverFromEnv } from '../providers/leads/domain/engine';
import { freshLeadSources } from '../providers/leads/sourceSettings';
import type { JobQueue } from '../queue/jobQueue';
import { EMAIL_VERIFY, emailVerifyKey } from '../modules/leadSearch/emailGrades.repository';
import { gradeListEmails } from '../modules/leadSearch/emailGrades.service';

const RETRIES = 3;

/** Enqueues the grading of a list's ungraded emails (stately by list: one queued and one running per list). */
export async function enqueueEmailVerify(queue: JobQueue, campaignId: number, tx?: Queryable): Promise<void> {
  await queue.send(EMAIL_VERIFY, { campaignId }, { tx, singletonKey: emailVerifyKey(campaignId) });
}

/**
 * Grades a list's emails (modules/leadSearch/emailGrades.service.ts): steps of at most 15 s, each chunk's grades stored only on rows
 * still ungraded, the rest handed to a fresh job. A step retried after a crash starts again at the first
 * ungraded row, so it asks again only about the chunk it had not stored. No grader configured: the keyless checks.
 */
export function defineEmailVerifyWorker(queue: JobQueue, db: Db, clock: Clock): void {
  queue.define<{ campaignId: number }>(
    EMAIL_VERIFY,
    { policy: 'stately', expireInSeconds: 120, retryLimit: RETRIES, retryDelay: 5, retryBackoff: true, concurrency: 1 },
    async ({ campaignId }) => {
      await freshLeadSources();
      const grader = emailGrader(() => checksGrader(dnsResolverFromEnv()));
      if (await gradeListEmails(db, campaignId, grader, { now: () => clock.now() }))
        await enqueueEmailVerify(queue, campaignId);
    },
  );
}
