import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db';

export interface OutboundEmail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Every email is written to `outbound_emails` in the caller's transaction (the
 * dev outbox, and a record of what was sent). With SMTP_URL it is also
 * delivered: once the app's job queue is attached (`useQueue`, done by buildApp),
 * by an `email-delivery` job enqueued in that same transaction (an outbox with
 * retries, api/src/workers/emailDelivery.ts); without a queue, by `deliver`
 * after the transaction commits.
 */
export interface Mailer {
  record(q: Queryable, email: OutboundEmail): Promise<void>;
  /** Best effort: failures are logged, never thrown into the request. Nothing to do when the queue delivers. */
  deliver(email: OutboundEmail, log: FastifyBaseLogger): Promise<void>;
  /** Sends one email now; throws when the SMTP server refuses it or cannot be reached. */
  send(email: OutboundEmail, messageId?: string): Promise<void>;
  /** Whether emails go out by SMTP at all. */
  readonly delivers: boolean;
  /** Hands delivery to the job queue: `enqueue` is called in the recording transaction. */
  useQueue(enqueue: (q: Queryable, emailId: number) => Promise<void>): void;
}

interface Transport {
  sendMail(message: { from: string; to: string; subject: string; text: string; messageId?: string }): Promise<unknown>;
}

export function createMailer(options: { smtpUrl: string | null; from: string }): Mailer {
  let transport: Transport | null = null;
  let enqueue: ((q: Queryable, emailId: number) => Promise<void>) | null = null;
  const send = async (email: OutboundEmail, messageId?: string) => {
    if (!options.smtpUrl) return;
    if (!transport) {
      // Loaded only when SMTP is configured.
      const nodemailer = await import('nodemailer');
      transport = nodemailer.createTransport(options.smtpUrl);
    }
    await transport.sendMail({ from: options.from, to: email.to, subject: email.subject, text: email.text, ...(messageId ? { messageId } : {}) });
  };
  return {
    delivers: options.smtpUrl !== null,
    async record(q, email) {
      const { rows } = await q.query<{ id: number }>('INSERT INTO outbound_emails (to_email, subject, body_text, created_at) VALUES ($1, $2, $3, now()) RETURNING id', [
        email.to,
        email.subject,
        email.text,
      ]);
      const id = rows[0]?.id;
      if (enqueue && options.smtpUrl && id !== undefined) await enqueue(q, id);
    },
    async deliver(email, log) {
      if (!options.smtpUrl || enqueue) return;
      try {
        await send(email);
      } catch (error) {
        log.error({ err: error, to: email.to }, 'email delivery failed');
      }
    },
    send,
    useQueue(fn) {
      enqueue = fn;
    },
  };
}
