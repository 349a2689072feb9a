import type { FastifyInstance } from 'fastify';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  patternProperties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof Date) &&
  !Buffer.isBuffer(value);

/**
 * The paths (`data[].email`) of the fields of `value` that `schema` does not declare: fast-json-stringify
 * would drop them without a word. An object with `additionalProperties` or `patternProperties` takes
 * anything; of a union, the branch that drops the fewest fields is taken.
 */
export function undeclaredFields(value: unknown, declared: object | undefined, at = ''): string[] {
  const schema = declared as Schema | undefined;
  if (!schema || value === null || value === undefined) return [];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    let best: string[] | null = null;
    for (const branch of branches) {
      const found = undeclaredFields(value, branch, at);
      if (best === null || found.length < best.length) best = found;
      if (found.length === 0) break;
    }
    return best ?? [];
  }
  if (schema.allOf) return schema.allOf.length === 1 ? undeclaredFields(value, schema.allOf[0], at) : [];
  if (Array.isArray(value))
    return schema.items ? value.flatMap((item) => undeclaredFields(item, schema.items, `${at}[]`)) : [];
  if (!isPlainObject(value) || !schema.properties) return [];
  const open = schema.additionalProperties !== undefined && schema.additionalProperties !== false;
  if (open || schema.patternProperties) return [];
  const out: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined) continue;
    const path = at ? `${at}.${key}` : key;
    const declared = schema.properties[key];
    if (!declared) out.push(path);
    else out.push(...undeclaredFields(field, declared, path));
  }
  return out;
}

/**
 * Tests only: an answer carrying a field its response schema does not declare fails with a 500 naming the
 * field, instead of the field silently vanishing on the wire (and from the screen that reads it). The API
 * suites then prove each converted route's schema covers what its handler returns.
 */
export function installResponseFieldCheck(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const responses = request.routeOptions.schema?.response as Record<string, Schema> | undefined;
    if (!responses) return payload;
    const code = String(reply.statusCode);
    const schema = responses[code] ?? responses[`${code[0]}xx`] ?? responses.default;
    const extra = undeclaredFields(payload, schema);
    if (extra.length)
      throw new Error(
        `${request.method} ${request.routeOptions.url} answers fields its response schema does not declare: ${extra.join(', ')}`,
      );
    return payload;
  });
}
