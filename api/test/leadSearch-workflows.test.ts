import type { ApiResponse } from '../../shared/src/api/contract';
// The test receiver runs on this machine: its host name is allowlisted, raw loopback IPs are not.
process.env.OUTBOUND_ALLOW_HOSTS = 'localhost';

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';
import { webhookSignature } from '../src/modules/leadSearch/listWebhookDelivery.service';
import { FIRST_RUN_DELAY_MS } from '../src/modules/leadSearch/autopilotScheduler.service';
import { advanceRun, matches, workflowTick } from '../src/modules/leadSearch/workflowRunner.service';
import { setAiProvider } from '../src/providers/ai';

let ctx: TestContext;
let customer: string;
let reseller: string;
let userId: number;
let receiver: Server;
let port: number;
const received: { headers: IncomingMessage['headers']; body: string }[] = [];

type Run = ApiResponse<'/api/workflows/{id}/runs/{runId}', 'get'>;
type Workflow = ApiResponse<'/api/workflows/{id}', 'get'>;

const DAY = 24 * 3600 * 1000;
const PROFILE = {
  business_name: 'Acme Growth',
  website: 'https://acme.example',
  industry: 'Marketing',
  description: 'We bring new customers to software companies.',
  target_audience: 'Founders of software companies',
  products_services: 'Outbound campaigns',
  unique_selling_points: 'Pay per meeting',
  location: 'Lyon',
};

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await login(ctx.app, DEMO.customer);
  reseller = await login(ctx.app, DEMO.reseller);
  userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email])).rows[0]!
    .id;
  await ctx.db.query('UPDATE users SET search_limit = 100000, searches_used = 0 WHERE id = $1', [userId]);
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await ctx.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = customer, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function createList(name: string, list_type = 'people', token = customer): Promise<number> {
  const res = await inject('POST', '/api/campaigns', token, { name, list_type });
  expect(res.statusCode).toBe(201);
  return json<{ campaign: { id: number } }>(res).campaign.id;
}

async function createLabel(name: string): Promise<number> {
  const res = await inject('POST', '/api/custom-labels', customer, { name });
  expect(res.statusCode).toBe(201);
  return json<{ label: { id: number } }>(res).label.id;
}

type N = { id: string; kind: string; settings: Record<string, unknown>; position?: { x: number; y: number } };
const node = (id: string, kind: string, settings: Record<string, unknown>): N => ({
  id,
  kind,
  settings,
  position: { x: 0, y: 0 },
});
const chainEdges = (ids: string[]) => ids.slice(1).map((target, i) => ({ source: ids[i]!, target }));

async function createWorkflow(
  nodes: N[],
  edges = chainEdges(nodes.map((n) => n.id)),
  name = 'Flow',
): Promise<Workflow> {
  const res = await inject('POST', '/api/workflows', customer, { name, nodes, edges });
  expect(res.statusCode).toBe(201);
  return json<{ workflow: Workflow }>(res).workflow;
}

const publish = (id: number, token = customer) => inject('POST', `/api/workflows/${id}/publish`, token);
const runDetail = async (id: number, runId: number) =>
  json<Run>(await inject('GET', `/api/workflows/${id}/runs/${runId}`));

async function setWallet(monthly: number) {
  await ctx.db.transaction(async (tx) => {
    await tx.query('DELETE FROM credit_ledger WHERE user_id = $1', [userId]);
    await tx.query('UPDATE credit_wallets SET monthly = $2, additional = 0, rolled_over = 0 WHERE user_id = $1', [
      userId,
      monthly,
    ]);
    if (monthly)
      await tx.query('INSERT INTO credit_ledger (user_id, delta, bucket, reason) VALUES ($1, $2, $3, $4)', [
        userId,
        monthly,
        'monthly',
        'test',
      ]);
  });
}

/** Ticks until the run is waiting for a search job, then fills the job; repeats until the run ends. */
async function runToEnd(workflowId: number, runId: number): Promise<Run> {
  for (let i = 0; i < 20; i += 1) {
    await workflowTick(ctx.db, ctx.clock);
    const run = await runDetail(workflowId, runId);
    if (run.status !== 'running') return run;
    const waiting = run.nodes.find((n) => n.status === 'running' && n.job_id);
    if (waiting) await ctx.app.queue.drain();
  }
  throw new Error('run did not end');
}

describe('workflows: templates and validation', () => {
  it('lists at least three prebuilt templates, each starting with one trigger; a workflow can start from one', async () => {
    const res = await inject('GET', '/api/workflow-templates');
    expect(res.statusCode).toBe(200);
    const templates = json<{ data: { key: string; nodes: N[]; edges: unknown[] }[] }>(res).data;
    expect(templates.length).toBeGreaterThanOrEqual(3);
    for (const t of templates) {
      expect(t.nodes.filter((n) => n.kind === 'trigger')).toHaveLength(1);
      expect(t.edges).toHaveLength(t.nodes.length - 1);
    }
    const created = await inject('POST', '/api/workflows', customer, {
      name: 'From template',
      template: 'local_enrich_label_webhook',
    });
    expect(created.statusCode).toBe(201);
    const wf = json<{ workflow: Workflow; message: string }>(created);
    expect(wf.message).toBe('Workflow created.');
    expect(wf.workflow.status).toBe('draft');
    expect(wf.workflow.nodes.map((n) => n.kind)).toEqual(['trigger', 'search', 'enrichment', 'label', 'connection']);
    // A blank workflow starts with its trigger.
    const blank = json<{ workflow: Workflow }>(
      await inject('POST', '/api/workflows', customer, { name: 'Blank' }),
    ).workflow;
    expect(blank.nodes).toEqual([expect.objectContaining({ kind: 'trigger' })]);
    expect((await inject('POST', '/api/workflows', customer, { name: 'X', template: 'nope' })).json()).toMatchObject({
      statusCode: 400,
      field: 'template',
    });
  });

  it('validates each node kind’s settings on save, naming the field', async () => {
    const cases: [N[], string][] = [
      [[node('a', 'trigger', { mode: 'hourly' })], 'nodes.0.settings.mode'],
      [[node('a', 'trigger', { mode: 'schedule', repeat: 'hourly' })], 'nodes.0.settings.repeat'],
      [[node('a', 'trigger', { mode: 'manual' }), node('b', 'search', { count: 0 })], 'nodes.1.settings.count'],
      [
        [node('a', 'trigger', { mode: 'manual' }), node('b', 'search', { filters: { colour: 'red' } })],
        'nodes.1.settings.filters.colour',
      ],
      [
        [node('a', 'trigger', { mode: 'manual' }), node('b', 'search', { prompt: 'not mine' })],
        'nodes.1.settings.prompt',
      ],
      [
        [
          node('a', 'trigger', { mode: 'manual' }),
          node('b', 'filter', { conditions: [{ field: 'age', operator: 'is', value: '3' }] }),
        ],
        'nodes.1.settings.conditions.0.field',
      ],
      [
        [
          node('a', 'trigger', { mode: 'manual' }),
          node('b', 'filter', { conditions: [{ field: 'job_title', operator: 'contains' }] }),
        ],
        'nodes.1.settings.conditions.0.value',
      ],
      [
        [
          node('a', 'trigger', { mode: 'manual' }),
          node('b', 'filter', { conditions: [{ field: 'email_status', operator: 'contains', value: 'found' }] }),
        ],
        'nodes.1.settings.conditions.0.operator',
      ],
      [
        [node('a', 'trigger', { mode: 'manual' }), node('b', 'research', { output_key: 'Bad Key' })],
        'nodes.1.settings.output_key',
      ],
      [
        [node('a', 'trigger', { mode: 'manual' }), node('b', 'content', { content_type: 'poem' })],
        'nodes.1.settings.content_type',
      ],
      [
        [node('a', 'trigger', { mode: 'manual' }), node('b', 'enrichment', { enrich: 'everything' })],
        'nodes.1.settings.enrich',
      ],
      [
        [node('a', 'trigger', { mode: 'manual' }), node('b', 'label', { label_action: 'paint' })],
        'nodes.1.settings.label_action',
      ],
      [
        [node('a', 'trigger', { mode: 'manual' }), node('b', 'connection', { target: 'fax' })],
        'nodes.1.settings.target',
      ],
      [[node('a', 'teleport', {})], 'nodes.0.kind'],
      [[node('a', 'trigger', { mode: 'manual' }), node('a', 'filter', {})], 'nodes.1.id'],
    ];
    for (const [nodes, field] of cases) {
      const res = await inject('POST', '/api/workflows', customer, { name: 'Bad', nodes, edges: [] });
      expect([field, res.statusCode]).toEqual([field, 400]);
      expect([field, json<{ errors: { field: string }[] }>(res).errors.map((e) => e.field)]).toEqual([
        field,
        expect.arrayContaining([field]),
      ]);
    }
    const two = [node('a', 'trigger', { mode: 'manual' }), node('b', 'filter', {})];
    let res = await inject('POST', '/api/workflows', customer, {
      name: 'Bad',
      nodes: two,
      edges: [{ source: 'a', target: 'zz' }],
    });
    expect(json(res)).toMatchObject({ statusCode: 400, field: 'edges.0.target' });
    res = await inject('POST', '/api/workflows', customer, {
      name: 'Bad',
      nodes: two,
      edges: [{ source: 'b', target: 'b' }],
    });
    expect(json(res)).toMatchObject({ statusCode: 400, field: 'edges.0.target' });
    // Another account's list or label: not found.
    const theirs = await createList('Theirs', 'people', reseller);
    res = await inject('POST', '/api/workflows', customer, {
      name: 'Bad',
      nodes: [node('a', 'trigger', { mode: 'manual' }), node('b', 'search', { campaign_id: theirs })],
      edges: [],
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('workflows: publishing', () => {
  it('blocks a loose node ("connect all nodes before continuing"), two triggers, a cycle and unfinished settings; then publishes', async () => {
    const list = await createList('Publish list');
    const label = await createLabel('Hot');
    const nodes = [
      node('t', 'trigger', { mode: 'manual' }),
      node('s', 'search', { campaign_id: list, location: 'Lyon', count: 5, filters: { job_title: 'Founder' } }),
      node('l', 'label', { label_id: label }),
      node('loose', 'filter', { conditions: [{ field: 'has_email', operator: 'is', value: 'true' }] }),
    ];
    const wf = await createWorkflow(nodes, chainEdges(['t', 's', 'l']));
    const save = (n: N[], e: { source: string; target: string }[]) =>
      inject('PUT', `/api/workflows/${wf.id}`, customer, { name: 'Flow', nodes: n, edges: e });

    let res = await publish(wf.id);
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({
      code: 'leadSearch.workflow.not_connected',
      message: 'Connect all nodes before continuing.',
      node_id: 'loose',
      node_ids: 'loose',
    });
    expect(json(await inject('GET', `/api/workflows/${wf.id}`)).status).toBe('draft');

    // Two triggers.
    expect(
      (await save([...nodes, node('t2', 'trigger', { mode: 'manual' })], chainEdges(['t', 's', 'l', 'loose'])))
        .statusCode,
    ).toBe(200);
    expect(json(await publish(wf.id))).toMatchObject({
      statusCode: 422,
      code: 'leadSearch.workflow.two_triggers',
      node_id: 't2',
    });
    // A cycle.
    await save(nodes, [...chainEdges(['t', 's', 'l', 'loose']), { source: 'loose', target: 's' }]);
    expect(json(await publish(wf.id))).toMatchObject({ statusCode: 422, code: 'leadSearch.workflow.cycle' });
    // Unfinished settings name the node's field.
    const unfinished = nodes.map((n) => (n.id === 's' ? { ...n, settings: { ...n.settings, location: ' ' } } : n));
    await save(unfinished, chainEdges(['t', 's', 'l', 'loose']));
    expect(json(await publish(wf.id))).toMatchObject({
      statusCode: 422,
      code: 'leadSearch.workflow.node_settings',
      field: 'nodes.1.settings.location',
      node_id: 's',
    });
    const badFilter = nodes.map((n) => (n.id === 's' ? { ...n, settings: { ...n.settings, filters: {} } } : n));
    await save(badFilter, chainEdges(['t', 's', 'l', 'loose']));
    expect(json(await publish(wf.id))).toMatchObject({ statusCode: 422, field: 'nodes.1.settings.filters.job_title' });
    const schedule = nodes.map((n) => (n.id === 't' ? { ...n, settings: { mode: 'schedule' } } : n));
    await save(schedule, chainEdges(['t', 's', 'l', 'loose']));
    expect(json(await publish(wf.id))).toMatchObject({
      statusCode: 422,
      field: 'nodes.0.settings.repeat',
      node_id: 't',
    });

    // Connected and complete: published. A published workflow is locked until unpublished.
    await save(nodes, chainEdges(['t', 's', 'l', 'loose']));
    res = await publish(wf.id);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      message: 'Workflow published.',
      workflow: { status: 'published', next_run_at: null },
    });
    expect(json(await save(nodes, []))).toMatchObject({
      statusCode: 422,
      code: 'leadSearch.workflow.published_locked',
    });
    res = await inject('POST', `/api/workflows/${wf.id}/unpublish`);
    expect(json(res)).toMatchObject({ workflow: { status: 'draft' } });
    expect(json(await inject('POST', `/api/workflows/${wf.id}/run`))).toMatchObject({
      statusCode: 422,
      code: 'leadSearch.workflow.not_published',
    });
  });
});

describe('workflows: the runner', () => {
  it('runs every node in order on the results flowing through, with a log per node', async () => {
    await setWallet(10_000);
    expect((await inject('POST', '/api/business-details/data', customer, PROFILE)).statusCode).toBe(201);
    const list = await createList('Runner list');
    const hook = await inject('POST', `/api/campaign-webhook-setup/${list}`, customer, {
      url: `http://localhost:${port}/hook`,
    });
    expect(hook.statusCode).toBe(200);
    const secret = json<{ secret: string }>(hook).secret;
    const label = await createLabel('Workflow lead');
    const nodes = [
      node('t', 'trigger', { mode: 'manual' }),
      node('s', 'search', { campaign_id: list, location: 'Lyon', count: 8, filters: { job_title: 'Founder' } }),
      node('f', 'filter', { match: 'all', conditions: [{ field: 'has_email', operator: 'is', value: 'true' }] }),
      node('e', 'enrichment', { enrich: 'get_phones' }),
      node('r', 'research', { prompt: 'Research {company}', output_key: 'research' }),
      node('c', 'content', { content_type: 'first_line', output_key: 'first_line' }),
      node('l', 'label', { label_id: label, label_action: 'add' }),
      node('w', 'connection', { target: 'list_webhook' }),
    ];
    const wf = await createWorkflow(nodes);
    expect((await publish(wf.id)).statusCode).toBe(200);
    const started = await inject('POST', `/api/workflows/${wf.id}/run`);
    expect(started.statusCode).toBe(201);
    const run = json<{ run: Run; message: string }>(started).run;
    expect(run).toMatchObject({ status: 'running', trigger: 'manual' });
    expect(run.nodes.map((n) => [n.node_id, n.status])).toEqual(nodes.map((n) => [n.id, 'pending']));
    expect(json(await inject('POST', `/api/workflows/${wf.id}/run`))).toMatchObject({
      statusCode: 422,
      code: 'leadSearch.workflow.run_in_progress',
    });

    // The search node starts a job and waits for part 1's worker.
    await workflowTick(ctx.db, ctx.clock);
    let detail = await runDetail(wf.id, run.id);
    const search = detail.nodes.find((n) => n.node_id === 's')!;
    expect(search).toMatchObject({ status: 'running' });
    expect(search.job_id).toEqual(expect.any(Number));
    expect(detail.nodes.find((n) => n.node_id === 't')).toMatchObject({ status: 'done', items_out: 0 });
    await workflowTick(ctx.db, ctx.clock);
    expect((await runDetail(wf.id, run.id)).nodes.find((n) => n.node_id === 's')!.status).toBe('running');

    detail = await runToEnd(wf.id, run.id);
    expect(detail).toMatchObject({ status: 'done', error: null });
    const by = Object.fromEntries(detail.nodes.map((n) => [n.node_id, n]));
    for (const n of detail.nodes) {
      expect([n.node_id, n.status]).toEqual([n.node_id, 'done']);
      expect(n.started_at).toEqual(expect.any(String));
      expect(n.finished_at).toEqual(expect.any(String));
    }
    const job = (
      await ctx.db.query<{ produced: number; credits_charged: number }>(
        'SELECT produced, credits_charged FROM search_jobs WHERE id = $1',
        [search.job_id],
      )
    ).rows[0]!;
    expect(by.s).toMatchObject({ items_out: job.produced, credits: job.credits_charged });
    expect(job.produced).toBe(8);
    const withEmail = (
      await ctx.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM campaign_results WHERE job_id = $1 AND email IS NOT NULL',
        [search.job_id],
      )
    ).rows[0]!.n;
    expect(by.f).toMatchObject({ items_in: 8, items_out: withEmail });
    expect(by.e!.items_in).toBe(withEmail);
    expect(by.w).toMatchObject({ items_in: withEmail, items_out: withEmail, detail: { sent: withEmail, unsent: 0 } });
    expect(detail.items_out).toBe(withEmail);
    expect(detail.credits_spent).toBe(detail.nodes.reduce((sum, n) => sum + n.credits, 0));
    expect(detail.credits_spent).toBe(job.credits_charged + by.e!.credits);

    // AI texts and the label are stored on the results that went through; the webhook got them, signed.
    const rows = (
      await ctx.db.query<{
        id: number;
        labels: string[];
        data: { workflow?: Record<string, string> };
        crm_status: string | null;
      }>(
        `SELECT r.id::int AS id, COALESCE((SELECT array_agg(k.label) FROM result_labels k WHERE k.result_id = r.id), '{}') AS labels, r.data, r.crm_status
           FROM campaign_results r WHERE r.job_id = $1 AND r.email IS NOT NULL`,
        [search.job_id],
      )
    ).rows;
    expect(rows.length).toBe(withEmail);
    for (const row of rows) {
      expect(row.labels).toContain('Workflow lead');
      expect(row.data.workflow?.research).toEqual(expect.any(String));
      expect(row.data.workflow?.first_line).toMatch(/^Hi /);
      expect(row.crm_status).toBe('sent');
    }
    const delivery = received.at(-1)!;
    const ts = String(delivery.headers['x-webhook-timestamp']);
    expect(delivery.headers['x-webhook-signature']).toBe(webhookSignature(secret, ts, delivery.body));
    expect(JSON.parse(delivery.body)).toMatchObject({
      event: 'leads.sent',
      source: { workflow_id: wf.id, run_id: run.id },
      list: { id: list },
    });
    expect(JSON.parse(delivery.body).results).toHaveLength(withEmail);

    // Runs list and the workflow's last run.
    const runs = json<{ data: Run[]; total: number }>(await inject('GET', `/api/workflows/${wf.id}/runs`));
    expect(runs.total).toBe(1);
    expect(runs.data[0]).toMatchObject({ id: run.id, status: 'done' });
    expect(json<Workflow>(await inject('GET', `/api/workflows/${wf.id}`)).last_run).toMatchObject({
      id: run.id,
      status: 'done',
    });
  });

  it('stops at a failing node with its error; the nodes after it are skipped', async () => {
    const source = await createList('No hook list');
    await inject('POST', `/api/people-results/${source}/manual`, customer, {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    const wf = await createWorkflow([
      node('t', 'trigger', { mode: 'manual', source_campaign_id: source, source_limit: 50 }),
      node('w', 'connection', { target: 'list_webhook' }),
      node('l', 'filter', { conditions: [{ field: 'name', operator: 'contains', value: 'ada' }] }),
    ]);
    expect((await publish(wf.id)).statusCode).toBe(200);
    const run = json<{ run: Run }>(await inject('POST', `/api/workflows/${wf.id}/run`)).run;
    const detail = await runToEnd(wf.id, run.id);
    expect(detail).toMatchObject({ status: 'failed', error: 'webhook_missing', error_node: 'w' });
    expect(detail.nodes.map((n) => [n.node_id, n.status, n.items_in])).toEqual([
      ['t', 'done', 0],
      ['w', 'failed', 1],
      ['l', 'skipped', 0],
    ]);
    expect(detail.finished_at).toEqual(expect.any(String));
  });

  it('AI nodes need a completed business profile (spec §5)', async () => {
    const token = await login(ctx.app, DEMO.reseller);
    const list = await createList('Reseller list', 'people', token);
    await inject('POST', `/api/people-results/${list}/manual`, token, {
      name: 'Grace Hopper',
      email: 'grace@example.com',
    });
    const res = await inject('POST', '/api/workflows', token, {
      name: 'AI',
      nodes: [
        node('t', 'trigger', { mode: 'manual', source_campaign_id: list }),
        node('c', 'content', { content_type: 'subject', output_key: 'subject' }),
      ],
      edges: [{ source: 't', target: 'c' }],
    });
    const id = json<{ workflow: Workflow }>(res).workflow.id;
    expect((await publish(id, token)).statusCode).toBe(200);
    const run = json<{ run: Run }>(await inject('POST', `/api/workflows/${id}/run`, token)).run;
    await workflowTick(ctx.db, ctx.clock);
    const detail = json<Run>(await inject('GET', `/api/workflows/${id}/runs/${run.id}`, token));
    expect(detail).toMatchObject({ status: 'failed', error: 'profile_incomplete', error_node: 'c' });
  });

  it('a scheduled trigger runs shortly after publishing, then once per period, never twice for a slot', async () => {
    const source = await createList('Scheduled source');
    await inject('POST', `/api/people-results/${source}/manual`, customer, {
      name: 'Alan Turing',
      email: 'alan@example.com',
    });
    await inject('POST', `/api/people-results/${source}/manual`, customer, {
      name: 'Kurt Gödel',
      linkedin_url: 'https://www.linkedin.com/in/kurt',
    });
    const label = await createLabel('Has email');
    const nodes = [
      node('t', 'trigger', {
        mode: 'schedule',
        repeat: 'daily',
        time_zone: 'Europe/Paris',
        source_campaign_id: source,
      }),
      node('f', 'filter', { conditions: [{ field: 'has_email', operator: 'is', value: 'true' }] }),
      node('l', 'label', { label_id: label }),
    ];
    const unknownZone = await inject('POST', '/api/workflows', customer, {
      name: 'Flow',
      nodes: [node('t', 'trigger', { mode: 'schedule', repeat: 'daily', time_zone: 'Nowhere/City' })],
      edges: [],
    });
    expect(unknownZone.statusCode).toBe(400);
    expect(json(unknownZone).field).toBe('nodes.0.settings.time_zone');
    const wf = await createWorkflow(nodes);
    const published = json<{ workflow: Workflow }>(await publish(wf.id)).workflow;
    expect(new Date(published.next_run_at!).getTime()).toBe(ctx.clock.now().getTime() + FIRST_RUN_DELAY_MS);
    const scheduledRuns = async () =>
      json<{ data: Run[] }>(await inject('GET', `/api/workflows/${wf.id}/runs`)).data.filter(
        (r) => r.trigger === 'schedule',
      );

    expect((await workflowTick(ctx.db, ctx.clock)).started).toHaveLength(0);
    // Claimed two minutes late: the next run is still a day after the slot, not after the claim.
    ctx.clock.advance(FIRST_RUN_DELAY_MS + 120_000);
    const first = await workflowTick(ctx.db, ctx.clock);
    expect(first.started).toHaveLength(1);
    const after = json<Workflow>(await inject('GET', `/api/workflows/${wf.id}`));
    expect(new Date(after.next_run_at!).getTime()).toBe(new Date(published.next_run_at!).getTime() + DAY);
    expect((await workflowTick(ctx.db, ctx.clock)).started).toHaveLength(0);
    let runs = await scheduledRuns();
    expect(runs).toHaveLength(1);
    const detail = await runDetail(wf.id, runs[0]!.id);
    expect(detail).toMatchObject({ status: 'done', items_out: 1 });
    expect(detail.nodes.map((n) => [n.node_id, n.items_in, n.items_out])).toEqual([
      ['t', 0, 2],
      ['f', 2, 1],
      ['l', 1, 1],
    ]);
    ctx.clock.advance(DAY);
    expect((await workflowTick(ctx.db, ctx.clock)).started).toHaveLength(1);
    runs = await scheduledRuns();
    expect(runs).toHaveLength(2);
    // Unpublished: no more runs.
    await inject('POST', `/api/workflows/${wf.id}/unpublish`);
    ctx.clock.advance(DAY);
    expect((await workflowTick(ctx.db, ctx.clock)).started).toHaveLength(0);
  });

  it('a run left running by a crash is resumed from its first unfinished node', async () => {
    const source = await createList('Crash source');
    await inject('POST', `/api/people-results/${source}/manual`, customer, {
      name: 'Barbara Liskov',
      email: 'barbara@example.com',
    });
    const wf = await createWorkflow([
      node('t', 'trigger', { mode: 'manual', source_campaign_id: source }),
      node('f', 'filter', { conditions: [{ field: 'email_status', operator: 'is_not', value: 'not_found' }] }),
    ]);
    await publish(wf.id);
    const run = json<{ run: Run }>(await inject('POST', `/api/workflows/${wf.id}/run`)).run;
    // The process died while it held the run, in the middle of the filter node.
    await ctx.db.query(`UPDATE workflow_runs SET lease_until = $2 WHERE id = $1`, [
      run.id,
      new Date(ctx.clock.now().getTime() + 60_000).toISOString(),
    ]);
    await ctx.db.query(`UPDATE workflow_run_nodes SET status = 'running' WHERE run_id = $1 AND node_id = 'f'`, [
      run.id,
    ]);
    expect(await advanceRun(ctx.db, run.id, ctx.clock)).toBe('busy');
    ctx.clock.advance(10 * 60_000);
    await workflowTick(ctx.db, ctx.clock);
    const detail = await runDetail(wf.id, run.id);
    expect(detail).toMatchObject({ status: 'done', items_out: 1 });
  });

  it('two runners on one run and a crash between a call and its record: each AI call and each webhook batch happens once (ADR 015)', async () => {
    // The business profile saved by the first runner test (AI nodes need it), else saved now.
    if (!(await ctx.db.query('SELECT 1 FROM settings_business_profiles WHERE user_id = $1', [userId])).rowCount) {
      expect((await inject('POST', '/api/business-details/data', customer, PROFILE)).statusCode).toBe(201);
    }
    const source = await createList('Exactly once source');
    expect(
      (
        await inject('POST', `/api/campaign-webhook-setup/${source}`, customer, {
          url: `http://localhost:${port}/hook`,
        })
      ).statusCode,
    ).toBe(200);
    const names = ['Grace Hopper', 'Edsger Dijkstra', 'Frances Allen'];
    for (const [i, name] of names.entries())
      await inject('POST', `/api/people-results/${source}/manual`, customer, { name, email: `p${i}@example.com` });
    const wf = await createWorkflow([
      node('t', 'trigger', { mode: 'manual', source_campaign_id: source }),
      node('r', 'research', { prompt: 'Research {company}', output_key: 'once' }),
      node('w', 'connection', { target: 'list_webhook' }),
    ]);
    expect((await publish(wf.id)).statusCode).toBe(200);
    const run = json<{ run: Run }>(await inject('POST', `/api/workflows/${wf.id}/run`)).run;

    // The model holds its first answer until the second runner has tried.
    const asked: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstCall!: () => void;
    const calling = new Promise<void>((resolve) => (firstCall = resolve));
    const undo = setAiProvider({
      info: { provider: 'openai-compatible', embedded: false, model: 'count-1' },
      async generate(request) {
        asked.push(String(request.variables?.name));
        if (asked.length === 1) {
          firstCall();
          await held;
        }
        return {
          text: `About ${String(request.variables?.name)}`,
          provider: 'openai-compatible',
          model: 'count-1',
          usage: { promptTokens: 1, completionTokens: 1 },
        };
      },
    });
    const deliveriesBefore = received.length;
    try {
      const first = advanceRun(ctx.db, run.id, ctx.clock);
      await calling;
      // The first runner's lease runs out while the model thinks (a process frozen, or dead): a second runner takes the run.
      ctx.clock.advance(10 * 60_000);
      expect(await advanceRun(ctx.db, run.id, ctx.clock)).toBe('busy');
      expect(asked).toHaveLength(1);
      release();
      expect(await first).toBe('done');
    } finally {
      undo();
    }
    expect(asked.sort()).toEqual([...names].sort());
    const sent = received.slice(deliveriesBefore);
    expect(sent).toHaveLength(1);
    const deliveryId = `workflow-webhook:${run.id}:w:${source}:0`;
    expect(sent[0]!.headers['x-webhook-delivery']).toBe(deliveryId);
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ delivery_id: deliveryId });
    expect(JSON.parse(sent[0]!.body).results).toHaveLength(3);
    const effects = (
      await ctx.db.query<{ key: string; state: string; attempts: number }>(
        `SELECT key, state, attempts FROM external_effects WHERE key LIKE $1 ORDER BY key`,
        [`workflow-%:${run.id}:%`],
      )
    ).rows;
    expect(effects).toHaveLength(4);
    expect(effects.every((e) => e.state === 'done' && e.attempts === 1)).toBe(true);
    const detail = await runDetail(wf.id, run.id);
    expect(detail.nodes.map((n) => [n.node_id, n.status])).toEqual([
      ['t', 'done'],
      ['r', 'done'],
      ['w', 'done'],
    ]);
    expect(detail.nodes.find((n) => n.node_id === 'r')!.detail).toMatchObject({ written: 3 });

    // A process that died after its POST, before recording it: the batch's key is left "sending" past its lease and
    // the node "running". The run is taken over: the batch goes again with the same delivery id (receivers drop the repeat).
    const again = json<{ run: Run }>(await inject('POST', `/api/workflows/${wf.id}/run`)).run;
    const orphan = `workflow-webhook:${again.id}:w:${source}:0`;
    await ctx.db.query(`UPDATE workflow_run_nodes SET status = 'done' WHERE run_id = $1 AND node_id IN ('t', 'r')`, [
      again.id,
    ]);
    const ids = (
      await ctx.db.query<{ id: number }>(
        'SELECT id::int AS id FROM campaign_results WHERE campaign_id = $1 ORDER BY id',
        [source],
      )
    ).rows.map((r) => r.id);
    await ctx.db.query(`UPDATE workflow_runs SET outputs = $2::jsonb WHERE id = $1`, [
      again.id,
      JSON.stringify({ t: ids, r: ids }),
    ]);
    await ctx.db.query(`UPDATE workflow_run_nodes SET status = 'running' WHERE run_id = $1 AND node_id = 'w'`, [
      again.id,
    ]);
    await ctx.db.query(
      `INSERT INTO external_effects (key, kind, state, started_at) VALUES ($1, 'webhook', 'sending', now() - interval '1 hour')`,
      [orphan],
    );
    const before = received.length;
    await workflowTick(ctx.db, ctx.clock);
    expect((await runDetail(wf.id, again.id)).status).toBe('done');
    expect(received.slice(before).map((r) => r.headers['x-webhook-delivery'])).toEqual([orphan]);
    expect((await ctx.db.query('SELECT state, attempts FROM external_effects WHERE key = $1', [orphan])).rows).toEqual([
      { state: 'done', attempts: 2 },
    ]);
    // Run again, the finished node sends nothing more.
    await workflowTick(ctx.db, ctx.clock);
    expect(received.length).toBe(before + 1);
  });

  it('filter conditions', () => {
    const row = {
      name: 'Ada Lovelace',
      company: 'Engines Ltd',
      job_title: 'Founder',
      city: 'London',
      website: null,
      email: 'a@x.io',
      phone: null,
      email_status: 'found',
      labels: ['VIP'],
    };
    expect(matches(row, { field: 'job_title', operator: 'contains', value: 'found' })).toBe(true);
    expect(matches(row, { field: 'job_title', operator: 'not_contains', value: 'found' })).toBe(false);
    expect(matches(row, { field: 'has_phone', operator: 'is', value: 'true' })).toBe(false);
    expect(matches(row, { field: 'has_phone', operator: 'is', value: 'false' })).toBe(true);
    expect(matches(row, { field: 'email_status', operator: 'is_not', value: 'found' })).toBe(false);
    expect(matches(row, { field: 'label', operator: 'is', value: 'vip' })).toBe(true);
    expect(matches(row, { field: 'city', operator: 'is', value: 'london' })).toBe(true);
  });
});

describe('workflows: isolation and lists', () => {
  it('another account’s workflow and runs are not found; lists are paginated and own only', async () => {
    const wf = await createWorkflow([node('t', 'trigger', { mode: 'manual' })], [], 'Private flow');
    for (const [method, url] of [
      ['GET', `/api/workflows/${wf.id}`],
      ['PUT', `/api/workflows/${wf.id}`],
      ['DELETE', `/api/workflows/${wf.id}`],
      ['POST', `/api/workflows/${wf.id}/publish`],
      ['POST', `/api/workflows/${wf.id}/unpublish`],
      ['POST', `/api/workflows/${wf.id}/run`],
      ['GET', `/api/workflows/${wf.id}/runs`],
      ['GET', `/api/workflows/${wf.id}/runs/1`],
    ] as const) {
      const res = await inject(
        method,
        url,
        reseller,
        method === 'PUT' ? { name: 'Hijack', nodes: [], edges: [] } : undefined,
      );
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }
    const theirs = json<{ data: { id: number }[] }>(await inject('GET', '/api/workflows?pageSize=100', reseller)).data;
    expect(theirs.some((w) => w.id === wf.id)).toBe(false);
    const page = json<ApiResponse<'/api/workflows', 'get'>>(await inject('GET', '/api/workflows?page=1&pageSize=2'));
    expect(page).toMatchObject({ currentPage: 1, pageSize: 2 });
    expect(page.data).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    expect(page.data[0]).not.toHaveProperty('nodes');
    const drafts = json<{ data: { status: string }[] }>(
      await inject('GET', '/api/workflows?status=draft&pageSize=100'),
    ).data;
    expect(drafts.every((w) => w.status === 'draft')).toBe(true);
    const del = await inject('DELETE', `/api/workflows/${wf.id}`);
    expect(json(del)).toMatchObject({ message: 'Workflow deleted.' });
    expect((await inject('GET', `/api/workflows/${wf.id}`)).statusCode).toBe(404);
  });
});
