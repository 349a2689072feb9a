import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { pageWindow, type PageQueryOf } from '../../http/contract';
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

  /** `LIMIT $n OFFSET $m` of a page query (http/contract.ts's pageWindow), its two values added. */
  page(query: PageQueryOf): string {
    const { limit, offset } = pageWindow(query);
    return `LIMIT ${this.add(limit)} OFFSET ${this.add(offset)}`;
  }
}
