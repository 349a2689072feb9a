import type { Queryable } from '../db';
import type { OutboundEmail } from './mailer';

/** An email as the outbox keeps it until the email-delivery job sends it. */
export interface OutboxEmail {
  to_email: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  owner_id: number | null;
  from_name: string | null;
  reply_to: string | null;
}

/** Writes the email to the outbox; its id, and whether its brand (owner) sends through its own SMTP server. */
export async function insertOutboundEmail(
  q: Queryable,
  email: OutboundEmail,
): Promise<{ id: number; reseller_smtp: boolean } | undefined> {
  const { rows } = await q.query<{ id: number; reseller_smtp: boolean }>(
    `INSERT INTO outbound_emails (to_email, subject, body_text, body_html, kind, user_id, owner_id, from_name, reply_to, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
     RETURNING id, EXISTS (SELECT 1 FROM whitelabel_smtp WHERE owner_id = $7) AS reseller_smtp`,
    [
      email.to,
      email.subject,
      email.text,
      email.html ?? null,
      email.kind ?? null,
      email.userId ?? null,
      email.ownerId ?? null,
      email.fromName ?? null,
      email.replyTo ?? null,
    ],
  );
  return rows[0];
}

/** One email of the outbox, or undefined once it is gone (its account erased). */
export async function outboundEmail(q: Queryable, id: number): Promise<OutboxEmail | undefined> {
  const { rows } = await q.query<OutboxEmail>(
    'SELECT to_email, subject, body_text, body_html, owner_id, from_name, reply_to FROM outbound_emails WHERE id = $1',
    [id],
  );
  return rows[0];
}
