/** The SQL of the admin history (admin_audit_log): one row per change, and the history pages. */
import type { Queryable } from '../../db';
import { Params, type AuditEntity, type AuditValue, type PageQuery } from './common';

/** One audit row, written with the change in the caller's transaction (who, what, which id, before/after, when). */
export async function writeAudit(
  tx: Queryable,
  entry: {
    actorId: number | null;
    action: string;
    entity: AuditEntity;
    entityId: number;
    before?: AuditValue;
    after?: AuditValue;
    at: Date;
  },
): Promise<void> {
  await tx.query(
    'INSERT INTO admin_audit_log (actor_id, action, entity, entity_id, before, after, created_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)',
    [
      entry.actorId,
      entry.action,
      entry.entity,
      entry.entityId,
      entry.before ? JSON.stringify(entry.before) : null,
      entry.after ? JSON.stringify(entry.after) : null,
      entry.at,
    ],
  );
}

interface AuditRow {
  id: number;
  action: string;
  entity: AuditEntity;
  entity_id: number;
  entity_label: string | null;
  actor_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: Date;
}

export interface AuditQuery extends PageQuery {
  /** One or several entity types (`entity=course&entity=page`). */
  entity: AuditEntity[];
  entity_id?: number;
  action?: string;
}

/** How each entity is named in the history (a deleted row keeps the name it had). */
const LABELS: Record<AuditEntity, string> = {
  user: `(SELECT COALESCE(NULLIF(trim(t.first_name || ' ' || t.last_name), '') || ' <' || t.email || '>', t.email) FROM users t WHERE t.id = a.entity_id)`,
  plan: "COALESCE((SELECT t.name FROM admin_plans t WHERE t.id = a.entity_id), a.before->>'name', a.after->>'name')",
  topic:
    "COALESCE((SELECT t.title FROM admin_topics t WHERE t.id = a.entity_id), a.before->>'title', a.after->>'title')",
  partner:
    "COALESCE((SELECT t.name FROM admin_partners t WHERE t.id = a.entity_id), a.before->>'name', a.after->>'name')",
  course:
    "COALESCE((SELECT t.title FROM admin_courses t WHERE t.id = a.entity_id), a.before->>'title', a.after->>'title')",
  page: "COALESCE((SELECT t.title FROM admin_course_pages t WHERE t.id = a.entity_id), a.before->>'title', a.after->>'title')",
  maintenance: "'Maintenance mode'",
  // An erased account keeps only its id in the history; an erased person only the start of their email's SHA-256.
  account: "COALESCE((SELECT t.email FROM users t WHERE t.id = a.entity_id), 'account #' || a.entity_id)",
  person: "'person ' || left(COALESCE(a.after->>'email_sha256', ''), 12)",
  prompt:
    "COALESCE((SELECT t.title FROM admin_default_prompts t WHERE t.id = a.entity_id), a.before->>'title', a.after->>'title')",
};

/** One page of the history of the given entities (newest first), each row named (LABELS), and how many match. */
export async function listAuditEntries(db: Queryable, q: AuditQuery): Promise<{ rows: AuditRow[]; total: number }> {
  const p = new Params();
  const where = [`a.entity = ANY(${p.add(`{${q.entity.join(',')}}`)}::text[])`];
  if (q.entity_id) where.push(`a.entity_id = ${p.add(q.entity_id)}`);
  if (q.action) where.push(`a.action = ${p.add(q.action)}`);
  const whereSql = where.join(' AND ');
  const label = `CASE a.entity ${q.entity.map((e) => `WHEN '${e}' THEN ${LABELS[e]}`).join(' ')} END`;
  const total =
    (await db.query<{ n: number }>(`SELECT count(*) AS n FROM admin_audit_log a WHERE ${whereSql}`, p.values)).rows[0]
      ?.n ?? 0;
  const { rows } = await db.query<AuditRow>(
    `SELECT a.id, a.action, a.entity, a.entity_id, ${label} AS entity_label, a.actor_id,
                trim(u.first_name || ' ' || u.last_name) AS actor_name, u.email AS actor_email, a.before, a.after, a.created_at
           FROM admin_audit_log a LEFT JOIN users u ON u.id = a.actor_id
          WHERE ${whereSql} ORDER BY a.created_at DESC, a.id DESC ${p.page(q)}`,
    p.values,
  );
  return { rows, total };
}
