import type { Clock } from '../clock';
import type { Db } from '../db';
import type { MailDeps } from '../mail/templatedMail';
import type { JobQueue } from '../queue/jobQueue';
import { expirePhoneReveals } from '../modules/leadSearch/phoneReveals.service';

export const PHONE_REVEAL_EXPIRY = 'phone-reveal-expiry';

/**
 * Ends the phone reveals no webhook answered within PHONE_REVEAL_MINUTES (after asking their source
 * once for the result), as not found and free when there is none (modules/leadSearch/phoneReveals.service.ts): one run a minute across all worker processes (pg-boss cron).
 * Each reveal ends in its own transaction, re-checked under lock, so a run that overlaps another or a
 * late webhook ends nothing twice. API tests call expirePhoneReveals with their fake clock.
 */
export function definePhoneRevealExpiry(queue: JobQueue, db: Db, clock: Clock, mail?: MailDeps): void {
  queue.define(
    PHONE_REVEAL_EXPIRY,
    { policy: 'stately', expireInSeconds: 300, retryLimit: 0, retryDelay: 0, concurrency: 1, cron: '* * * * *' },
    async () => {
      await expirePhoneReveals(db, clock.now(), undefined, mail);
    },
  );
}
