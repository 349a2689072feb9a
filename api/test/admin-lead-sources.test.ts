import type { ApiResponse } from '../../shared/src/api/contract';
import { openToken } from '../src/providers/crm/tokenBox';
import { providerFor } from '../src/providers/leads';
import {
  freshLeadSources,
  refreshLeadSources,
  refreshLeadSourcesEvery,
  reloadLeadSources,
  saveLeadSource,
} from '../src/providers/leads/sourceSettings';
import { FAKE_KEYS, startFakeLeadVendors, testSourceDeps, type FakeLeadVendors } from './fakeLeadVendors';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';

let ctx: TestContext;
let fake: FakeLeadVendors;
let admin: Record<string, string>;
let customer: Record<string, string>;

type Overview = ApiResponse<'/api/admin/lead-sources', 'get'>;

beforeAll(async () => {
  fake = await startFakeLeadVendors();
  ctx = await createTestApp();
  admin = bearer(await login(ctx.app, DEMO.admin));
  customer = bearer(await login(ctx.app, DEMO.customer));
  // What server.ts does at start, with the fakes' base URLs and the Hunter key from the environment.
  await reloadLeadSources({
    db: ctx.db,
    secret: ctx.config.appSecret,
    env: {
      NOMINATIM_URL: fake.url('nominatim'),
      OVERPASS_URL: fake.url('overpass'),
      HUNTER_API_KEY: FAKE_KEYS.hunter,
      HUNTER_URL: fake.url('hunter'),
      APOLLO_URL: fake.url('apollo'),
      GOOGLE_PLACES_URL: fake.url('google'),
      YOUTUBE_URL: fake.url('youtube'),
    },
    deps: testSourceDeps(),
    // Without the domain engine: the domain type then falls to Hunter, which the tests switch.
    extras: {},
  });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const get = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/lead-sources', headers: admin });
  expect(res.statusCode).toBe(200);
  return json<Overview>(res);
};
const source = (o: Overview, id: string) => o.sources.find((s) => s.id === id)!;
const put = (url: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url, headers: admin, payload });

test('only the super admin sees and changes the sources', async () => {
  expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/lead-sources', headers: customer })).statusCode).toBe(
    403,
  );
  expect(
    (
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/lead-sources/apollo',
        headers: customer,
        payload: { api_key: 'x' },
      })
    ).statusCode,
  ).toBe(403);
  expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/lead-sources' })).statusCode).toBe(401);
});

test('lists every source: keyless engines on, keys set by the environment or not, order per type, who serves each type', async () => {
  const o = await get();
  expect(o.sources.map((s) => s.id)).toEqual([
    'osm',
    'google_places',
    'apollo',
    'hunter',
    'site',
    'modash',
    'youtube',
    'ipinfo',
    'reverse_dns',
    'wikidata',
  ]);
  expect(source(o, 'osm')).toMatchObject({ keyed: false, enabled: true, key_set: false, serves: ['local'] });
  expect(source(o, 'hunter')).toMatchObject({
    keyed: true,
    key_set: true,
    key_from: 'environment',
    serves: ['domain', 'email'],
  });
  expect(source(o, 'apollo')).toMatchObject({
    key_set: false,
    key_from: null,
    serves: ['people', 'group', 'company', 'email'],
  });
  expect(o.order.local).toEqual(['google_places', 'osm']);
  expect(o.order.email).toEqual(['site', 'hunter', 'apollo']);
  expect(o.serving.local).toMatchObject({ id: 'osm', demo: false });
  expect(o.serving.people).toEqual({ id: 'demo', demo: true, demo_reason: 'no_source' });
});

test('a key set here is sealed at rest, never shown back, and switches the source on at once', async () => {
  const res = await put('/api/admin/lead-sources/apollo', { api_key: FAKE_KEYS.apollo });
  expect(res.statusCode).toBe(200);
  expect(res.body).not.toContain(FAKE_KEYS.apollo);
  expect(source(json<Overview>(res), 'apollo')).toMatchObject({ key_set: true, key_from: 'admin' });
  const stored = (
    await ctx.db.query<{ api_key_sealed: string }>(
      `SELECT api_key_sealed FROM lead_source_settings WHERE source = 'apollo'`,
    )
  ).rows[0]!.api_key_sealed;
  expect(stored).not.toContain(FAKE_KEYS.apollo);
  expect(openToken(ctx.config.appSecret, stored)).toBe(FAKE_KEYS.apollo);
  expect(providerFor('people').id).toBe('apollo');
  expect(json<Overview>(res).serving.people).toEqual({ id: 'apollo', demo: false, demo_reason: null });

  // Bad input names the field.
  const keyless = await put('/api/admin/lead-sources/osm', { api_key: 'abc' });
  expect(keyless.statusCode).toBe(422);
  expect(keyless.body).toContain('api_key');
  expect((await put('/api/admin/lead-sources/apollo', { api_key: 'has space' })).statusCode).toBe(400);
  expect((await put('/api/admin/lead-sources/nope', { enabled: true })).statusCode).toBe(400);
});

test('switching a source off hands its types to the next source, or to demo data', async () => {
  expect(providerFor('domain').id).toBe('hunter');
  const off = await put('/api/admin/lead-sources/hunter', { enabled: false });
  expect(source(json<Overview>(off), 'hunter')).toMatchObject({ enabled: false, key_set: true });
  expect(json<Overview>(off).serving.domain).toEqual({ id: 'demo', demo: true, demo_reason: 'no_source' });
  await put('/api/admin/lead-sources/hunter', { enabled: true });
  expect(providerFor('domain').id).toBe('hunter');
});

test('a change another API process stored reaches this one at its next check, without a restart', async () => {
  expect(providerFor('domain').id).toBe('hunter');
  expect(await refreshLeadSources()).toBe(false);
  // What another process's Admin → Searchers does: it stores the change (moving the settings' version) and reloads only itself.
  await saveLeadSource(ctx.db, ctx.config.appSecret, 'hunter', { enabled: false });
  expect(providerFor('domain').id).toBe('hunter');
  expect(await refreshLeadSources()).toBe(true);
  expect(providerFor('domain').id).toBe('demo');
  await saveLeadSource(ctx.db, ctx.config.appSecret, 'hunter', { enabled: true });
  expect(await refreshLeadSources()).toBe(true);
  expect(providerFor('domain').id).toBe('hunter');
  expect(await refreshLeadSources()).toBe(false);
});

test('the check is made on use, at most once per LEAD_SOURCES_REFRESH_SECONDS: a use soon after the last read reads nothing', async () => {
  await saveLeadSource(ctx.db, ctx.config.appSecret, 'hunter', { enabled: false });
  try {
    // Read just now (by the test above): a use within the interval keeps the sources as they are.
    refreshLeadSourcesEvery(3_600_000);
    await freshLeadSources();
    expect(providerFor('domain').id).toBe('hunter');
    // The interval has passed: the next use reads the version and rebuilds.
    refreshLeadSourcesEvery(0);
    await freshLeadSources();
    expect(providerFor('domain').id).toBe('demo');
  } finally {
    refreshLeadSourcesEvery(5_000);
    await saveLeadSource(ctx.db, ctx.config.appSecret, 'hunter', { enabled: true });
    await reloadLeadSources();
  }
  expect(providerFor('domain').id).toBe('hunter');
});

test('the order per type decides which configured source serves it', async () => {
  await put('/api/admin/lead-sources/google_places', { api_key: FAKE_KEYS.google });
  expect(providerFor('local').id).toBe('google_places');
  const reordered = await put('/api/admin/lead-sources/order/local', { sources: ['osm', 'google_places'] });
  expect(reordered.statusCode).toBe(200);
  expect(json<Overview>(reordered).order.local).toEqual(['osm', 'google_places']);
  expect(providerFor('local').id).toBe('osm');
  const wrong = await put('/api/admin/lead-sources/order/local', { sources: ['osm', 'apollo'] });
  expect(wrong.statusCode).toBe(422);
  expect(wrong.body).toContain('sources');
  expect((await put('/api/admin/lead-sources/order/email', { sources: ['apollo', 'hunter', 'site'] })).statusCode).toBe(
    200,
  );
  expect((await get()).order.email).toEqual(['apollo', 'hunter', 'site']);
});

test('the health check calls the source, counts the call this month and keeps the last error', async () => {
  const ok = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/lead-sources/apollo/check',
    headers: admin,
    payload: {},
  });
  expect(json<{ result: unknown }>(ok).result).toEqual({ ok: true });
  expect(fake.of('apollo').at(-1)!.path).toBe('/apollo/v1/auth/health');
  const before = source(json<Overview>(ok), 'youtube');

  await put('/api/admin/lead-sources/youtube', { api_key: 'wrong-key' });
  const bad = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/lead-sources/youtube/check',
    headers: admin,
    payload: {},
  });
  expect(json<{ result: unknown }>(bad).result).toEqual({ ok: false, code: 'key_refused' });
  // YouTube's videoCategories.list costs 1 quota unit, refused or not (its quota calculator); Apollo gives no units.
  expect(source(json<Overview>(bad), 'youtube')).toMatchObject({
    calls_this_month: before.calls_this_month + 1,
    failures_this_month: before.failures_this_month + 1,
    units_this_month: before.units_this_month + 1,
    last_error: 'key_refused',
  });
  expect(source(json<Overview>(bad), 'apollo').units_this_month).toBe(0);

  const none = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/lead-sources/modash/check',
    headers: admin,
    payload: {},
  });
  expect(json<{ result: unknown }>(none).result).toEqual({ ok: false, code: 'no_key' });
  const osm = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/lead-sources/osm/check',
    headers: admin,
    payload: {},
  });
  expect(json<{ result: unknown }>(osm).result).toEqual({ ok: true });
  expect(source(json<Overview>(osm), 'osm').calls_this_month).toBeGreaterThanOrEqual(2);
});

test("each source's cost this month is its calls × the cost per call the admin set", async () => {
  const apollo = (overview: Overview) => source(overview, 'apollo');
  const before = apollo(
    json<Overview>(await ctx.app.inject({ method: 'GET', url: '/api/admin/lead-sources', headers: admin })),
  );
  expect(before).toMatchObject({ cost_per_call: null, cost_this_month: null });
  expect(before.calls_this_month).toBeGreaterThan(0);
  const set = json<Overview>(await put('/api/admin/lead-sources/apollo', { cost_per_call: 0.0125 }));
  expect(apollo(set)).toMatchObject({
    cost_per_call: 0.0125,
    cost_this_month: Math.round(before.calls_this_month * 0.0125 * 100) / 100,
  });
  // One more call (the health check) costs one more call's price; the key and the switch are untouched.
  const checked = json<Overview>(
    await ctx.app.inject({ method: 'POST', url: '/api/admin/lead-sources/apollo/check', headers: admin, payload: {} }),
  );
  expect(apollo(checked)).toMatchObject({
    enabled: true,
    key_set: true,
    calls_this_month: before.calls_this_month + 1,
    cost_this_month: Math.round((before.calls_this_month + 1) * 0.0125 * 100) / 100,
  });
  const bad = await ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/lead-sources/apollo',
    headers: admin,
    payload: { cost_per_call: -1 },
  });
  expect([bad.statusCode, json(bad).field]).toEqual([400, 'cost_per_call']);
  expect(apollo(json<Overview>(await put('/api/admin/lead-sources/apollo', { cost_per_call: null })))).toMatchObject({
    cost_per_call: null,
    cost_this_month: null,
    enabled: true,
    key_set: true,
  });
});

test('started as server.ts starts it (no extras given), the site crawl is installed and its health check says so', async () => {
  await reloadLeadSources({ db: ctx.db, secret: ctx.config.appSecret, env: {}, deps: testSourceDeps() });
  const site = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/lead-sources/site/check',
    headers: admin,
    payload: {},
  });
  expect(json<{ result: unknown }>(site).result).toEqual({ ok: true });
});
