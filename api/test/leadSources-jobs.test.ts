import { installLeadSources, loadLeadSourcesConfig } from '../src/providers/leads';
import { FAKE_KEYS, startFakeLeadVendors, testSourceDeps, type FakeLeadVendors } from './fakeLeadVendors';
import { bearer, createTestApp, DEMO, json, login, searchJobStatus, type TestContext } from './helpers';
import { enrichAndWait } from './support/enrichment';
import { GOOGLE_PLAIN_KEY_DROPPED } from '../src/db/schema/core';
import { migrateSealingGoogleApiKeys, openGoogleApiKey } from '../src/users/googleApiKeys';

let ctx: TestContext;
let fake: FakeLeadVendors;
let token: string;
let userId: number;
let uninstall: () => void;

beforeAll(async () => {
  fake = await startFakeLeadVendors();
  const config = loadLeadSourcesConfig({
    NOMINATIM_URL: fake.url('nominatim'),
    OVERPASS_URL: fake.url('overpass'),
    HUNTER_API_KEY: FAKE_KEYS.hunter,
    HUNTER_URL: fake.url('hunter'),
    APOLLO_API_KEY: FAKE_KEYS.apollo,
    APOLLO_URL: fake.url('apollo'),
    GOOGLE_PLACES_URL: fake.url('google'),
    LEAD_EMAIL_WATERFALL: 'hunter',
  });
  uninstall = installLeadSources(config, {}, testSourceDeps());
  ctx = await createTestApp();
  token = await login(ctx.app, DEMO.customer);
  userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email])).rows[0]!
    .id;
}, 60_000);
afterAll(async () => {
  uninstall();
  await ctx.close();
  await fake.close();
});

const balance = async () =>
  (
    await ctx.db.query<{ n: number }>(
      'SELECT monthly + additional + rolled_over AS n FROM credit_wallets WHERE user_id = $1',
      [userId],
    )
  ).rows[0]!.n;

/** List names are unique per account: each list this file makes gets its own. */
let listSeq = 0;
async function createList(listType: string, isDemo = false): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: bearer(token),
    payload: {
      name: `Sources ${listType} ${isDemo} ${(listSeq += 1)}`,
      list_type: listType,
      ...(isDemo ? { is_demo: true } : {}),
    },
  });
  expect(res.statusCode).toBe(201);
  return json<{ campaign: { id: number } }>(res).campaign.id;
}

test('search options name the real source per type, and say why a type without one shows demo data', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/search-options', headers: bearer(token) });
  const providers = json<{ providers: Record<string, { id: string; demo: boolean; demo_reason: string | null }> }>(
    res,
  ).providers;
  expect(providers.local).toEqual({ id: 'osm', demo: false, demo_reason: null });
  expect(providers.domain).toEqual({ id: 'hunter', demo: false, demo_reason: null });
  expect(providers.people).toEqual({ id: 'apollo', demo: false, demo_reason: null });
  expect(providers.influencer).toEqual({ id: 'demo', demo: true, demo_reason: 'no_source' });
});

test('a local search fills the list from OpenStreetMap and Hunter, charging only the places that came with a contact', async () => {
  const listId = await createList('local');
  const before = await balance();
  const start = await ctx.app.inject({
    method: 'POST',
    url: '/api/searches',
    headers: bearer(token),
    payload: {
      type: 'local',
      campaign_id: listId,
      location: 'Porto',
      count: 20,
      filters: { categories: ['Restaurant', 'Dentist'] },
    },
  });
  expect(start.statusCode).toBe(201);
  const job = json<{ job: { id: number; demo_data: boolean } }>(start).job;
  expect(job.demo_data).toBe(false);
  await ctx.app.queue.drain();
  expect(await searchJobStatus(ctx.db, job.id)).toBe('done');

  const rows = (
    await ctx.db.query<{
      name: string;
      email: string | null;
      phone: string | null;
      email_status: string;
      credits: number;
      data: { social: Record<string, unknown> };
    }>(
      'SELECT name, email, phone, email_status, credits, data FROM campaign_results WHERE campaign_id = $1 ORDER BY id',
      [listId],
    )
  ).rows;
  expect(rows.map((r) => r.name)).toEqual([
    'Tasca do Rio',
    'Casa Foz',
    'Clínica Dentária Boavista',
    'O Tripeiro',
    'Cantinho do Avillez',
    'Adega Campanhã',
    'Sorriso Oriental',
  ]);
  const withContact = rows.filter((r) => r.email || r.phone);
  // Cantinho do Avillez and Sorriso Oriental have neither website nor phone: stored, free of charge.
  expect(rows.filter((r) => !r.email && !r.phone).map((r) => [r.name, r.credits, r.email_status])).toEqual([
    ['Cantinho do Avillez', 0, 'not_found'],
    ['Sorriso Oriental', 0, 'not_found'],
  ]);
  expect(withContact.every((r) => r.credits === 1)).toBe(true);
  expect(before - (await balance())).toBe(withContact.length);
  const tripeiro = rows.find((r) => r.name === 'O Tripeiro')!.data as {
    social: Record<string, unknown>;
    email_source?: Record<string, unknown>;
  };
  expect(tripeiro.social).toMatchObject({ opening_hours: 'Tu-Su 12:00-15:00,19:00-22:30' });
  // Revealed with the email: which source found it, shown on the result page.
  expect(tripeiro.email_source).toMatchObject({ provider: 'hunter', url: 'http://tripeiro.test/team' });
});

test('a people search through Apollo charges 3 credits per person that came with an email, none for the others', async () => {
  const listId = await createList('people');
  const before = await balance();
  const start = await ctx.app.inject({
    method: 'POST',
    url: '/api/searches',
    headers: bearer(token),
    payload: {
      type: 'people',
      campaign_id: listId,
      location: 'Porto',
      count: 8,
      filters: { job_title: 'Sales', seniority: ['Director'] },
    },
  });
  expect(start.statusCode).toBe(201);
  await ctx.app.queue.drain();
  expect(await searchJobStatus(ctx.db, json<{ job: { id: number } }>(start).job.id)).toBe('done');
  const rows = (
    await ctx.db.query<{ email: string | null; phone: string | null; email_status: string; credits: number }>(
      'SELECT email, phone, email_status, credits FROM campaign_results WHERE campaign_id = $1 ORDER BY id',
      [listId],
    )
  ).rows;
  expect(rows).toHaveLength(8);
  // Fixture: every fourth person has no email (Apollo "unavailable") and no phone.
  expect(rows.map((r) => r.email_status)).toEqual([
    'found',
    'found',
    'potential',
    'not_found',
    'found',
    'found',
    'potential',
    'not_found',
  ]);
  const charged = rows.filter((r) => r.email || r.phone);
  expect(charged).toHaveLength(6);
  expect(rows.filter((r) => !r.email && !r.phone).every((r) => r.credits === 0)).toBe(true);
  // The sixth and seventh people are the first and second again (same name, email and LinkedIn URL in the fixture):
  // a contact is charged once (issue 29).
  expect(rows.map((r) => r.credits)).toEqual([3, 3, 3, 0, 3, 0, 0, 0]);
  expect(before - (await balance())).toBe(4 * 3);
});

test('a refused key stops the search and the list says which source refused it', async () => {
  const listId = await createList('people');
  // The key was revoked at Apollo since it was configured.
  fake.queue('apollo', { status: 401, body: { error: 'Invalid access credentials.', error_code: 'INVALID_API_KEY' } });
  const start = await ctx.app.inject({
    method: 'POST',
    url: '/api/searches',
    headers: bearer(token),
    payload: { type: 'people', campaign_id: listId, location: 'Lisboa', count: 5, filters: { job_title: 'Refused' } },
  });
  expect(start.statusCode).toBe(201);
  await ctx.app.queue.drain();
  const res = await ctx.app.inject({ method: 'GET', url: `/api/campaigns/${listId}`, headers: bearer(token) });
  const job = json<{ job: { status: string; stop_reason: string; source_error: unknown } }>(res).job;
  expect(job).toMatchObject({
    status: 'stopped',
    stop_reason: 'source_error',
    source_error: { source: 'apollo', code: 'key_refused' },
  });
});

test('get phones refused by the source ends at once and the list says which source refused it', async () => {
  const listId = await createList('people');
  const start = await ctx.app.inject({
    method: 'POST',
    url: '/api/searches',
    headers: bearer(token),
    payload: {
      type: 'people',
      campaign_id: listId,
      location: 'Porto',
      count: 4,
      filters: { job_title: 'Phones refused' },
    },
  });
  expect(start.statusCode).toBe(201);
  await ctx.app.queue.drain();
  await ctx.db.query('UPDATE campaign_results SET phone = NULL WHERE campaign_id = $1', [listId]);
  const calls = fake.of('apollo').length;
  // The key was revoked at Apollo since the search.
  fake.queue('apollo', { status: 401, body: { error: 'Invalid access credentials.', error_code: 'INVALID_API_KEY' } });
  const job = await enrichAndWait(ctx, `/api/people-results/${listId}/get-phones`, token, { all_matching: true });
  // Not retried: one call, the request failed, nothing charged.
  expect(fake.of('apollo')).toHaveLength(calls + 1);
  expect(job).toMatchObject({ status: 'failed', checked: 0, credits_charged: 0 });
  const list = json<{ enrichment: { status: string; source_error: unknown } }>(
    await ctx.app.inject({ method: 'GET', url: `/api/campaigns/${listId}`, headers: bearer(token) }),
  );
  expect(list.enrichment).toMatchObject({ status: 'failed', source_error: { source: 'apollo', code: 'key_refused' } });
});

test('a passing outage is recorded on the job and the step is retried by the queue', async () => {
  const listId = await createList('people');
  for (let i = 0; i < 3; i += 1) fake.queue('apollo', { status: 503, body: { error: 'Service Unavailable' } });
  const start = await ctx.app.inject({
    method: 'POST',
    url: '/api/searches',
    headers: bearer(token),
    payload: { type: 'people', campaign_id: listId, location: 'Faro', count: 2, filters: { job_title: 'Outage' } },
  });
  expect(start.statusCode).toBe(201);
  await expect(ctx.app.queue.drain()).rejects.toMatchObject({ source: 'apollo', code: 'unavailable' });
  const jobId = json<{ job: { id: number } }>(start).job.id;
  const row = (
    await ctx.db.query<{ status: string; source_error: unknown }>(
      'SELECT status, source_error FROM search_jobs WHERE id = $1',
      [jobId],
    )
  ).rows[0]!;
  expect(row).toEqual({ status: 'running', source_error: { source: 'apollo', code: 'unavailable' } });
});

test("a user's own Google API key, set in their settings, turns their local searches to Google Places", async () => {
  const setKey = (google_api_key: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/me/google-api-key',
      headers: bearer(token),
      payload: { google_api_key },
    });
  const bad = await setKey('not-a-google-key');
  expect(bad.statusCode).toBe(400);
  expect(json<{ errors: { field: string; message: string }[] }>(bad).errors).toEqual([
    expect.objectContaining({
      field: 'google_api_key',
      message: 'A Google API key starts with AIza and has 39 characters.',
    }),
  ]);
  const saved = await setKey(FAKE_KEYS.googleUser);
  expect(json(saved)).toMatchObject({
    has_google_api_key: true,
    message: 'Your Google API key is saved: your local searches use Google Places with it.',
  });
  const me = async () =>
    json<{ has_google_api_key: boolean }>(
      await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) }),
    );
  expect(await me()).toMatchObject({ has_google_api_key: true });
  // Write-only: the key never comes back. Stored sealed under APP_SECRET: the database holds no plain key.
  expect(JSON.stringify(await me())).not.toContain(FAKE_KEYS.googleUser);
  const stored = (
    await ctx.db.query<{ google_api_key_sealed: string }>('SELECT google_api_key_sealed FROM users WHERE email = $1', [
      DEMO.customer.email,
    ])
  ).rows[0]!;
  expect(stored.google_api_key_sealed).toMatch(/^v1\./);
  expect(stored.google_api_key_sealed).not.toContain(FAKE_KEYS.googleUser.slice(4));
  try {
    const listId = await createList('local');
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/searches',
      headers: bearer(token),
      payload: {
        type: 'local',
        campaign_id: listId,
        location: 'Porto',
        count: 3,
        filters: { categories: ['Florist'] },
      },
    });
    expect(start.statusCode).toBe(201);
    await ctx.app.queue.drain();
    const keys = (
      await ctx.db.query<{ record_key: string }>(
        'SELECT record_key FROM campaign_results WHERE campaign_id = $1 ORDER BY id',
        [listId],
      )
    ).rows.map((r) => r.record_key);
    expect(keys).toEqual(['google:ChIJFlorist0000', 'google:ChIJFlorist0001', 'google:ChIJFlorist0002']);
    expect(fake.of('google').at(-1)!.headers['x-goog-api-key']).toBe(FAKE_KEYS.googleUser);
  } finally {
    const removed = await ctx.app.inject({ method: 'DELETE', url: '/api/me/google-api-key', headers: bearer(token) });
    expect(json(removed)).toMatchObject({ has_google_api_key: false });
  }
  expect(await me()).toMatchObject({ has_google_api_key: false });
});

test('a Google API key still stored in plain text is sealed by the start before the migration that drops its column', async () => {
  // A database from before that migration (its plain column back, the migration not applied), upgraded by two processes starting together.
  await ctx.db.exec('ALTER TABLE users ADD COLUMN google_api_key text');
  await ctx.db.query('DELETE FROM schema_migrations WHERE id = $1', [GOOGLE_PLAIN_KEY_DROPPED]);
  const emails = [DEMO.basic.email, DEMO.reseller.email];
  try {
    await ctx.db.query(
      "UPDATE users SET google_api_key = CASE email WHEN $1 THEN $3 ELSE '' END WHERE email IN ($1, $2)",
      [...emails, FAKE_KEYS.googleUser],
    );
    const secret = ctx.app.deps.config.appSecret;
    const applied = await Promise.all([
      migrateSealingGoogleApiKeys(ctx.db, secret),
      migrateSealingGoogleApiKeys(ctx.db, secret),
    ]);
    expect(applied.flat()).toEqual([GOOGLE_PLAIN_KEY_DROPPED]);
    expect(await migrateSealingGoogleApiKeys(ctx.db, secret)).toEqual([]);
    // The plain column is gone; the key opens from its sealed copy; an empty one is no key.
    const columns = await ctx.db.query(
      "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'users' AND column_name LIKE 'google_api_key%'",
    );
    expect(columns.rows).toEqual([{ column_name: 'google_api_key_sealed' }]);
    const rows = (
      await ctx.db.query<{ email: string; google_api_key_sealed: string | null }>(
        'SELECT email, google_api_key_sealed FROM users WHERE email IN ($1, $2)',
        emails,
      )
    ).rows;
    expect(Object.fromEntries(rows.map((r) => [r.email, openGoogleApiKey(secret, r.google_api_key_sealed)]))).toEqual({
      [DEMO.basic.email]: FAKE_KEYS.googleUser,
      [DEMO.reseller.email]: null,
    });
    expect(rows.find((r) => r.email === DEMO.basic.email)!.google_api_key_sealed).not.toContain(
      FAKE_KEYS.googleUser.slice(4),
    );
  } finally {
    await ctx.db.exec('ALTER TABLE users DROP COLUMN IF EXISTS google_api_key');
    await ctx.db.query('UPDATE users SET google_api_key_sealed = NULL WHERE email IN ($1, $2)', emails);
  }
});

test('a demo list gets demo data whatever sources are configured, and says so', async () => {
  const listId = await createList('local', true);
  // What a local search for bakeries would ask its sources (Google's text query, Overpass's shop=bakery). No other
  // test of this file searches bakeries: a job of an earlier test retried meanwhile does not count.
  const bakeryRequests = () => fake.requests.filter((r) => /bakery/i.test(`${r.body} ${r.query.toString()}`)).length;
  const requestsBefore = bakeryRequests();
  const start = await ctx.app.inject({
    method: 'POST',
    url: '/api/searches',
    headers: bearer(token),
    payload: {
      type: 'local',
      campaign_id: listId,
      location: 'Porto',
      count: 3,
      filters: { categories: ['Bakery'] },
    },
  });
  expect(start.statusCode).toBe(201);
  expect(json<{ job: { demo_data: boolean } }>(start).job.demo_data).toBe(true);
  await ctx.app.queue.drain();
  expect(bakeryRequests()).toBe(requestsBefore);
});
