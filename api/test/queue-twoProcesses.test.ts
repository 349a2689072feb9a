import { migrate, openDb, type Db } from '../src/db';
import { seed } from '../src/seed';
import { startFakeCrm, type FakeCrm } from './fakeCrm';
import { DEMO } from './helpers';
import { createTestDatabase, type TestDatabase } from './support/postgres';
import {
  buildShippedServer,
  callServer as call,
  startShippedServer,
  stopShippedServer,
  type ShippedBuild,
  type ShippedServer,
} from './support/shippedServer';
import { until } from './support/until';

/**
 * Two API processes (the server as it ships, compiled from src) with PROCESS_ROLE=all on one
 * PostgreSQL database: both take jobs from the one queue. The fake CRM on loopback counts what it
 * receives: every row is pushed exactly once; a search's credits equal the credits of the results
 * it stored. (PGlite cannot be shared by two processes; this is the PostgreSQL deployment.)
 */
let build: ShippedBuild;
let database: TestDatabase;
let db: Db;
let crm: FakeCrm;
const servers: ShippedServer[] = [];

function startServer(): Promise<ShippedServer> {
  return startShippedServer(build, {
    DATABASE_URL: database.url,
    PROCESS_ROLE: 'all',
    SEED_DEMO: '0',
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1,localhost',
    CRM_GHL_TOKEN_URL: crm.tokenUrl,
    CRM_GHL_API_URL: crm.base,
    CRM_RETRY_BACKOFF_MS: '0',
    // A hung push stays in flight until the kill, however slow the machine (the default 10 s deadline would fail the batch first).
    CRM_TIMEOUT_MS: '120000',
    // Short expiry and supervision, so work of a killed worker is taken back within seconds here.
    QUEUE_JOB_EXPIRE_SECONDS: '3',
    QUEUE_SUPERVISE_SECONDS: '1',
    // An autopilot run held by a killed process is taken over by the next tick after this.
    AUTOPILOT_RUN_LEASE_SECONDS: '3',
    // Admin → Searchers changes made through the other process are picked up within a second.
    LEAD_SOURCES_REFRESH_SECONDS: '1',
  });
}

beforeAll(async () => {
  build = buildShippedServer('two');
  database = await createTestDatabase();
  db = await openDb({ databaseUrl: database.url, dataDir: ':memory:' });
  await migrate(db);
  await seed(db);
  crm = await startFakeCrm();
  servers.push(await startServer(), await startServer());
}, 240_000);

afterAll(async () => {
  for (const s of servers) await stopShippedServer(s.process, 'SIGTERM');
  await db?.close();
  await database?.drop({ force: true });
  await crm?.close();
  build?.remove();
}, 60_000);

test('two worker processes: 150 CRM rows pushed once each, and a search charges exactly the results it stored', async () => {
  const [a, b] = [servers[0]!, servers[1]!];
  const token = (await call<{ token: string }>(a.port, 'POST', '/auth/login', undefined, DEMO.customer)).json.token;
  const userId = (await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email]))
    .rows[0]!.id;
  await db.query('UPDATE users SET search_limit = 100000, searches_used = 0 WHERE id = $1', [userId]);
  await db.query('UPDATE credit_wallets SET monthly = 100000 WHERE user_id = $1', [userId]);

  // GoHighLevel connected the way the browser does it (the fake CRM exchanges the code).
  const { url } = (await call<{ url: string }>(a.port, 'POST', '/api/crm/connections/ghl/authorize', token)).json;
  expect(
    (
      await call(a.port, 'POST', '/api/crm/connections/callback', token, {
        code: 'two-processes',
        state: new URL(url).searchParams.get('state'),
      })
    ).status,
  ).toBe(200);

  // A search through process B, run by whichever worker takes it.
  const list = (
    await call<{ campaign: { id: number } }>(b.port, 'POST', '/api/campaigns', token, {
      name: 'Two processes',
      list_type: 'people',
    })
  ).json.campaign.id;
  const started = await call<{ job: { id: number } }>(b.port, 'POST', '/api/searches', token, {
    type: 'people',
    campaign_id: list,
    location: 'Austin, TX',
    count: 150,
    filters: { job_title: 'Marketing Manager' },
  });
  expect(started.status).toBe(201);
  const jobId = started.json.job.id;
  await until(
    'the search',
    async () =>
      (await db.query<{ status: string }>('SELECT status FROM search_jobs WHERE id = $1', [jobId])).rows[0]!.status !==
      'running',
  );
  const job = (
    await db.query<{ status: string; produced: number; credits_charged: number }>(
      'SELECT status, produced, credits_charged FROM search_jobs WHERE id = $1',
      [jobId],
    )
  ).rows[0]!;
  expect(job).toMatchObject({ status: 'done', produced: 150 });
  const stored = (
    await db.query<{ n: number; credits: number }>(
      'SELECT count(*)::int AS n, COALESCE(sum(credits), 0)::int AS credits FROM campaign_results WHERE job_id = $1',
      [jobId],
    )
  ).rows[0]!;
  expect(stored.n).toBe(150);
  expect(stored.credits).toBe(job.credits_charged);
  const ledger = (
    await db.query<{ n: number }>('SELECT COALESCE(-sum(delta), 0)::int AS n FROM credit_ledger WHERE reason LIKE $1', [
      `search:%:job:${jobId}`,
    ])
  ).rows[0]!.n;
  expect(ledger).toBe(job.credits_charged);

  // Every row to the CRM, sent through process A; both processes' workers are polling the queue.
  const sent = await call<{ job: { id: number; total: number } }>(
    a.port,
    'POST',
    `/api/people-results/${list}/send-crm`,
    token,
    { provider: 'ghl', all_matching: true, filters: {} },
  );
  expect(sent.status).toBe(202);
  expect(sent.json.job.total).toBe(150);
  const sendId = sent.json.job.id;
  await until(
    'the CRM send',
    async () =>
      (await db.query<{ status: string }>('SELECT status FROM crm_send_jobs WHERE id = $1', [sendId])).rows[0]!
        .status === 'done',
  );
  const pushed = crm.contacts
    .filter((c) => c.code === 'two-processes')
    .map((c) => (c.contact as { email?: string; name?: string }).name);
  // Exactly the list's rows, each once (demo names can repeat, so the two lists are compared whole).
  const names = (
    await db.query<{ name: string }>('SELECT name FROM campaign_results WHERE campaign_id = $1', [list])
  ).rows.map((r) => r.name);
  expect(pushed).toHaveLength(150);
  expect([...pushed].sort()).toEqual(names.sort());
  const effects = (
    await db.query<{ n: number; done: number }>(
      "SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 'done')::int AS done FROM external_effects WHERE key LIKE $1",
      [`crm:${sendId}:%`],
    )
  ).rows[0]!;
  expect(effects).toEqual({ n: 150, done: 150 });
  const send = (
    await db.query<{ sent: number; unsent: number; total: number }>(
      'SELECT sent, unsent, total FROM crm_send_jobs WHERE id = $1',
      [sendId],
    )
  ).rows[0]!;
  expect(send).toEqual({ sent: 150, unsent: 0, total: 150 });
  const stuck = (
    await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM campaign_results WHERE campaign_id = $1 AND (crm_status = 'sending' OR email_status = 'looking')",
      [list],
    )
  ).rows[0]!.n;
  expect(stuck).toBe(0);
}, 240_000);

test('a lead source switched off in Admin → Searchers on one process stops serving on the other, without a restart', async () => {
  const [a, b] = [servers[0]!, servers[1]!];
  const admin = (await call<{ token: string }>(a.port, 'POST', '/auth/login', undefined, DEMO.admin)).json.token;
  const customer = (await call<{ token: string }>(b.port, 'POST', '/auth/login', undefined, DEMO.customer)).json.token;
  type Options = { providers: Record<string, { id: string; demo: boolean; demo_reason: string | null }> };
  const localOn = async (port: number) =>
    (await call<Options>(port, 'GET', '/api/search-options', customer)).json.providers.local!;
  // Keyless OpenStreetMap serves local search on both processes.
  expect(await localOn(b.port)).toEqual({ id: 'osm', demo: false, demo_reason: null });

  expect((await call(a.port, 'PUT', '/api/admin/lead-sources/osm', admin, { enabled: false })).status).toBe(200);
  expect(await localOn(a.port)).toEqual({ id: 'demo', demo: true, demo_reason: 'no_source' });
  await until('process B to stop using OpenStreetMap', async () => (await localOn(b.port)).demo);

  expect((await call(a.port, 'PUT', '/api/admin/lead-sources/osm', admin, { enabled: true })).status).toBe(200);
  await until('process B to use OpenStreetMap again', async () => (await localOn(b.port)).id === 'osm');
}, 60_000);

test('killing both workers with kill -9 while a CRM push hangs leaves nothing stuck: a new worker finishes the send', async () => {
  const [a] = servers;
  const token = (await call<{ token: string }>(a!.port, 'POST', '/auth/login', undefined, DEMO.customer)).json.token;
  const list = (await db.query<{ id: number }>("SELECT id FROM campaigns WHERE name = 'Two processes'")).rows[0]!.id;
  // The CRM answers nothing to the next push: a worker holds that batch when the processes die.
  crm.queue('hang');
  const sent = await call<{ job: { id: number } }>(a!.port, 'POST', `/api/people-results/${list}/send-crm`, token, {
    provider: 'ghl',
    all_matching: true,
    filters: {},
  });
  expect(sent.status).toBe(202);
  const sendId = sent.json.job.id;
  await until(
    'a push in flight',
    async () =>
      (
        await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM external_effects WHERE key LIKE $1 AND state = 'sending'",
          [`crm:${sendId}:%`],
        )
      ).rows[0]!.n > 0,
  );
  for (const s of servers.splice(0)) {
    await new Promise<void>((resolve) => {
      s.process.once('exit', () => resolve());
      s.process.kill('SIGKILL');
    });
  }
  const before = crm.contacts.filter((c) => c.code === 'two-processes').length;
  servers.push(await startServer());
  await until(
    'the CRM send after the crash',
    async () =>
      (await db.query<{ status: string }>('SELECT status FROM crm_send_jobs WHERE id = $1', [sendId])).rows[0]!
        .status === 'done',
  );
  const send = (
    await db.query<{ sent: number; unsent: number; total: number }>(
      'SELECT sent, unsent, total FROM crm_send_jobs WHERE id = $1',
      [sendId],
    )
  ).rows[0]!;
  expect(send).toEqual({ sent: 150, unsent: 0, total: 150 });
  const stuck = (
    await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM campaign_results WHERE campaign_id = $1 AND crm_status = 'sending'",
      [list],
    )
  ).rows[0]!.n;
  expect(stuck).toBe(0);
  const effects = (
    await db.query<{ n: number; done: number; retried: number }>(
      "SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 'done')::int AS done, count(*) FILTER (WHERE attempts > 1)::int AS retried FROM external_effects WHERE key LIKE $1",
      [`crm:${sendId}:%`],
    )
  ).rows[0]!;
  expect(effects.n).toBe(150);
  expect(effects.done).toBe(150);
  // Only the batch in flight at the kill was pushed again, with the same keys.
  expect(effects.retried).toBeGreaterThan(0);
  expect(effects.retried).toBeLessThanOrEqual(25);
  expect(crm.contacts.filter((c) => c.code === 'two-processes').length - before).toBeLessThanOrEqual(150);
}, 240_000);

test("kill -9 of both processes while an autopilot's post-search CRM push hangs: a new process finishes it, each contact pushed once, nothing left running", async () => {
  servers.push(await startServer());
  const [a, b] = [servers[0]!, servers[1]!];
  const token = (await call<{ token: string }>(a.port, 'POST', '/auth/login', undefined, DEMO.customer)).json.token;
  const list = (
    await call<{ campaign: { id: number } }>(b.port, 'POST', '/api/campaigns', token, {
      name: 'Autopilot to the CRM',
      list_type: 'people',
    })
  ).json.campaign.id;
  const created = await call<{ autopilot: { id: number } }>(b.port, 'POST', '/api/autopilots', token, {
    name: 'Post-search CRM push',
    type: 'basic',
    repeat: 'daily',
    campaign_id: list,
    location: 'Lyon',
    filters: { job_title: 'Founder' },
    max_results: 5,
    enrichment: false,
    ai_prompts: [],
    crm: 'ghl',
  });
  expect(created.status).toBe(201);
  const autopilot = created.json.autopilot.id;
  // The CRM answers nothing to the next push; the daily run is due now, its next slot tomorrow (the autopilot tick of
  // either process starts it).
  crm.queue('hang');
  const before = crm.contacts.length;
  await db.query('UPDATE autopilots SET next_run_at = now(), schedule_anchor = now() WHERE id = $1', [autopilot]);
  const sendOf = async () =>
    (
      await db.query<{ id: number | null }>('SELECT crm_job_id AS id FROM autopilot_runs WHERE autopilot_id = $1', [
        autopilot,
      ])
    ).rows[0]?.id ?? null;
  await until('the run to queue its CRM send', async () => (await sendOf()) !== null);
  const sendId = (await sendOf())!;
  await until(
    'a push in flight',
    async () =>
      (
        await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM external_effects WHERE key LIKE $1 AND state = 'sending'",
          [`crm:${sendId}:%`],
        )
      ).rows[0]!.n > 0,
  );
  for (const s of servers.splice(0)) await stopShippedServer(s.process, 'SIGKILL');
  expect(
    (await db.query<{ status: string }>('SELECT status FROM crm_send_jobs WHERE id = $1', [sendId])).rows[0]!.status,
  ).toBe('running');

  servers.push(await startServer());
  await until(
    'the CRM send after the crash',
    async () =>
      (await db.query<{ status: string }>('SELECT status FROM crm_send_jobs WHERE id = $1', [sendId])).rows[0]!
        .status === 'done',
  );
  const run = (
    await db.query<{ status: string; results_added: number; crm_sent: number; crm_unsent: number }>(
      'SELECT status, results_added, crm_sent, crm_unsent FROM autopilot_runs WHERE autopilot_id = $1',
      [autopilot],
    )
  ).rows[0]!;
  expect(run).toEqual({ status: 'done', results_added: 5, crm_sent: 5, crm_unsent: 0 });
  expect(
    (
      await db.query<{ sent: number; unsent: number; total: number }>(
        'SELECT sent, unsent, total FROM crm_send_jobs WHERE id = $1',
        [sendId],
      )
    ).rows[0],
  ).toEqual({ sent: 5, unsent: 0, total: 5 });
  // Each of the run's five results reached the CRM once: the batch in flight at the kill (all five, one batch) was never
  // answered, so its retry with the same keys is its only delivery.
  const names = (
    await db.query<{ name: string }>('SELECT name FROM campaign_results WHERE campaign_id = $1', [list])
  ).rows.map((r) => r.name);
  const pushed = crm.contacts.slice(before).map((c) => (c.contact as { name?: string }).name);
  expect(names).toHaveLength(5);
  expect([...pushed].sort()).toEqual([...names].sort());
  const effects = (
    await db.query<{ n: number; done: number; retried: number }>(
      "SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 'done')::int AS done, count(*) FILTER (WHERE attempts > 1)::int AS retried FROM external_effects WHERE key LIKE $1",
      [`crm:${sendId}:%`],
    )
  ).rows[0]!;
  expect(effects).toEqual({ n: 5, done: 5, retried: 5 });
  const stuck = (
    await db.query<{ rows: number; effects: number; runs: number }>(
      `SELECT (SELECT count(*)::int FROM campaign_results WHERE campaign_id = $1 AND crm_status = 'sending') AS rows,
            (SELECT count(*)::int FROM external_effects WHERE state = 'sending') AS effects,
            (SELECT count(*)::int FROM autopilot_runs WHERE autopilot_id = $2 AND status = 'running') AS runs`,
      [list, autopilot],
    )
  ).rows[0]!;
  expect(stuck).toEqual({ rows: 0, effects: 0, runs: 0 });
}, 240_000);
