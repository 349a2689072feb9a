import type { Clock } from '../clock';
import type { Db, Queryable } from '../db';
import type { MailDeps } from '../mail/templatedMail';
import type { JobQueue } from '../queue/jobQueue';
import { failListExport, purgeExpiredExports, stepListExport } from '../modules/leadSearch/listExportJob.service';
import type { ObjectStorageConfig } from '../storage/config';

export const LIST_EXPORT = 'list-export';
/** Hourly: finished files past EXPORT_RETENTION_DAYS are removed and their exports marked expired. */
export const LIST_EXPORT_PURGE = 'list-export-purge';
/** Retries of a step (a database or object-store failure, a worker that died) before the export is recorded as failed. */
const RETRIES = 3;

/** Enqueues an export's next step (stately by export: one queued and one running per export). */
export async function enqueueListExport(queue: JobQueue, exportId: number, tx?: Queryable): Promise<void> {
  await queue.send(LIST_EXPORT, { exportId }, { tx, singletonKey: `list-export:${exportId}` });
}

/**
 * A background CSV export (listExportJob.service.ts): steps of ~10 s of chunks, each chunk recorded with the
 * export's cursor, the rest handed to a fresh job; a step retried after a crash resumes after the last
 * recorded chunk. After RETRIES failed attempts the export is recorded as failed. The hourly purge
 * removes finished files past their retention.
 */
export function defineListExportWorker(
  queue: JobQueue,
  db: Db,
  clock: Clock,
  deps: { objectStorage?: ObjectStorageConfig | null; mail?: MailDeps },
): void {
  queue.define<{ exportId: number }>(
    LIST_EXPORT,
    { policy: 'stately', expireInSeconds: 120, retryLimit: RETRIES, retryDelay: 5, retryBackoff: true, concurrency: 1 },
    async ({ exportId }, attempt) => {
      let more: boolean;
      try {
        more = await stepListExport(db, exportId, {
          objectStorage: deps.objectStorage,
          mail: deps.mail,
          now: () => clock.now(),
        });
      } catch (error) {
        if (attempt.retryCount < RETRIES) throw error;
        await failListExport(db, exportId, clock.now(), deps.objectStorage);
        return;
      }
      if (more) await enqueueListExport(queue, exportId);
    },
  );
  // One run per hour slot across the worker processes (pg-boss cron); a run is idempotent (listExportJob.service.ts).
  queue.define(
    LIST_EXPORT_PURGE,
    { policy: 'stately', expireInSeconds: 900, retryLimit: 2, retryDelay: 60, concurrency: 1, cron: '41 * * * *' },
    async () => {
      await purgeExpiredExports(db, clock.now(), deps.objectStorage);
    },
  );
}
