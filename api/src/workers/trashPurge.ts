import type { Clock } from '../clock';
import type { Db } from '../db';
import type { JobQueue } from '../queue/jobQueue';
import { purgeTrash } from '../modules/leadSearch/listOperations.repository';

export const TRASH_PURGE = 'trash-purge';

/**
 * Lists deleted more than TRASH_RETENTION_DAYS ago are deleted for good, with their results: hourly by pg-boss's
 * cron (one run per slot across worker processes; `stately`, so a retry and the next slot never run at once).
 * Each batch is its own statement, so a crash mid-run leaves the rest for the next run.
 */
export function defineTrashPurge(queue: JobQueue, db: Db, clock: Clock): void {
  queue.define(
    TRASH_PURGE,
    { policy: 'stately', expireInSeconds: 600, retryLimit: 2, retryDelay: 60, concurrency: 1, cron: '23 * * * *' },
    async () => {
      await purgeTrash(db, clock.now());
    },
  );
}
