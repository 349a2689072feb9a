import type { JsonSchema } from './routeTable';

/**
 * A small valid instance of a JSON schema: required properties only, the
 * first enum value, the minimum, a string that fits the format/pattern/length.
 * The isolation matrix uses it as the write body when a fixture gives none,
 * and the fuzz suite mutates it (so each mutation breaks one thing).
 */
const STRING_CANDIDATES = [
  'Sample',
  'sample',
  'a',
  '123456',
  'example.com',
  'https://example.com/',
  '2026-01-01',
  'abc-123',
  'x',
  'A1',
  '1',
];

function fitString(schema: JsonSchema): string {
  const format = schema.format as string | undefined;
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = (schema.maxLength as number | undefined) ?? 1000;
  const pad = (s: string) => (s.length >= min ? s : s + 'a'.repeat(min - s.length)).slice(0, Math.max(max, 1));
  if (format === 'email') return 'sample@example.com';
  if (format === 'uri' || format === 'url') return 'https://example.com/';
  if (format === 'date') return '2026-01-01';
  if (format === 'date-time') return '2026-01-01T00:00:00.000Z';
  const pattern = schema.pattern as string | undefined;
  if (pattern) {
    const re = new RegExp(pattern, 'u');
    for (const c of STRING_CANDIDATES) {
      const s = pad(c);
      if (re.test(s) && s.length >= min && s.length <= max) return s;
    }
  }
  return pad('Sample');
}

export function sampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if ('const' in schema) return schema.const;
  if ('default' in schema && schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0) return sampleOf(options[0] as JsonSchema);
  }
  if (Array.isArray(schema.allOf)) return sampleOf(Object.assign({}, ...(schema.allOf as JsonSchema[])));
  const type = Array.isArray(schema.type)
    ? (schema.type.find((t) => t !== 'null') as string | undefined)
    : (schema.type as string | undefined);
  switch (type) {
    case 'object':
    case undefined: {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      if (type === undefined && !schema.properties) return undefined;
      const out: Record<string, unknown> = {};
      for (const name of (schema.required as string[] | undefined) ?? [])
        out[name] = sampleOf(properties[name] ?? { type: 'string' });
      return out;
    }
    case 'string':
      return fitString(schema);
    case 'integer':
    case 'number': {
      const min = schema.minimum as number | undefined;
      const exMin = schema.exclusiveMinimum as number | undefined;
      if (min !== undefined) return min;
      if (exMin !== undefined) return exMin + 1;
      return 1;
    }
    case 'boolean':
      return false;
    case 'array': {
      const minItems = (schema.minItems as number | undefined) ?? 0;
      const items = (schema.items ?? { type: 'string' }) as JsonSchema;
      const out: unknown[] = [];
      for (let i = 0; i < minItems; i++) {
        let value = sampleOf(items);
        if (schema.uniqueItems && Array.isArray(items.enum)) value = items.enum[i % items.enum.length];
        else if (schema.uniqueItems && typeof value === 'number') value = value + i;
        else if (schema.uniqueItems && typeof value === 'string') value = `${value}${i}`;
        out.push(value);
      }
      return out;
    }
    case 'null':
      return null;
    default:
      return undefined;
  }
}
