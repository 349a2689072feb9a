import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Nullable, Page, pageOf, StringEnum, Type, type Static } from '../../http/contract';
import {
  adminOnly,
  AUDIT_ENTITIES,
  Params,
  pageQueryProperties,
  type AuditEntity,
  type PageOf,
  type PageQuery,
} from './common';

const Values = Nullable(Type.Record(Type.String(), Type.Unknown()));
/** One change in the history: who, what, which row (named as it is now, or as it was when deleted), the fields before and after. */
const AuditEntry = Type.Object({
  id: Type.Integer(),
  action: Type.String(),
  entity: StringEnum(AUDIT_ENTITIES),
  entity_id: Type.Integer(),
  entity_label: Nullable(Type.String()),
  actor: Nullable(Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() })),
  before: Values,
  after: Values,
  created_at: Type.String({ format: 'date-time' }),
});
export type AuditEntryDto = Static<typeof AuditEntry>;

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

interface AuditQuery extends PageQuery {
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

/** GET /api/admin/audit-log: the history pages (who changed what, when), newest first. */
export function auditRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.get<{ Querystring: AuditQuery }>(
    '/api/admin/audit-log',
    {
      ...adminOnly(api),
      schema: {
        summary: 'The history of admin changes, newest first',
        response: { 200: Page(AuditEntry) },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...pageQueryProperties,
            entity: {
              type: 'array',
              items: { type: 'string', enum: AUDIT_ENTITIES },
              minItems: 1,
              maxItems: AUDIT_ENTITIES.length,
            },
            entity_id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
            action: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[a-z_]+$' },
          },
          required: ['entity'],
        },
      },
    },
    async (request): Promise<PageOf<AuditEntryDto>> => {
      const q = request.query;
      const p = new Params();
      const where = [`a.entity = ANY(${p.add(`{${q.entity.join(',')}}`)}::text[])`];
      if (q.entity_id) where.push(`a.entity_id = ${p.add(q.entity_id)}`);
      if (q.action) where.push(`a.action = ${p.add(q.action)}`);
      const whereSql = where.join(' AND ');
      const label = `CASE a.entity ${q.entity.map((e) => `WHEN '${e}' THEN ${LABELS[e]}`).join(' ')} END`;
      const total =
        (await db.query<{ n: number }>(`SELECT count(*) AS n FROM admin_audit_log a WHERE ${whereSql}`, p.values))
          .rows[0]?.n ?? 0;
      const limit = p.add(q.pageSize);
      const offset = p.add((q.page - 1) * q.pageSize);
      const { rows } = await db.query<AuditRow>(
        `SELECT a.id, a.action, a.entity, a.entity_id, ${label} AS entity_label, a.actor_id,
                trim(u.first_name || ' ' || u.last_name) AS actor_name, u.email AS actor_email, a.before, a.after, a.created_at
           FROM admin_audit_log a LEFT JOIN users u ON u.id = a.actor_id
          WHERE ${whereSql} ORDER BY a.created_at DESC, a.id DESC LIMIT ${limit} OFFSET ${offset}`,
        p.values,
      );
      return pageOf(
        rows.map((r) => ({
          id: Number(r.id),
          action: r.action,
          entity: r.entity,
          entity_id: r.entity_id,
          entity_label: r.entity_label,
          actor: r.actor_id !== null ? { id: r.actor_id, name: r.actor_name ?? '', email: r.actor_email ?? '' } : null,
          before: r.before,
          after: r.after,
          created_at: r.created_at.toISOString(),
        })),
        q,
        total,
      );
    },
  );
}
