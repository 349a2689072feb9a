import { isoDate, type Clock } from '../clock';
import type { Db } from '../db';
import type { JobQueue } from '../queue/jobQueue';
import { applyLimitReset, limitResetCandidates } from '../users/limitReset';
import { lockUserRow } from '../users/users';

export const LIMIT_RESETS = 'limit-resets';

/** Users read per statement by the sweep. */
const BATCH = 500;

/**
 * Resets the search limit of every user whose monthly reset date (spec §4, same date next month,
 * on the rule of schedule/recurrence.ts) has come, each in its own transaction with the user row
 * locked: the same applyLimitReset the searches and /api/user-limits run lazily. Idempotent per
 * period: a reset moves last_reset_date to the period's date, so a second run in the same period
 * (another process, the cron and a retry at once) finds nothing due. Returns how many users it reset.
 */
export async function resetDueLimits(db: Db, today: string): Promise<number> {
  let after = 0;
  let reset = 0;
  for (;;) {
    const ids = await limitResetCandidates(db, today, after, BATCH);
    if (ids.length === 0) return reset;
    for (const id of ids) {
      const done = await db.transaction(async (tx) => {
        await lockUserRow(tx, id);
        return (await applyLimitReset(tx, id, today)).reset;
      });
      if (done) reset += 1;
    }
    after = ids[ids.length - 1]!;
  }
}

/**
 * The monthly search-limit reset as scheduled queue work: hourly by pg-boss's cron (one run per
 * slot across worker processes), so a user's limit is back within the hour after midnight UTC of
 * the reset date even when they do not come back; reads still reset lazily in between.
 */
export function defineLimitResets(queue: JobQueue, db: Db, clock: Clock): void {
  queue.define(
    LIMIT_RESETS,
    { policy: 'stately', expireInSeconds: 300, retryLimit: 2, retryDelay: 60, concurrency: 1, cron: '7 * * * *' },
    async () => {
      await resetDueLimits(db, isoDate(clock.now()));
    },
  );
}
