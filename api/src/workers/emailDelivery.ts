import type { Db, Queryable } from '../db';
import { claimEffects, EFFECT_LEASE_SECONDS, releaseEffect, settleEffects } from '../effects/externalEffects';
import type { Mailer } from '../mail/mailer';
import type { JobQueue } from '../queue/jobQueue';

export const EMAIL_DELIVERY = 'email-delivery';
/** Attempts after the first before an email is recorded as failed (pg-boss retries with backoff). */
export const EMAIL_RETRY_LIMIT = 5;

/**
 * The email outbox: each recorded email is delivered by a job enqueued in the transaction that
 * recorded it (so an email exists and goes out, or neither). The send is keyed `email:<id>` in
 * external_effects and carries a Message-ID made from it; a failure releases the key and the job is
 * retried with backoff, and after the last attempt the email is recorded as failed.
 */
export function defineEmailWorker(queue: JobQueue, db: Db, mailer: Mailer): void {
  mailer.useQueue((q: Queryable, emailId: number) => queue.send(EMAIL_DELIVERY, { emailId }, { tx: q, singletonKey: `email:${emailId}` }).then(() => undefined));
  queue.define<{ emailId: number }>(
    EMAIL_DELIVERY,
    { policy: 'stately', expireInSeconds: EFFECT_LEASE_SECONDS, retryLimit: EMAIL_RETRY_LIMIT, retryDelay: 10, retryBackoff: true, concurrency: 2 },
    async ({ emailId }, job) => {
      const email = (await db.query<{ to_email: string; subject: string; body_text: string }>('SELECT to_email, subject, body_text FROM outbound_emails WHERE id = $1', [emailId])).rows[0];
      if (!email) return;
      const key = `email:${emailId}`;
      if (!(await claimEffects(db, 'email', [key])).size) return;
      try {
        await mailer.send({ to: email.to_email, subject: email.subject, text: email.body_text }, `<${key.replace(':', '-')}@leadsmith>`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (job.retryCount >= EMAIL_RETRY_LIMIT) {
          await db.transaction((tx) => settleEffects(tx, [{ key, ok: false, outcome: { error: message.slice(0, 300) } }]));
          return;
        }
        // Not sent: the next attempt may send it (the SMTP server refused or could not be reached).
        await releaseEffect(db, key);
        throw error;
      }
      await db.transaction((tx) => settleEffects(tx, [{ key, ok: true }]));
    },
  );
}
