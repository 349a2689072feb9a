import type { Queryable } from '../../db';

export interface OutboxRow {
  id: number;
  to_email: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  kind: string | null;
  from_name: string | null;
  reply_to: string | null;
  created_at: Date;
}

/** The last 20 emails recorded for an address (optionally of one kind), newest first. */
export async function lastEmailsTo(q: Queryable, email: string, kind: string | null): Promise<OutboxRow[]> {
  const { rows } = await q.query<OutboxRow>(
    'SELECT id, to_email, subject, body_text, body_html, kind, from_name, reply_to, created_at FROM outbound_emails WHERE to_email = $1 AND ($2::text IS NULL OR kind = $2) ORDER BY id DESC LIMIT 20',
    [email, kind],
  );
  return rows;
}
