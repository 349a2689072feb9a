import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationError, type FieldIssue } from './errors';

/** Deep enough for any body a route accepts; deeper input is refused by the schemas anyway. */
const MAX_DEPTH = 32;

/** The path (`info.detail`, `tags.2`) of the first leaf, or key, that `bad` refuses. */
function findField(value: unknown, bad: (leaf: unknown) => boolean, path = '', depth = 0): string | null {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return bad(value) ? path : null;
  // A body a route takes as it is (a CSV upload's request stream, a signed webhook's Buffer) is not
  // walked: a stream's graph (socket, server, parser, …) is cyclic and vast, and walking it kept a
  // real upload from ever being answered. Parsed input (JSON, query strings, params) is walked.
  if (isRawBody(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findField(value[i], bad, path ? `${path}.${i}` : String(i), depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (bad(key)) return here;
    const found = findField(item, bad, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** A body taken as it is, a stream or bytes: not parsed input. */
function isRawBody(value: object): boolean {
  return (
    ArrayBuffer.isView(value) ||
    value instanceof ArrayBuffer ||
    typeof (value as { pipe?: unknown }).pipe === 'function'
  );
}

const holdsNul = (leaf: unknown): boolean => typeof leaf === 'string' && leaf.includes('\u0000');
const nonFinite = (leaf: unknown): boolean => typeof leaf === 'number' && !Number.isFinite(leaf);

/**
 * The first string holding a NUL character, as a field path. PostgreSQL text cannot store NUL:
 * left in, such input would fail deep in a query as a 500.
 */
export function nulField(value: unknown): string | null {
  return findField(value, holdsNul);
}

/**
 * The first number that is not finite. `1e309` parses (JSON) or coerces (query strings) to
 * Infinity, and Ajv's `maximum` does not stop a value its own type coercion produced.
 */
export function nonFiniteField(value: unknown): string | null {
  return findField(value, nonFinite);
}

type Finder = (value: unknown) => string | null;

function refuse(request: FastifyRequest, find: Finder): void {
  const issues: FieldIssue[] = [];
  for (const [part, value] of [
    ['body', request.body],
    ['query', request.query],
    ['params', request.params],
  ] as const) {
    const field = find(value);
    if (field !== null) issues.push({ field: field || part, code: 'validation.invalid' });
  }
  if (issues.length > 0) throw validationError(...issues);
}

/**
 * Refuses, with a 400 naming the field, NUL characters anywhere in a request's body, query string
 * or path parameters (before schema validation) and numbers that are not finite (after it, so
 * coerced query values are seen too), before any handler runs.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => refuse(request, nulField));
  app.addHook('preHandler', async (request) => refuse(request, nonFiniteField));
}
