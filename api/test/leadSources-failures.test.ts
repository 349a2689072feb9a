import { createServer } from 'node:net';
import {
  demoRecord,
  installLeadSources,
  LeadSourceError,
  loadLeadSourcesConfig,
  registerLeadProvider,
  type LeadRecord,
} from '../src/providers/leads';
import { composeProvider } from '../src/providers/leads/leadSources';
import { COST_PER_RECORD } from '@leadsmith/shared/constants';
import { startFakeLeadVendors, testSourceDeps, FAKE_KEYS, type FakeLeadVendors } from './fakeLeadVendors';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';

/**
 * When the sources cannot answer: a step that fails past the queue's retries ends the search as
 * failed (only what it stored is kept and charged); a source that refuses connections hands the
 * search to the next real source, and when none can answer the list shows demo data, labelled and
 * free. One retry, no delay: the queue gives up at once here (SEARCH_JOB_RETRIES, read when the app
 * defines its workers).
 */
let ctx: TestContext;
let fake: FakeLeadVendors;
let refusing: string;
let token: string;
let userId: number;
const savedEnv = { retries: process.env.SEARCH_JOB_RETRIES, delay: process.env.SEARCH_JOB_RETRY_DELAY_SECONDS };

/** A loopback address nothing listens on: connections to it are refused. */
async function refusingUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  process.env.SEARCH_JOB_RETRIES = '1';
  process.env.SEARCH_JOB_RETRY_DELAY_SECONDS = '0';
  fake = await startFakeLeadVendors();
  refusing = await refusingUrl();
  ctx = await createTestApp();
  token = await login(ctx.app, DEMO.customer);
  userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email])).rows[0]!
    .id;
}, 60_000);
afterAll(async () => {
  process.env.SEARCH_JOB_RETRIES = savedEnv.retries;
  process.env.SEARCH_JOB_RETRY_DELAY_SECONDS = savedEnv.delay;
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
const searchesUsed = async () =>
  (await ctx.db.query<{ n: number }>('SELECT searches_used AS n FROM users WHERE id = $1', [userId])).rows[0]!.n;

async function startSearch(
  type: string,
  count: number,
  filters: Record<string, unknown>,
): Promise<{ listId: number; jobId: number }> {
  const list = await ctx.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: bearer(token),
    payload: { name: `Failures ${type} ${count} ${JSON.stringify(filters)}`, list_type: type },
  });
  const listId = json<{ campaign: { id: number } }>(list).campaign.id;
  const start = await ctx.app.inject({
    method: 'POST',
    url: '/api/searches',
    headers: bearer(token),
    payload: { type, campaign_id: listId, location: 'Porto', count, filters },
  });
  expect(start.statusCode).toBe(201);
  return { listId, jobId: json<{ job: { id: number } }>(start).job.id };
}

async function listJob(listId: number) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/campaigns/${listId}`, headers: bearer(token) });
  return json<{
    status: string;
    job: {
      status: string;
      stop_reason: string | null;
      source_error: unknown;
      provider: string;
      demo_data: boolean;
      demo_reason: string | null;
      produced: number;
      credits_charged: number;
    };
  }>(res);
}

test('a step that still fails after the retries ends the search as failed, keeping and charging only what it stored', async () => {
  // A people source that answers the first 100 records, then is down for good.
  const undo = registerLeadProvider(
    composeProvider({
      id: 'apollo',
      search: async function* (query, { offset }): AsyncIterable<LeadRecord> {
        if (offset >= 100) throw new LeadSourceError('apollo', 'unavailable', 'connect ECONNREFUSED');
        for (let i = offset; i < 100; i++) yield demoRecord(query, i);
      },
    }),
    ['people'],
  );
  try {
    const before = { credits: await balance(), used: await searchesUsed() };
    const { listId, jobId } = await startSearch('people', 150, { job_title: 'Buyer' });
    await expect(ctx.app.queue.drain()).rejects.toMatchObject({ source: 'apollo', code: 'unavailable' });

    const list = await listJob(listId);
    expect(list.job).toMatchObject({
      status: 'stopped',
      stop_reason: 'failed',
      source_error: { source: 'apollo', code: 'unavailable' },
      produced: 100,
      demo_data: false,
    });
    expect(list.status).toBe('incomplete');
    const rows = (
      await ctx.db.query<{ email_status: string; credits: number; contact: boolean }>(
        `SELECT email_status, credits, (COALESCE(email, '') <> '' OR COALESCE(phone, '') <> '') AS contact FROM campaign_results WHERE job_id = $1`,
        [jobId],
      )
    ).rows;
    expect(rows).toHaveLength(100);
    // The 100 stored results were revealed: none left "looking", charged only those with a contact.
    expect(rows.filter((r) => r.email_status === 'looking')).toHaveLength(0);
    const withContact = rows.filter((r) => r.contact).length;
    expect(withContact).toBeGreaterThan(0);
    expect(rows.every((r) => r.credits === (r.contact ? COST_PER_RECORD.people : 0))).toBe(true);
    expect(list.job.credits_charged).toBe(withContact * COST_PER_RECORD.people);
    expect(before.credits - (await balance())).toBe(withContact * COST_PER_RECORD.people);
    // The 50 never found go back to the search limit.
    expect((await searchesUsed()) - before.used).toBe(100);

    // The dead letter again (a second delivery) changes nothing.
    await ctx.app.queue.send('search-job-failed', { jobId });
    await ctx.app.queue.drain();
    expect((await listJob(listId)).job.credits_charged).toBe(withContact * COST_PER_RECORD.people);
  } finally {
    undo();
  }
});

describe('sources that refuse connections', () => {
  test('Google Places refusing connections hands the local search to OpenStreetMap, which fills it with real places', async () => {
    const uninstall = installLeadSources(
      loadLeadSourcesConfig({
        GOOGLE_PLACES_API_KEY: FAKE_KEYS.google,
        GOOGLE_PLACES_URL: refusing,
        NOMINATIM_URL: fake.url('nominatim'),
        OVERPASS_URL: fake.url('overpass'),
        LEAD_EMAIL_WATERFALL: 'hunter',
      }),
      {},
      testSourceDeps(),
    );
    try {
      const { listId } = await startSearch('local', 5, { categories: ['Restaurant', 'Dentist'] });
      await ctx.app.queue.drain();
      const list = await listJob(listId);
      expect(list.job).toMatchObject({
        status: 'done',
        provider: 'osm',
        demo_data: false,
        demo_reason: null,
        source_error: null,
      });
      const names = (
        await ctx.db.query<{ name: string }>('SELECT name FROM campaign_results WHERE campaign_id = $1 ORDER BY id', [
          listId,
        ])
      ).rows.map((r) => r.name);
      expect(names).toEqual([
        'Tasca do Rio',
        'Casa Foz',
        'Clínica Dentária Boavista',
        'O Tripeiro',
        'Cantinho do Avillez',
      ]);
    } finally {
      uninstall();
    }
  });

  test('when no real source can be reached the list shows demo data, says which source failed, and charges nothing', async () => {
    const uninstall = installLeadSources(
      loadLeadSourcesConfig({
        GOOGLE_PLACES_API_KEY: FAKE_KEYS.google,
        GOOGLE_PLACES_URL: refusing,
        NOMINATIM_URL: refusing,
        OVERPASS_URL: refusing,
        LEAD_EMAIL_WATERFALL: 'hunter',
      }),
      {},
      testSourceDeps(),
    );
    try {
      const before = { credits: await balance(), used: await searchesUsed() };
      const { listId, jobId } = await startSearch('local', 12, { categories: ['Bakery'] });
      // Google Places refused, then OpenStreetMap refused on every attempt the queue made.
      await expect(ctx.app.queue.drain()).rejects.toMatchObject({ source: 'osm', code: 'unavailable' });
      const list = await listJob(listId);
      expect(list.job).toMatchObject({
        status: 'done',
        provider: 'demo',
        demo_data: true,
        demo_reason: 'unreachable',
        source_error: { source: 'osm', code: 'unavailable' },
        produced: 12,
        credits_charged: 0,
      });
      const rows = (
        await ctx.db.query<{ email: string | null; credits: number }>(
          'SELECT email, credits FROM campaign_results WHERE job_id = $1',
          [jobId],
        )
      ).rows;
      expect(rows).toHaveLength(12);
      // Demo records come with invented emails: shown, never charged, and no search-limit use.
      expect(rows.some((r) => r.email)).toBe(true);
      expect(rows.every((r) => r.credits === 0)).toBe(true);
      expect(await balance()).toBe(before.credits);
      expect(await searchesUsed()).toBe(before.used);
    } finally {
      uninstall();
    }
  });
  test('a source whose host name does not resolve (an offline machine) gives labelled demo data at once, without a retry', async () => {
    // .invalid never resolves (RFC 6761).
    const offline = 'http://osm.leadsmith.invalid';
    const uninstall = installLeadSources(
      loadLeadSourcesConfig({ NOMINATIM_URL: offline, OVERPASS_URL: offline, LEAD_EMAIL_WATERFALL: 'hunter' }),
      {},
      testSourceDeps(),
    );
    try {
      const before = await balance();
      const { listId } = await startSearch('local', 4, { categories: ['Florist'] });
      // No step fails (the search above, on refused connections, rejects here): nothing for the queue to retry.
      await ctx.app.queue.drain();
      const list = await listJob(listId);
      expect(list.job).toMatchObject({
        status: 'done',
        provider: 'demo',
        demo_data: true,
        demo_reason: 'unreachable',
        source_error: { source: 'osm', code: 'unavailable' },
        produced: 4,
        credits_charged: 0,
      });
      expect(await balance()).toBe(before);
    } finally {
      uninstall();
    }
  });
});
