import type { Clock } from '../clock';
import { expireAdditionalCredits, renewDueSubscriptions } from '../credits/renewals';
import type { Db } from '../db';
import type { MailDeps } from '../mail/templatedMail';
import type { JobQueue } from '../queue/jobQueue';

export const SUBSCRIPTION_RENEWALS = 'subscription-renewals';
export const CREDIT_EXPIRY = 'credit-expiry';

/** How often the sandbox renewal job looks for due subscriptions. */
export const RENEWAL_TICK_MS = 60_000;

/**
 * Sandbox renewals and the 12-month expiry of purchased credits (credits/renewals.ts) as scheduled
 * queue work, judged against the app clock. Renewals tick every minute (one chain across worker
 * processes, restarted by the cron); the expiry runs hourly. Both are idempotent, so a run the
 * cron and the chain start at the same moment changes nothing twice.
 */
export function defineSubscriptionRenewals(queue: JobQueue, db: Db, clock: Clock, mail: MailDeps): void {
  const scheduled = { policy: 'stately' as const, expireInSeconds: 300, retryLimit: 0, retryDelay: 0, concurrency: 1 };
  queue.define(SUBSCRIPTION_RENEWALS, { ...scheduled, cron: '* * * * *', everyMs: RENEWAL_TICK_MS }, async () => {
    await renewDueSubscriptions(db, clock.now(), mail);
  });
  queue.define(CREDIT_EXPIRY, { ...scheduled, cron: '17 * * * *' }, async () => {
    await expireAdditionalCredits(db, clock.now());
  });
}
