import { EFFECT_LEASE_SECONDS } from '../effects/externalEffects';
import type { JobQueue } from '../queue/jobQueue';

export const AUTO_TOP_UPS = 'auto-top-ups';

/** Charges the queued automatic top-ups of one user, or of everyone (the sweep). */
export async function enqueueAutoTopUps(queue: JobQueue, userId?: number): Promise<void> {
  await queue.send(AUTO_TOP_UPS, userId === undefined ? {} : { userId });
}

/**
 * Automatic top-ups (spec §9): a spend that crosses the threshold records a request in its
 * transaction and signals after the commit; this job charges it. The sweep (every minute, by the
 * queue's scheduler, one run per minute across processes) charges any request whose signal was lost.
 * Each request is claimed once, and its charge row's id is the payment provider's idempotency key.
 * A job whose worker died during the charge is retried after QUEUE_JOB_EXPIRE_SECONDS and sends the
 * charge left processing again with that key (the provider answers the first attempt's result).
 */
export function defineAutoTopUpWorker(
  queue: JobQueue,
  service: { processAutoTopUps(onlyUserId?: number): Promise<number> },
): void {
  queue.define<{ userId?: number }>(
    AUTO_TOP_UPS,
    { expireInSeconds: EFFECT_LEASE_SECONDS, retryLimit: 3, retryDelay: 10, concurrency: 1, cron: '* * * * *' },
    async ({ userId }) => {
      await service.processAutoTopUps(userId);
    },
  );
}
