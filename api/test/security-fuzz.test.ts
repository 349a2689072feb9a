import fc from 'fast-check';
import { createTestApp, DEMO, type TestContext } from './helpers';
import { tokenFor } from './security/accounts';
import { DbWatch } from './security/checksum';
import { fillUrl, routeRecorder, type JsonSchema, type RouteInfo } from './security/routeTable';
import { sampleOf } from './security/schemaSample';

/**
 * Hostile input, property-based: every route's body and query string (from
 * the live route table, so routes added later are fuzzed too) gets a valid
 * sample with one thing broken — a required field missing, a field of the
 * wrong type, huge or odd unicode strings, nested junk, unknown fields, a
 * body that is not an object, broken JSON. Never a 5xx; a 400 names the
 * broken field; a refused request leaves the database as it was.
 *
 * FUZZ_RUNS (default 8) cases per route and part; FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);

let ctx: TestContext;
let routes: RouteInfo[];
let headersFor: (route: RouteInfo) => Promise<Record<string, string>>;

beforeAll(async () => {
  const recorder = routeRecorder();
  ctx = await createTestApp({ beforeReady: recorder.install });
  routes = recorder.routes;
  headersFor = async (route) =>
    (await tokenFor(ctx, route.url.startsWith('/api/admin') ? DEMO.admin.email : DEMO.customer.email)).headers;
}, 180_000);

afterAll(async () => {
  await ctx?.close();
});

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\u202Eevil',
  '😀'.repeat(50),
  'x'.repeat(20_000),
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%0d%0aSet-Cookie: a=b',
  '__proto__',
  'constructor',
  '1e309',
  '-1',
  '9'.repeat(40),
  'NaN',
  'javascript:alert(1)',
  'http://169.254.169.254/latest/meta-data/',
];

/** Values of every kind, including deep objects and oddities PostgreSQL refuses (NUL). */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 1, 1.5, -0.0001, 1e308),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
  fc.object({ maxDepth: 3, maxKeys: 4 }),
);

type Mutation =
  | { kind: 'missing'; field: string }
  | { kind: 'set'; field: string; value: unknown }
  | { kind: 'extra'; field: string; value: unknown }
  | { kind: 'whole'; value: unknown }
  | { kind: 'raw'; text: string };

function mutations(schema: JsonSchema, allowRaw: boolean): fc.Arbitrary<Mutation> {
  const properties = Object.keys((schema.properties ?? {}) as object);
  const required = ((schema.required as string[] | undefined) ?? []).filter((f) => properties.includes(f) || true);
  const options: fc.Arbitrary<Mutation>[] = [
    fc.record({
      kind: fc.constant('extra' as const),
      field: fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !properties.includes(k) && k.trim() !== ''),
      value: junk,
    }),
  ];
  if (required.length > 0)
    options.push(fc.record({ kind: fc.constant('missing' as const), field: fc.constantFrom(...required) }));
  if (properties.length > 0)
    options.push(fc.record({ kind: fc.constant('set' as const), field: fc.constantFrom(...properties), value: junk }));
  options.push(fc.record({ kind: fc.constant('whole' as const), value: junk }));
  if (allowRaw)
    options.push(
      fc.record({
        kind: fc.constant('raw' as const),
        text: fc.oneof(
          fc.string({ unit: 'binary', maxLength: 40 }),
          fc.constantFrom(
            '{',
            '{"a":',
            '[1,2',
            '{"__proto__":{"admin":true}}',
            '{"constructor":{"prototype":{"x":1}}}',
          ),
        ),
      }),
    );
  return fc.oneof(...options);
}

function apply(sample: Record<string, unknown>, m: Mutation): unknown {
  switch (m.kind) {
    case 'missing': {
      const copy = { ...sample };
      delete copy[m.field];
      return copy;
    }
    case 'set':
    case 'extra':
      return { ...sample, [m.field]: m.value };
    case 'whole':
      return m.value;
    case 'raw':
      return undefined;
  }
}

function toQuery(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return `?q=${encodeURIComponent(JSON.stringify(value) ?? '')}`;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(v))
      for (const item of v) search.append(k, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
    else search.append(k, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function sampleParams(route: RouteInfo): Record<string, string | number> {
  const props = (route.schema.params?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.fromEntries(
    route.params.map((p) => [p, (sampleOf(props[p] ?? { type: 'integer', minimum: 1 }) as string | number) ?? 1]),
  );
}

/** The field a mutation broke, as the API names it. */
const brokenField = (m: Mutation, part: 'body' | 'querystring'): string | null =>
  m.kind === 'missing' || m.kind === 'set' || m.kind === 'extra' ? m.field : m.kind === 'whole' ? part : null;

let cases = 0;
const failures: string[] = [];
let watch: DbWatch;

async function check(
  route: RouteInfo,
  part: 'body' | 'querystring',
  m: Mutation,
  headers: Record<string, string>,
): Promise<boolean> {
  const schema = route.schema[part]!;
  const sample = (sampleOf(schema) as Record<string, unknown> | undefined) ?? {};
  const url = fillUrl(route.url, sampleParams(route));
  const value = apply(sample, m);
  cases++;
  const res =
    part === 'querystring'
      ? await ctx.app.inject({ method: route.method as 'GET', url: url + toQuery(value), headers })
      : await ctx.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: m.kind === 'raw' ? m.text : (JSON.stringify(value) ?? 'null'),
        });
  const label = `${route.key} ${part} ${JSON.stringify(m).slice(0, 160)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
  let ok = true;
  const fail = (why: string) => {
    failures.push(`${why}: ${label}`);
    ok = false;
  };
  if (res.statusCode >= 500) fail('server error');
  let body: { code?: string; field?: string; message?: string; errors?: { field: string; message: string }[] } = {};
  try {
    body = res.json();
  } catch {
    // Public HTML pages (e.g. /p/:slug) answer errors as HTML; the API answers JSON.
    if (res.statusCode >= 400 && /^\/(api|auth)\//.test(route.url)) fail('error answer is not JSON');
  }
  if (res.statusCode >= 400 && res.statusCode < 500) {
    const html = /^text\/html/.test(String(res.headers['content-type'] ?? ''));
    if (!html && (typeof body.message !== 'string' || body.message.trim() === '')) fail('no message');
    if (body.code === 'validation_failed') {
      if (!body.field || !body.message?.startsWith(`${body.field}:`)) fail('400 without a named field');
      const field = brokenField(m, part);
      const errors = body.errors ?? [];
      const named =
        field === null ||
        errors.some((e) => e.field === field || e.field.startsWith(`${field}.`) || e.field === part || field === part);
      // A coerced or still-valid value may leave the broken field out; a missing required field never may.
      if (m.kind === 'missing' && !named) fail(`400 does not name the missing field ${field}`);
    }
    const changed = await watch.changes();
    if (changed.length > 0) fail(`refused request changed ${changed.join(', ')}`);
  } else {
    // Maintenance switched on would answer 503 to every later route: switch it back off.
    if (route.key === 'PUT /api/admin/maintenance')
      await ctx.app.inject({
        method: 'PUT',
        url: route.url,
        headers,
        payload: { enabled: false, message: '', retry_after_seconds: 60 },
      });
    // An accepted request may start background work (a crawl): let it end before the next baseline. A job that
    // throws to be retried (a delivery to an outside receiver, which this sandbox has none of: webhooks the fuzz
    // created point nowhere) is pg-boss's to retry; a job that crashes on what the route let in is a failure.
    await ctx.app.queue.drain().catch((error: unknown) => {
      if (error instanceof TypeError || error instanceof RangeError || error instanceof SyntaxError)
        fail(`background job crashed: ${String(error)}`);
    });
    await watch.reset();
  }
  return ok;
}

test(`every route survives hostile bodies and query strings (seed ${SEED}, ${RUNS} runs per part)`, async () => {
  const started = Date.now();
  watch = new DbWatch(ctx.db);
  let fuzzed = 0;
  for (const route of routes) {
    const headers = await headersFor(route);
    await watch.reset();
    for (const part of ['body', 'querystring'] as const) {
      const schema = route.schema[part];
      if (!schema) continue;
      fuzzed++;
      const result = await fc.check(
        fc.asyncProperty(mutations(schema, part === 'body'), (m) => check(route, part, m, headers)),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (result.failed && result.errorInstance) failures.push(`${route.key} ${part}: ${String(result.errorInstance)}`);
    }
    // Path parameters: junk in the URL is a 400/404, never a 5xx.
    if (route.params.length > 0) {
      for (const raw of [
        'abc',
        '-1',
        '0',
        '99999999999999999999',
        '1.5',
        '%00',
        '%F0%9F%98%80',
        "1'OR'1'='1",
        '..%2F..%2Fetc',
      ]) {
        cases++;
        const url = route.url.replace(/:([A-Za-z0-9_]+)/g, raw);
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        if (res.statusCode >= 500)
          failures.push(`server error: ${route.key} params ${raw} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      await watch.reset();
    }
  }
  console.info(
    `hostile input: ${fuzzed} bodies/query strings of ${routes.length} routes, ${cases} cases in ${Math.round((Date.now() - started) / 1000)} s (seed ${SEED})`,
  );
  expect(failures).toEqual([]);
}, 240_000);

test('NUL characters (which PostgreSQL cannot store) are a 400 naming the field, in body, query and nested values', async () => {
  const headers = (await tokenFor(ctx, DEMO.customer.email)).headers;
  const me = await ctx.app.inject({ method: 'POST', url: '/api/me', headers, payload: { first_name: 'Ann\u0000' } });
  expect(me.statusCode).toBe(400);
  expect(me.json()).toMatchObject({ code: 'validation_failed', field: 'first_name' });
  const list = await ctx.app.inject({ method: 'GET', url: '/api/campaigns?search=a%00b', headers });
  expect(list.statusCode).toBe(400);
  expect(list.json()).toMatchObject({ field: 'search' });
  const nested = await ctx.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers,
    payload: { name: 'List', list_type: 'people', tags: ['ok', 'b\u0000d'] },
  });
  expect(nested.statusCode).toBe(400);
  expect(nested.json()).toMatchObject({ field: 'tags.1' });
});

test('a number PostgreSQL cannot read (an "Infinity" the schema coerced) is a 400, not a 500', async () => {
  const headers = (await tokenFor(ctx, DEMO.customer.email)).headers;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/campaigns/bulk-delete',
    headers,
    payload: { resultIds: '1e309' },
  });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ code: 'validation_failed' });
  // A query value Ajv coerced to Infinity slips past its `maximum`: refused naming the field.
  for (const [url, field] of [
    ['/api/custom-labels?pageSize=1e309', 'pageSize'],
    ['/api/autopilots?page=-1e309', 'page'],
    ['/api/campaigns?pageSize=1e309', 'pageSize'],
  ]) {
    const list = await ctx.app.inject({ method: 'GET', url: url!, headers });
    expect({ url, status: list.statusCode }).toEqual({ url, status: 400 });
    expect(list.json()).toMatchObject({ code: 'validation_failed', field });
  }
  const body = await ctx.app.inject({
    method: 'POST',
    url: '/api/campaigns/bulk-delete',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: '{"resultIds":[1e309]}',
  });
  expect(body.statusCode).toBe(400);
  expect(body.json().field).toMatch(/^resultIds/);
});

/**
 * Type coercion: a JSON body is taken as sent. Every body property of every route (from the live
 * route table) gets values of the wrong JSON type — a boolean or a string where an id, a number or
 * an array is expected, a bare id where an array is, a number or a string where a boolean is. Each
 * must be a 400 naming the property, and the database must be unchanged: no `true` becomes id 1,
 * no `"2"` becomes [2].
 */
const WRONG_TYPES: Record<string, unknown[]> = {
  integer: [true, false, '1', '2', [1], null],
  number: [true, '1', '1.5', [1], null],
  boolean: ['true', 'false', 1, 0, [true], null],
  array: [true, 1, 2, '2', '1,2', { 0: 1 }, null],
  string: [1, true, ['a'], { a: 1 }],
};

function wrongValuesFor(schema: JsonSchema): unknown[] {
  const types = [schema.type].flat().filter((t): t is string => typeof t === 'string');
  if (types.length === 0) return [];
  // A value of one of the schema's own types is not wrong (e.g. ['string', 'null']).
  const own = (v: unknown) =>
    types.some((t) =>
      t === 'null'
        ? v === null
        : t === 'array'
          ? Array.isArray(v)
          : t === 'integer'
            ? Number.isInteger(v)
            : t === typeof v && !Array.isArray(v) && v !== null,
    );
  return types.flatMap((t) => WRONG_TYPES[t] ?? []).filter((v) => !own(v));
}

test('wrong JSON types in bodies are refused naming the field and change nothing (destructive routes included)', async () => {
  const started = Date.now();
  const typeWatch = new DbWatch(ctx.db);
  const problems: string[] = [];
  let typeCases = 0;
  for (const route of routes) {
    const schema = route.schema.body;
    const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
    if (!schema || Object.keys(properties).length === 0) continue;
    const headers = { ...(await headersFor(route)), 'content-type': 'application/json' };
    const sample = (sampleOf(schema) as Record<string, unknown> | undefined) ?? {};
    const url = fillUrl(route.url, sampleParams(route));
    await typeWatch.reset();
    for (const [field, propSchema] of Object.entries(properties)) {
      for (const value of wrongValuesFor(propSchema)) {
        typeCases++;
        const res = await ctx.app.inject({
          method: route.method as 'POST',
          url,
          headers,
          payload: JSON.stringify({ ...sample, [field]: value }),
        });
        const label = `${route.key} ${field}=${JSON.stringify(value)} → ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (res.statusCode !== 400 && res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode !== 404)
          problems.push(`accepted: ${label}`);
        else if (res.statusCode === 400) {
          const errors = (res.json() as { errors?: { field: string }[] }).errors ?? [];
          if (!errors.some((e) => e.field === field || e.field.startsWith(`${field}.`)))
            problems.push(`400 without ${field}: ${label}`);
        }
        const changed = await typeWatch.changes();
        if (changed.length > 0) problems.push(`changed ${changed.join(', ')}: ${label}`);
      }
    }
  }
  console.info(`wrong JSON types: ${typeCases} cases in ${Math.round((Date.now() - started) / 1000)} s`);
  expect(problems).toEqual([]);
}, 240_000);

test('bulk delete takes an explicit array of ids: true, "2" and 2 delete nothing', async () => {
  const headers = (await tokenFor(ctx, DEMO.customer.email)).headers;
  const userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email]))
    .rows[0]!.id;
  const ids: number[] = [];
  for (const name of ['Keep one', 'Keep two']) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers,
      payload: { name, list_type: 'company' },
    });
    ids.push((res.json() as { campaign: { id: number } }).campaign.id);
  }
  const count = async () =>
    Number(
      (await ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM campaigns WHERE user_id = $1', [userId])).rows[0]!
        .n,
    );
  const before = await count();
  for (const resultIds of [true, `${ids[0]}`, ids[1], `${ids[0]},${ids[1]}`, [`${ids[0]}`], [true]]) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/campaigns/bulk-delete',
      headers,
      payload: { resultIds },
    });
    expect({ resultIds, status: res.statusCode }).toEqual({ resultIds, status: 400 });
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    expect((res.json() as { field: string }).field).toMatch(/^resultIds/);
  }
  expect(await count()).toBe(before);
  const ok = await ctx.app.inject({
    method: 'POST',
    url: '/api/campaigns/bulk-delete',
    headers,
    payload: { resultIds: ids },
  });
  expect(ok.json()).toMatchObject({ deleted: 2 });
});
