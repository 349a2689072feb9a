import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import type { Queryable } from '../../db';
import { ApiError } from '../../http/errors';

/** Every admin route: a valid token (401) of a user holding the admin module (403), checked on the server. */
export function adminOnly(api: FastifyInstance): Pick<RouteShorthandOptions, 'onRequest'> {
  return { onRequest: [api.requireAuth, api.requireModule('admin')] };
}

/** Every admin list is paginated on the server with the one page query and envelope (http/contract.ts). */
export {
  IdParams as idParamsSchema,
  PageQueryProperties as pageQueryProperties,
  type PageOf,
  type PageQueryOf as PageQuery,
} from '../../http/contract';

export const notFound = (): ApiError => new ApiError(404, 'not_found');

export const AUDIT_ENTITIES = [
  'user',
  'plan',
  'topic',
  'partner',
  'prompt',
  'course',
  'page',
  'maintenance',
  'account',
  'person',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export type AuditValue = Record<string, unknown> | null;

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

/** Only the fields that changed, as `{ before, after }`; null when nothing did. */
export function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      b[key] = before[key] ?? null;
      a[key] = after[key] ?? null;
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

/** `$n` placeholders for a growing parameter list. */
export class Params {
  readonly values: (string | number | boolean | null | Date)[] = [];
  add(value: string | number | boolean | null | Date): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
