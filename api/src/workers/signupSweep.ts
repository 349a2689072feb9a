import type { JobQueue } from '../queue/jobQueue';

export const SIGNUP_SWEEP = 'signup-sweep';

/**
 * Sales-page sign-ups stuck pending payment (issue 25): every fifteen minutes, by the queue's scheduler
 * (one run per slot across processes), sign-ups whose Checkout event never came are settled from the
 * session as the provider has it now (modules/whitelabel/salesPage.service.ts, sweepPendingSignups).
 */
export function defineSignupSweepWorker(queue: JobQueue, sweep: () => Promise<number>): void {
  queue.define(
    SIGNUP_SWEEP,
    { expireInSeconds: 300, retryLimit: 2, retryDelay: 60, concurrency: 1, policy: 'singleton', cron: '*/15 * * * *' },
    async () => {
      await sweep();
    },
  );
}
