import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Nullable, Page, pageOf, StringEnum, Type, type Static } from '../../http/contract';
import { listAuditEntries } from './audit.repository';
import { adminOnly, AUDIT_ENTITIES, pageQueryProperties } from './common';

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

/** GET /api/admin/audit-log: the history pages (who changed what, when), newest first. */
export function auditRoutes(api: FastifyInstance, { db }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/admin/audit-log',
    {
      ...adminOnly(api),
      schema: {
        summary: 'The history of admin changes, newest first',
        response: { 200: Page(AuditEntry) },
        querystring: Type.Object(
          {
            ...pageQueryProperties,
            entity: Type.Array(StringEnum(AUDIT_ENTITIES), { minItems: 1, maxItems: AUDIT_ENTITIES.length }),
            entity_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
            action: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z_]+$' })),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listAuditEntries(db, q);
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
