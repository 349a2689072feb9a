import type { Queryable } from '../db';
import { insertOutboundEmail } from './outbox.repository';

export interface OutboundEmail {
  to: string;
  subject: string;
  text: string;
  /** The rendered HTML part (sendTemplatedMail always gives one). */
  html?: string | null;
  /** The template kind it was rendered from (null for a message written by hand, e.g. an SMTP test). */
  kind?: string | null;
  userId?: number | null;
  /** The reseller whose SMTP server sends it (when it has one) and whose brand it carries; null: the platform's. */
  ownerId?: number | null;
  /** Sender name (the brand) and reply-to (its support address) on the platform's SMTP. */
  fromName?: string | null;
  replyTo?: string | null;
}

/**
 * The email outbox. Every email is written to `outbound_emails` in the caller's transaction (the dev
 * outbox, and a record of what was sent) together with its `email-delivery` job
 * (api/src/workers/emailDelivery.ts), so an email exists and goes out, or neither. The job sends it
 * through the reseller's SMTP server when the email is a reseller's and it has one, else through
 * SMTP_URL; with neither there is nothing to send and no job.
 */
export interface Mailer {
  /** Records the email (and queues its delivery) in the caller's transaction; returns its id. */
  record(q: Queryable, email: OutboundEmail): Promise<number>;
  /** Sends one email now through SMTP_URL; throws when the SMTP server refuses it or cannot be reached. */
  send(email: OutboundEmail, messageId?: string): Promise<void>;
  /** Whether the platform's SMTP (SMTP_URL) is configured. */
  readonly delivers: boolean;
  /** The platform's sender address (MAIL_FROM without its name), used with a brand's name. */
  readonly fromAddress: string;
  /** Hands delivery to the job queue: `enqueue` is called in the recording transaction. */
  useQueue(enqueue: (q: Queryable, emailId: number) => Promise<void>): void;
}

interface Transport {
  sendMail(message: {
    from: string | { name: string; address: string };
    to: string;
    subject: string;
    text: string;
    html?: string;
    replyTo?: string;
    messageId?: string;
  }): Promise<unknown>;
}

/** `Name <a@b>` → `a@b`; a bare address stays as it is. */
export function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

export function createMailer(options: { smtpUrl: string | null; from: string }): Mailer {
  let transport: Transport | null = null;
  let enqueue: ((q: Queryable, emailId: number) => Promise<void>) | null = null;
  const fromAddress = addressOf(options.from);
  return {
    delivers: options.smtpUrl !== null,
    fromAddress,
    async record(q, email) {
      const row = await insertOutboundEmail(q, email);
      if (!row) throw new Error('outbound email insert returned no id');
      if (enqueue && (options.smtpUrl || row.reseller_smtp)) await enqueue(q, row.id);
      return row.id;
    },
    async send(email, messageId) {
      if (!options.smtpUrl) return;
      if (!transport) {
        // Loaded only when SMTP is configured.
        const nodemailer = await import('nodemailer');
        transport = nodemailer.createTransport(options.smtpUrl);
      }
      await transport.sendMail({
        // A brand's email keeps the platform's address but shows the brand's name, and answers go to its support address.
        from: email.fromName ? { name: email.fromName, address: fromAddress } : options.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        ...(email.replyTo ? { replyTo: email.replyTo } : {}),
        ...(messageId ? { messageId } : {}),
      });
    },
    useQueue(fn) {
      enqueue = fn;
    },
  };
}
