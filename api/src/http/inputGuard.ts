import type { FastifyInstance } from 'fastify';
import { validationError, type FieldIssue } from './errors';

/** Deep enough for any body a route accepts; deeper input is refused by the schemas anyway. */
const MAX_DEPTH = 32;

/**
 * The first string holding a NUL character, as a field path (`info.detail`, `tags.2`). PostgreSQL
 * text cannot store NUL: left in, such input would fail deep in a query as a 500.
 */
export function nulField(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulField(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return here;
    const found = nulField(item, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Refuses NUL characters anywhere in a request's body, query string or path parameters with a
 * 400 naming the field, before schema validation and before any handler runs.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const issues: FieldIssue[] = [];
    for (const [part, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const field = nulField(value);
      if (field !== null) issues.push({ field: field || part, code: 'validation.invalid' });
    }
    if (issues.length > 0) throw validationError(...issues);
  });
}
