import type { Clock } from '../clock';
import type { Db, Queryable } from '../db';
import { currentEmailFinder } from '../providers/leads/emailFinder';
import { freshLeadSources } from '../providers/leads/sourceSettings';
import type { JobQueue } from '../queue/jobQueue';
import { failImport } from '../modules/leadSearch/listImports.repository';
import { stepImport } from '../modules/leadSearch/listImportJob.service';
import { enqueueEmailVerify } from './emailVerify';

export const LIST_IMPORT = 'list-import';
const RETRIES = 3;

/** Enqueues an import's next step (stately by import: one queued and one running per import). */
export async function enqueueListImport(queue: JobQueue, importId: number, tx?: Queryable): Promise<void> {
  await queue.send(LIST_IMPORT, { importId }, { tx, singletonKey: `list-import:${importId}` });
}

/**
 * A CSV import (listImportJob.service.ts): steps of ~10 s of 500-row chunks, each chunk's rows, report lines and figures
 * committed with the import's cursor; a step retried after a crash resumes after the last committed chunk. The last
 * chunk records the list's history event and queues the grading of the list's new emails.
 */
export function defineListImportWorker(queue: JobQueue, db: Db, clock: Clock): void {
  queue.define<{ importId: number }>(
    LIST_IMPORT,
    { policy: 'stately', expireInSeconds: 120, retryLimit: RETRIES, retryDelay: 5, retryBackoff: true, concurrency: 1 },
    async ({ importId }, attempt) => {
      await freshLeadSources();
      let more: boolean;
      try {
        more = await stepImport(db, importId, {
          finder: currentEmailFinder(),
          now: () => clock.now(),
          onDone: (tx, _id, campaignId) => enqueueEmailVerify(queue, campaignId, tx),
        });
      } catch (error) {
        if (attempt.retryCount < RETRIES) throw error;
        await failImport(db, importId);
        return;
      }
      if (more) await enqueueListImport(queue, importId);
    },
  );
}
