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
 * delivered, after the transaction commits, by `deliver`.
 */
export interface Mailer {
  record(q: Queryable, email: OutboundEmail): Promise<void>;
  /** Best effort: failures are logged, never thrown into the request. */
  deliver(email: OutboundEmail, log: FastifyBaseLogger): Promise<void>;
}

interface Transport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

export function createMailer(options: { smtpUrl: string | null; from: string }): Mailer {
  let transport: Transport | null = null;
  return {
    async record(q, email) {
      await q.query('INSERT INTO outbound_emails (to_email, subject, body_text, created_at) VALUES ($1, $2, $3, now())', [email.to, email.subject, email.text]);
    },
    async deliver(email, log) {
      if (!options.smtpUrl) return;
      try {
        if (!transport) {
          // Loaded only when SMTP is configured.
          const nodemailer = await import('nodemailer');
          transport = nodemailer.createTransport(options.smtpUrl);
        }
        await transport.sendMail({ from: options.from, to: email.to, subject: email.subject, text: email.text });
      } catch (error) {
        log.error({ err: error, to: email.to }, 'email delivery failed');
      }
    },
  };
}
