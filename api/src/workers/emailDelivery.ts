import type { Db, Queryable } from '../db';
import { claimEffects, EFFECT_LEASE_SECONDS, releaseEffect, settleEffects } from '../effects/externalEffects';
import type { Mailer } from '../mail/mailer';
import { outboundEmail } from '../mail/outbox.repository';
import { emailsFailed, emailsSent } from '../ops/metrics';
import type { JobQueue } from '../queue/jobQueue';
import { smtpRowOf } from '../modules/whitelabel/smtp.repository';
import { sendWithResellerSmtp } from '../modules/whitelabel/smtp.service';

export const EMAIL_DELIVERY = 'email-delivery';
/** Attempts after the first before an email is recorded as failed (pg-boss retries with backoff). */
export const EMAIL_RETRY_LIMIT = 5;

/** `<email-7@mail.riley.test>`: unique per email, in the sending address's domain. */
const messageIdOf = (emailId: number, fromAddress: string) =>
  `<email-${emailId}@${fromAddress.split('@')[1] ?? 'localhost'}>`;

/**
 * The email outbox: each recorded email is delivered by a job enqueued in the transaction that
 * recorded it (so an email exists and goes out, or neither). A reseller's email goes through the
 * reseller's SMTP server when it has one (read at send time, so a changed password applies),
 * else through SMTP_URL under the brand's name. The send is keyed `email:<id>` in external_effects
 * and carries a Message-ID made from it; a failure releases the key and the job is retried with
 * backoff, and after the last attempt the email is recorded as failed.
 */
export function defineEmailWorker(queue: JobQueue, db: Db, mailer: Mailer, appSecret: string): void {
  mailer.useQueue((q: Queryable, emailId: number) =>
    queue.send(EMAIL_DELIVERY, { emailId }, { tx: q, singletonKey: `email:${emailId}` }).then(() => undefined),
  );
  queue.define<{ emailId: number }>(
    EMAIL_DELIVERY,
    {
      policy: 'stately',
      expireInSeconds: EFFECT_LEASE_SECONDS,
      retryLimit: EMAIL_RETRY_LIMIT,
      retryDelay: 10,
      retryBackoff: true,
      concurrency: 2,
    },
    async ({ emailId }, job) => {
      const email = await outboundEmail(db, emailId);
      if (!email) return;
      const resellerSmtp = email.owner_id === null ? null : await smtpRowOf(db, email.owner_id);
      if (!resellerSmtp && !mailer.delivers) return;
      const key = `email:${emailId}`;
      if (!(await claimEffects(db, 'email', [key])).size) return;
      const message = {
        to: email.to_email,
        subject: email.subject,
        text: email.body_text,
        html: email.body_html,
        fromName: email.from_name,
        replyTo: email.reply_to,
      };
      try {
        if (resellerSmtp)
          await sendWithResellerSmtp(resellerSmtp, appSecret, {
            ...message,
            messageId: messageIdOf(emailId, resellerSmtp.from_email),
          });
        else await mailer.send(message, messageIdOf(emailId, mailer.fromAddress));
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        emailsFailed.inc({ final: String(job.retryCount >= EMAIL_RETRY_LIMIT) });
        if (job.retryCount >= EMAIL_RETRY_LIMIT) {
          await db.transaction((tx) => settleEffects(tx, [{ key, ok: false, outcome: { error: text.slice(0, 300) } }]));
          return;
        }
        // Not sent: the next attempt may send it (the SMTP server refused or could not be reached).
        await releaseEffect(db, key);
        throw error;
      }
      const route = resellerSmtp ? 'reseller_smtp' : 'platform_smtp';
      emailsSent.inc({ route });
      await db.transaction((tx) => settleEffects(tx, [{ key, ok: true, outcome: { route } }]));
    },
  );
}
