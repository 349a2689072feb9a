import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { migrate, openDb, type Db } from '../src/db';
import { seed } from '../src/seed';
import { FAKE_KEYS, startFakeLeadVendors, type FakeLeadVendors } from './fakeLeadVendors';
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
 * The queued work of issue 22's last pieces on two API processes (the server as it ships,
 * PROCESS_ROLE=all) sharing one PostgreSQL database, every outside party a fake on loopback that
 * counts what it receives: Settings webhooks (a receiver), lead enrichment (Apollo's people match,
 * the fake vendor server) and AI training (an OpenAI-compatible endpoint). Then both processes are
 * killed with kill -9 while a training call, a workflow's AI node and a webhook delivery hang, and a
 * new process finishes them: nothing stays queued, running or sending, and only the calls in flight
 * are made again.
 */
let build: ShippedBuild;
let database: TestDatabase;
let db: Db;
let vendors: FakeLeadVendors;
const servers: ShippedServer[] = [];

/** Settings webhook receiver: every delivery it got; `hangNext` keeps the next one unanswered. */
const deliveries: { id: string; event: string; data: Record<string, unknown> }[] = [];
let hangNext = false;
const hung: http.ServerResponse[] = [];
let receiver: http.Server;
let receiverUrl: string;

/** OpenAI-compatible chat completions: counts the calls; the next `hangAi` calls stay unanswered. */
let aiCalls = 0;
let hangAi = 0;
/** The user message of every call and whether it was answered. */
const aiAsked: { prompt: string; answered: boolean }[] = [];
let ai: http.Server;
let aiUrl: string;

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function startServer(): Promise<ShippedServer> {
  return startShippedServer(build, {
    DATABASE_URL: database.url,
    PROCESS_ROLE: 'all',
    SEED_DEMO: '0',
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1,localhost',
    APOLLO_API_KEY: FAKE_KEYS.apollo,
    APOLLO_URL: vendors.url('apollo'),
    AI_BASE_URL: aiUrl,
    AI_TIMEOUT_MS: '120000',
    AI_MAX_RETRIES: '0',
    // Short expiry and supervision, so work of a killed worker is taken back within seconds here.
    QUEUE_JOB_EXPIRE_SECONDS: '3',
    QUEUE_SUPERVISE_SECONDS: '1',
    WORKFLOW_RUN_LEASE_SECONDS: '3',
    AUTOPILOT_RUN_LEASE_SECONDS: '3',
  });
}

const one = async <T>(sql: string, params: (string | number)[] = []) => (await db.query<T>(sql, params)).rows[0]!;

beforeAll(async () => {
  build = buildShippedServer('work');
  database = await createTestDatabase();
  db = await openDb({ databaseUrl: database.url, dataDir: ':memory:' });
  await migrate(db);
  await seed(db);
  vendors = await startFakeLeadVendors();
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { delivery_id: string; event: string; data: Record<string, unknown> };
      deliveries.push({ id: parsed.delivery_id, event: parsed.event, data: parsed.data });
      if (hangNext) {
        hangNext = false;
        hung.push(res);
        return;
      }
      res.writeHead(200).end();
    });
  });
  receiverUrl = `${await listen(receiver)}/hook`;
  ai = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      aiCalls += 1;
      const prompt =
        (JSON.parse(body) as { messages: { role: string; content: string }[] }).messages.find((m) => m.role === 'user')
          ?.content ?? '';
      const hang = hangAi > 0;
      aiAsked.push({ prompt, answered: !hang });
      if (hang) {
        hangAi -= 1;
        hung.push(res);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `c${aiCalls}`,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: `Summary ${aiCalls}: Brightline Digital sells SEO to dentists.` },
              finish_reason: 'stop',
            },
          ],
        }),
      );
    });
  });
  aiUrl = await listen(ai);
  servers.push(await startServer(), await startServer());
}, 240_000);

afterAll(async () => {
  for (const s of servers) await stopShippedServer(s.process, 'SIGTERM');
  for (const res of hung) res.destroy();
  await db?.close();
  await database?.drop({ force: true });
  await vendors?.close();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  await new Promise<void>((resolve) => (ai ? ai.close(() => resolve()) : resolve()));
  build?.remove();
}, 60_000);

const PROFILE = {
  business_name: 'Brightline Digital',
  industry: 'Digital marketing agency',
  description: 'We run SEO and Google Ads campaigns.',
  target_audience: 'Small dentists and dental clinics',
  products_services: 'SEO audits and Google Ads management',
  unique_selling_points: 'Flat monthly fee',
  location: 'Austin, Texas',
};

test('two worker processes: each webhook event delivered once, each phone look-up asked and charged once, one AI call per training run', async () => {
  const [a, b] = [servers[0]!, servers[1]!];
  const token = (await call<{ token: string }>(a.port, 'POST', '/auth/login', undefined, DEMO.reseller)).json.token;
  const userId = (await one<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.reseller.email])).id;
  await db.query('UPDATE users SET search_limit = 100000, searches_used = 0 WHERE id = $1', [userId]);
  await db.query('UPDATE credit_wallets SET monthly = 100000 WHERE user_id = $1', [userId]);
  expect(
    (
      await call(b.port, 'POST', '/api/integrations/webhooks', token, {
        name: 'Everything',
        url: receiverUrl,
        events: ['lead.created', 'lead.enriched', 'list.created', 'search.completed'],
      })
    ).status,
  ).toBe(201);

  // A list and an Apollo people search through B; the phones of the list through A.
  const list = (
    await call<{ campaign: { id: number } }>(b.port, 'POST', '/api/campaigns', token, {
      name: 'Work on two processes',
      list_type: 'people',
    })
  ).json.campaign.id;
  const search = await call<{ job: { id: number } }>(b.port, 'POST', '/api/searches', token, {
    type: 'people',
    campaign_id: list,
    location: 'Austin, TX',
    count: 30,
    filters: { job_title: 'Marketing Manager' },
  });
  expect(search.status).toBe(201);
  const jobId = search.json.job.id;
  await until(
    'the search',
    async () =>
      (await one<{ status: string }>('SELECT status FROM search_jobs WHERE id = $1', [jobId])).status !== 'running',
  );
  await db.query('UPDATE campaign_results SET phone = NULL WHERE campaign_id = $1', [list]);
  const results = (
    await db.query<{ id: number }>('SELECT id::int AS id FROM campaign_results WHERE campaign_id = $1 ORDER BY id', [
      list,
    ])
  ).rows.map((r) => r.id);
  expect(results.length).toBe(30);
  const matchesBefore = vendors.of('apollo').filter((r) => r.path.endsWith('/people/match')).length;
  const balanceBefore = (
    await one<{ n: number }>('SELECT monthly + additional + rolled_over AS n FROM credit_wallets WHERE user_id = $1', [
      userId,
    ])
  ).n;
  const enrich = await call<{ job: { id: number; total: number } }>(
    a.port,
    'POST',
    `/api/people-results/${list}/get-phones`,
    token,
    { all_matching: true, filters: {} },
  );
  expect(enrich.status).toBe(202);
  expect(enrich.json.job.total).toBe(30);
  // The same rows asked for again through B at once: the second job finds them taken or done.
  const again = await call<{ job: { id: number } }>(b.port, 'POST', `/api/people-results/${list}/get-phones`, token, {
    all_matching: true,
    filters: {},
  });
  expect(again.status).toBe(202);
  const enrichIds = `{${enrich.json.job.id},${again.json.job.id}}`;
  await until(
    'both enrichment jobs',
    async () =>
      (
        await one<{ n: number }>(
          "SELECT count(*)::int AS n FROM enrichment_jobs WHERE id = ANY($1::int[]) AND status = 'running'",
          [enrichIds],
        )
      ).n === 0,
  );
  const jobs = (
    await db.query<{ status: string; checked: number; found: number; credits_charged: number }>(
      'SELECT status, checked, found, credits_charged FROM enrichment_jobs WHERE id = ANY($1::int[]) ORDER BY id',
      [enrichIds],
    )
  ).rows;
  expect(jobs.map((j) => j.status)).toEqual(['done', 'done']);
  const phones = (
    await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM campaign_results WHERE campaign_id = $1 AND phone IS NOT NULL',
      [list],
    )
  ).n;
  expect(phones).toBeGreaterThan(0);
  // Found and charged once across both jobs; the wallet and the ledger agree.
  expect(jobs.reduce((n, j) => n + j.found, 0)).toBe(phones);
  expect(jobs.reduce((n, j) => n + j.credits_charged, 0)).toBe(phones);
  const balanceAfter = (
    await one<{ n: number }>('SELECT monthly + additional + rolled_over AS n FROM credit_wallets WHERE user_id = $1', [
      userId,
    ])
  ).n;
  expect(balanceBefore - balanceAfter).toBe(phones);
  // Apollo was asked about every result; a result whose phone was stored was asked once, whichever process and job
  // asked (one that had none is given back, so the second request may ask it again: at most once per request).
  const asked = new Map<string, number>();
  for (const r of vendors
    .of('apollo')
    .filter((q) => q.path.endsWith('/people/match'))
    .slice(matchesBefore)) {
    const id = String((JSON.parse(r.body) as { id?: string }).id);
    asked.set(id, (asked.get(id) ?? 0) + 1);
  }
  const withPhone = (
    await db.query<{ key: string }>(
      'SELECT record_key AS key FROM campaign_results WHERE campaign_id = $1 AND phone IS NOT NULL',
      [list],
    )
  ).rows.map((r) => r.key.replace(/^apollo:/, ''));
  expect(asked.size).toBe(30);
  for (const id of withPhone) expect(asked.get(id)).toBe(1);
  expect(Math.max(...asked.values())).toBeLessThanOrEqual(2);

  // AI training through B: one call, one completed run.
  expect((await call(b.port, 'POST', '/api/business-details/data', token, PROFILE)).status).toBe(201);
  const callsBefore = aiCalls;
  const run = await call<{ data: { id: number; status: string } }>(b.port, 'POST', '/api/ai/training-runs', token, {});
  expect(run.status).toBe(202);
  expect(run.json.data.status).toBe('queued');
  await until(
    'the training run',
    async () =>
      (await one<{ status: string }>('SELECT status FROM ai_training_runs WHERE id = $1', [run.json.data.id]))
        .status === 'completed',
  );
  expect(aiCalls - callsBefore).toBe(1);
  expect(
    await one('SELECT state, attempts FROM external_effects WHERE key = $1', [`ai-training:${run.json.data.id}`]),
  ).toEqual({ state: 'done', attempts: 1 });

  // Every webhook delivery once: ids distinct and all settled; the events match the changes.
  await until(
    'the webhook deliveries',
    async () =>
      (
        await one<{ n: number }>(
          "SELECT count(*)::int AS n FROM external_effects WHERE key LIKE 'webhook:%' AND state <> 'done'",
        )
      ).n === 0 && deliveries.length > 0,
  );
  const settled = (
    await one<{ n: number }>("SELECT count(*)::int AS n FROM external_effects WHERE key LIKE 'webhook:%'")
  ).n;
  expect(deliveries).toHaveLength(settled);
  expect(new Set(deliveries.map((d) => d.id)).size).toBe(deliveries.length);
  expect(deliveries.filter((d) => d.event === 'list.created')).toHaveLength(1);
  expect(deliveries.filter((d) => d.event === 'search.completed')).toHaveLength(1);
  const created = deliveries
    .filter((d) => d.event === 'lead.created')
    .flatMap((d) => (d.data.leads as { id: number }[]).map((l) => l.id));
  expect(created.sort((x, y) => x - y)).toEqual(results);
  const enriched = deliveries
    .filter((d) => d.event === 'lead.enriched')
    .flatMap((d) => (d.data.leads as { id: number }[]).map((l) => l.id));
  expect(enriched).toHaveLength(phones);
  expect(new Set(enriched).size).toBe(phones);
}, 240_000);

test('kill -9 of both processes while a training call, a workflow AI node and a webhook delivery hang: a new process finishes all three, re-making only the calls in flight', async () => {
  const [a, b] = [servers[0]!, servers[1]!];
  const token = (await call<{ token: string }>(a.port, 'POST', '/auth/login', undefined, DEMO.reseller)).json.token;
  // A workflow over three results of a list with a webhook: trigger → research (AI) → connection (the list's webhook).
  const source = (
    await call<{ campaign: { id: number } }>(a.port, 'POST', '/api/campaigns', token, {
      name: 'Workflow source',
      list_type: 'people',
    })
  ).json.campaign.id;
  for (const [i, name] of ['Grace Hopper', 'Edsger Dijkstra', 'Frances Allen'].entries()) {
    expect(
      (await call(a.port, 'POST', `/api/people-results/${source}/manual`, token, { name, email: `p${i}@example.com` }))
        .status,
    ).toBe(201);
  }
  expect(
    (await call(a.port, 'POST', `/api/campaign-webhook-setup/${source}`, token, { url: receiverUrl })).status,
  ).toBe(200);
  const node = (id: string, kind: string, settings: Record<string, unknown>) => ({
    id,
    kind,
    settings,
    position: { x: 0, y: 0 },
  });
  const nodes = [
    node('t', 'trigger', { mode: 'manual', source_campaign_id: source }),
    node('r', 'research', { prompt: 'Research {company}', output_key: 'research' }),
    node('w', 'connection', { target: 'list_webhook' }),
  ];
  const created = await call<{ workflow: { id: number } }>(b.port, 'POST', '/api/workflows', token, {
    name: 'Crash flow',
    nodes,
    edges: [
      { source: 't', target: 'r' },
      { source: 'r', target: 'w' },
    ],
  });
  expect(created.status).toBe(201);
  const workflow = created.json.workflow.id;
  expect((await call(b.port, 'POST', `/api/workflows/${workflow}/publish`, token)).status).toBe(200);
  await until(
    'the webhook deliveries so far',
    async () =>
      (await one<{ n: number }>("SELECT count(*)::int AS n FROM external_effects WHERE state <> 'done'")).n === 0,
  );

  // The model holds its next two answers (the training call, then the workflow's first call); the receiver its next delivery.
  hangAi = 2;
  const callsBefore = aiCalls;
  const deliveredBefore = deliveries.length;
  const training = await call<{ data: { id: number } }>(a.port, 'POST', '/api/ai/training-runs', token, {});
  expect(training.status).toBe(202);
  await until('the training call in flight', async () => aiCalls > callsBefore);
  const started = await call<{ run: { id: number } }>(b.port, 'POST', `/api/workflows/${workflow}/run`, token);
  expect(started.status).toBe(201);
  const runId = started.json.run.id;
  hangNext = true;
  const list = await call<{ campaign: { id: number } }>(a.port, 'POST', '/api/campaigns', token, {
    name: 'Created before the crash',
    list_type: 'local',
  });
  expect(list.status).toBe(201);
  await until('the calls in flight', async () => aiCalls >= callsBefore + 2 && deliveries.length > deliveredBefore);
  for (const s of servers.splice(0)) await stopShippedServer(s.process, 'SIGKILL');
  expect(await one('SELECT status FROM ai_training_runs WHERE id = $1', [training.json.data.id])).toEqual({
    status: 'running',
  });
  expect(await one('SELECT status FROM workflow_runs WHERE id = $1', [runId])).toEqual({ status: 'running' });

  // One process again. The training and webhook jobs are taken back after their expiry; so is the workflow tick chain
  // (a dead tick's job expires like any other), and the run is taken over once its lease has run out.
  servers.push(await startServer());
  await until(
    'the training run after the crash',
    async () =>
      (await one<{ status: string }>('SELECT status FROM ai_training_runs WHERE id = $1', [training.json.data.id]))
        .status === 'completed',
  );
  await until(
    'the delivery after the crash',
    async () =>
      (
        await one<{ n: number }>(
          "SELECT count(*)::int AS n FROM external_effects WHERE key LIKE 'webhook:%' AND state <> 'done'",
        )
      ).n === 0,
  );
  await until(
    'the workflow run after the crash',
    async () =>
      (await one<{ status: string }>('SELECT status FROM workflow_runs WHERE id = $1', [runId])).status !== 'running',
  );
  expect(await one('SELECT status, error FROM workflow_runs WHERE id = $1', [runId])).toEqual({
    status: 'done',
    error: null,
  });

  // AI calls: the training call twice (the one in flight made again, same key), the workflow's three results once each
  // plus the one in flight at the kill.
  expect(aiCalls - callsBefore).toBe(2 + 4);
  expect(
    await one('SELECT state, attempts FROM external_effects WHERE key = $1', [`ai-training:${training.json.data.id}`]),
  ).toEqual({ state: 'done', attempts: 2 });
  const workflowEffects = (
    await db.query<{ state: string }>('SELECT state FROM external_effects WHERE key LIKE $1 ORDER BY key', [
      `workflow-%:${runId}:%`,
    ])
  ).rows;
  expect(workflowEffects.map((e) => e.state)).toEqual(['done', 'done', 'done', 'done']);
  expect(
    (
      await one<{ n: number }>(
        "SELECT count(*)::int AS n FROM campaign_results WHERE campaign_id = $1 AND data->'workflow'->>'research' LIKE 'Summary %'",
        [source],
      )
    ).n,
  ).toBe(3);
  // The workflow's webhook batch once; the list.created delivery in flight sent again with the same delivery id (the
  // receiver drops the repeat by it), settled once.
  const after = deliveries.slice(deliveredBefore);
  expect(after.filter((d) => d.event === 'leads.sent').map((d) => d.id)).toEqual([
    `workflow-webhook:${runId}:w:${source}:0`,
  ]);
  const listEvents = after.filter(
    (d) => d.event === 'list.created' && (d.data.list as { id: number }).id === list.json.campaign.id,
  );
  expect(listEvents).toHaveLength(2);
  expect(new Set(listEvents.map((d) => d.id)).size).toBe(1);
  const stuck = await one<{ runs: number; effects: number; rows: number }>(
    `SELECT (SELECT count(*)::int FROM ai_training_runs WHERE status IN ('queued', 'running')) AS runs,
            (SELECT count(*)::int FROM external_effects WHERE state = 'sending') AS effects,
            (SELECT count(*)::int FROM campaign_results WHERE crm_status = 'sending') AS rows`,
  );
  expect(stuck).toEqual({ runs: 0, effects: 0, rows: 0 });
}, 300_000);

test("kill -9 of both processes while an autopilot's AI step waits for the model: a new process finishes the run, each result answered once", async () => {
  servers.push(await startServer());
  const [a, b] = [servers[0]!, servers[1]!];
  const token = (await call<{ token: string }>(a.port, 'POST', '/auth/login', undefined, DEMO.reseller)).json.token;
  // The business profile of the first test is in place (spec §5: AI steps need it).
  const list = (
    await call<{ campaign: { id: number } }>(b.port, 'POST', '/api/campaigns', token, {
      name: 'Autopilot with AI',
      list_type: 'people',
    })
  ).json.campaign.id;
  const created = await call<{ autopilot: { id: number } }>(b.port, 'POST', '/api/autopilots', token, {
    name: 'Post-search AI',
    type: 'basic',
    repeat: 'daily',
    campaign_id: list,
    location: 'Austin, TX',
    filters: { job_title: 'Founder' },
    max_results: 3,
    enrichment: false,
    ai_prompts: ['summary'],
    crm: null,
  });
  expect(created.status).toBe(201);
  const autopilot = created.json.autopilot.id;
  // The model holds its next answer; the daily run is due now, its next slot tomorrow (either process's tick starts it).
  hangAi = 1;
  const askedBefore = aiAsked.length;
  await db.query('UPDATE autopilots SET next_run_at = now(), schedule_anchor = now() WHERE id = $1', [autopilot]);
  await until('the AI step to ask the model', async () => aiAsked.length > askedBefore);
  for (const s of servers.splice(0)) await stopShippedServer(s.process, 'SIGKILL');
  const runId = (await one<{ id: number }>('SELECT id FROM autopilot_runs WHERE autopilot_id = $1', [autopilot])).id;
  expect(await one('SELECT status, actions_state, actions_stage FROM autopilot_runs WHERE id = $1', [runId])).toEqual({
    status: 'running',
    actions_state: 'pending',
    actions_stage: 'ai',
  });

  // A new process takes the run over once its lease has run out and makes the call in flight again (same key).
  servers.push(await startServer());
  await until(
    'the run after the crash',
    async () =>
      (await one<{ status: string }>('SELECT status FROM autopilot_runs WHERE id = $1', [runId])).status !== 'running',
  );
  expect(
    await one('SELECT status, results_added, ai_processed, step_errors FROM autopilot_runs WHERE id = $1', [runId]),
  ).toEqual({ status: 'done', results_added: 3, ai_processed: 3, step_errors: [] });
  const results = (
    await db.query<{ name: string; summary: string | null }>(
      "SELECT r.name, (SELECT v->>'text' FROM jsonb_each(r.data->'ai') AS e(k, v) LIMIT 1) AS summary FROM campaign_results r WHERE r.campaign_id = $1",
      [list],
    )
  ).rows;
  expect(results).toHaveLength(3);
  for (const r of results) expect(r.summary).toMatch(/^Summary \d+:/);
  // At the model: each result answered once; the one call in flight at the kill made twice (unanswered, then answered).
  const calls = aiAsked
    .slice(askedBefore)
    .map((c) => ({ name: /who (.+?) \(/.exec(c.prompt)?.[1] ?? c.prompt, answered: c.answered }));
  expect(calls).toHaveLength(4);
  expect(
    calls
      .filter((c) => c.answered)
      .map((c) => c.name)
      .sort(),
  ).toEqual(results.map((r) => r.name).sort());
  const unanswered = calls.filter((c) => !c.answered);
  expect(unanswered).toHaveLength(1);
  expect(calls.filter((c) => c.name === unanswered[0]!.name)).toHaveLength(2);
  // The ledger: one key per result, all done.
  const effects = (
    await db.query<{ state: string }>('SELECT state FROM external_effects WHERE key LIKE $1', [
      `autopilot-ai:${runId}:%`,
    ])
  ).rows;
  expect(effects.map((e) => e.state)).toEqual(['done', 'done', 'done']);
  const stuck = await one<{ runs: number; effects: number; searches: number }>(
    `SELECT (SELECT count(*)::int FROM autopilot_runs WHERE status = 'running') AS runs,
            (SELECT count(*)::int FROM external_effects WHERE state = 'sending') AS effects,
            (SELECT count(*)::int FROM search_jobs WHERE status = 'running') AS searches`,
  );
  expect(stuck).toEqual({ runs: 0, effects: 0, searches: 0 });
}, 240_000);
