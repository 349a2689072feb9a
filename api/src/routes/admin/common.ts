import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import type { Queryable } from '../../db';
import { ApiError } from '../../http/errors';

/** Every admin route: a valid token (401) of a user holding the admin module (403), checked on the server. */
export function adminOnly(api: FastifyInstance): Pick<RouteShorthandOptions, 'onRequest'> {
  return { onRequest: [api.requireAuth, api.requireModule('admin')] };
}

export const DEFAULT_ADMIN_PAGE_SIZE = 20;
export const MAX_ADMIN_PAGE_SIZE = 100;

export const pageQueryProperties = {
  page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
  page_size: { type: 'integer', minimum: 1, maximum: MAX_ADMIN_PAGE_SIZE, default: DEFAULT_ADMIN_PAGE_SIZE },
} as const;

export interface PageQuery {
  page: number;
  page_size: number;
}

/** `{ items, page, page_size, total }`: every admin list is paginated on the server. */
export interface Page<T> {
  items: T[];
  page: number;
  page_size: number;
  total: number;
}

export const idParamsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
  required: ['id'],
} as const;

export const notFound = (): ApiError => new ApiError(404, 'not_found');

export const AUDIT_ENTITIES = ['user', 'plan', 'topic', 'partner', 'prompt', 'course', 'page'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export type AuditValue = Record<string, unknown> | null;

/** One audit row, written with the change in the caller's transaction (who, what, which id, before/after, when). */
export async function writeAudit(
  tx: Queryable,
  entry: { actorId: number; action: string; entity: AuditEntity; entityId: number; before?: AuditValue; after?: AuditValue; at: Date },
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
export function changes(before: Record<string, unknown>, after: Record<string, unknown>): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
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
