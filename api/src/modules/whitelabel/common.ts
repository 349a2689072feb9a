import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Queryable } from '../../db';
import { currentUser } from '../../http/auth';
import { OrNull, Type } from '../../http/contract';
import { ApiError, type FieldIssue } from '../../http/errors';
import { HEX_COLOR } from '@leadsmith/shared/constants';
import { resellerAccountOf } from './reseller.repository';

/** The reseller account a request works on (a team member works on its owner's, reseller.repository.ts). */
export async function resellerIdOf(db: Queryable, request: FastifyRequest): Promise<number> {
  return resellerAccountOf(db, currentUser(request).id);
}

/** Session token + the whitelabel module: only white-label accounts reach these routes. */
export function resellerGuard(app: FastifyInstance): onRequestAsyncHookHandler[] {
  return [app.requireAuth, app.requireModule('whitelabel')];
}

export const notFound = (): ApiError => new ApiError(404, 'not_found');

/** Every white-label list is paginated on the server with the one page query and envelope (http/contract.ts). */
export {
  IdParams as idParamsSchema,
  PageQueryProperties as pageQuerySchema,
  type PageOf as Paginated,
  type PageQueryOf as PageQuery,
} from '../../http/contract';

/** Form fields in TypeBox (the same JSON as before: `{ type: ['string', 'null'], maxLength }`). */
export const colorSchema = OrNull(Type.String({ maxLength: 7 }));
export const urlSchema = OrNull(Type.String({ maxLength: 2000 }));
export const optionalText = (maxLength: number) => OrNull(Type.String({ maxLength }));

/** A blank string reads as "not given". */
export const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** http(s) URLs only: a `javascript:` or `data:` link never reaches a page. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Field checks JSON schema cannot express, collected so the form gets every problem at once. */
export class Issues {
  readonly list: FieldIssue[] = [];
  url(field: string, value: string | null): void {
    if (value !== null && !isHttpUrl(value)) this.list.push({ field, code: 'validation.url' });
  }
  color(field: string, value: string | null): void {
    if (value !== null && !HEX_COLOR.test(value)) this.list.push({ field, code: 'whitelabel.color' });
  }
  add(issue: FieldIssue): void {
    this.list.push(issue);
  }
  throwIfAny(): void {
    if (this.list.length > 0) throw new ApiError(400, 'validation_failed', { issues: this.list });
  }
}

/** Prices travel as integer cents. */
export const centsSchema = Type.Integer({ minimum: 0, maximum: 100_000_000 });
export const nullableCentsSchema = OrNull(Type.Integer({ minimum: 0, maximum: 100_000_000 }));
