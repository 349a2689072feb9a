import type { Queryable } from '../../db';
import type { EmailKind } from '../../mail/emailKinds';

/** When the owner saved its template of this kind, or null when it has none. */
export async function savedTemplateAt(q: Queryable, ownerId: number, kind: EmailKind): Promise<Date | null> {
  const saved = (
    await q.query<{ updated_at: Date }>(
      'SELECT updated_at FROM whitelabel_email_templates WHERE owner_id = $1 AND kind = $2',
      [ownerId, kind],
    )
  ).rows[0];
  return saved ? saved.updated_at : null;
}

export async function saveEmailTemplate(
  q: Queryable,
  ownerId: number,
  kind: EmailKind,
  t: { subject: string; html: string; text: string },
  now: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO whitelabel_email_templates (owner_id, kind, subject, html, body, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (owner_id, kind) DO UPDATE SET subject = EXCLUDED.subject, html = EXCLUDED.html, body = EXCLUDED.body, updated_at = EXCLUDED.updated_at`,
    [ownerId, kind, t.subject, t.html, t.text, now],
  );
}

/** Whether the owner had a template of this kind to delete. */
export async function deleteEmailTemplate(q: Queryable, ownerId: number, kind: EmailKind): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM whitelabel_email_templates WHERE owner_id = $1 AND kind = $2', [
    ownerId,
    kind,
  ]);
  return rowCount !== 0;
}
