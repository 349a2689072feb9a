import type { Clock } from '../clock';
import type { Db } from '../db';
import type { ObjectStorageConfig } from '../storage/config';
import type { JobQueue } from '../queue/jobQueue';
import { privacySweep, runAccountExport } from '../ops/personalData';
import { failExport } from '../modules/settings/privacy.repository';

export const ACCOUNT_EXPORT = 'account-export';
export const PRIVACY_SWEEP = 'privacy-sweep';

/**
 * Personal-data work (ops/personalData.ts): an account's export archive, built once per request
 * (a retry finds it ready and stops); and the hourly sweep — accounts past their deletion grace
 * period erased, results older than an account's retention removed, expired archives dropped. Each
 * step is idempotent: a second run finds nothing due.
 */
export function definePrivacyWorkers(
  queue: JobQueue,
  db: Db,
  clock: Clock,
  objectStorage: ObjectStorageConfig | null | undefined,
): void {
  queue.define<{ exportId: number }>(
    ACCOUNT_EXPORT,
    { expireInSeconds: 600, retryLimit: 2, retryDelay: 30, concurrency: 1 },
    async ({ exportId }, job) => {
      try {
        await runAccountExport(db, exportId, objectStorage, () => clock.now());
      } catch (error) {
        if (job.retryCount >= 2) await failExport(db, exportId, String(error instanceof Error ? error.message : error));
        throw error;
      }
    },
  );
  queue.define(
    PRIVACY_SWEEP,
    { policy: 'stately', expireInSeconds: 900, retryLimit: 2, retryDelay: 60, concurrency: 1, cron: '23 * * * *' },
    async () => {
      await privacySweep(db, objectStorage, clock.now());
    },
  );
}
