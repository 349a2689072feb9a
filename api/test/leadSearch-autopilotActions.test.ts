import type { ApiResponse } from '../../shared/src/api/contract';
process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
process.env.CRM_RETRY_BACKOFF_MS = '0';

import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearer, createTestApp, DEMO, json, login, searchJobStatus, type TestContext } from './helpers';
import { installApolloPeople } from './support/apolloPeople';
import { startFakeCrm, type FakeCrm } from './fakeCrm';
import { autopilotTick, FIRST_RUN_DELAY_MS } from '../src/modules/leadSearch/autopilotScheduler.service';

let ctx: TestContext;
let crm: FakeCrm;
let customer: string;
let reseller: string;
let customerId: number;

type Run = ApiResponse<'/api/autopilots/{id}/runs', 'get'>['data'][number];

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = customer, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function setWallet(userId: number, monthly: number) {
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
const balance = async (userId: number) =>
  (
    await ctx.db.query<{ n: number }>(
      'SELECT COALESCE(sum(delta), 0)::int AS n FROM credit_ledger WHERE user_id = $1',
      [userId],
    )
  ).rows[0]!.n;

async function createList(token = customer, list_type = 'people'): Promise<number> {
  const res = await inject('POST', '/api/campaigns', token, { name: `Autopilot actions ${Math.random()}`, list_type });
  return json<{ campaign: { id: number } }>(res).campaign.id;
}

async function createAutopilot(campaignId: number, extra: Record<string, unknown>, token = customer): Promise<number> {
  const res = await inject('POST', '/api/autopilots', token, {
    name: 'Actions',
    type: 'basic',
    repeat: 'daily',
    campaign_id: campaignId,
    location: 'Lyon',
    filters: { job_title: 'Founder' },
    max_results: 5,
    enrichment: false,
    ai_prompts: [],
    crm: null,
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  const id = json<{ autopilot: { id: number } }>(res).autopilot.id;
  // Only this autopilot is due in the ticks of its test.
  await ctx.db.query(`UPDATE autopilots SET status = 'paused' WHERE id <> $1 AND status = 'active'`, [id]);
  return id;
}

/** First run: due after the delay, its search job filled, then the tick that records it and runs its steps. */
async function firstRun(autopilotId: number): Promise<Run> {
  ctx.clock.advance(FIRST_RUN_DELAY_MS);
  expect((await autopilotTick(ctx.db, ctx.clock)).started).toHaveLength(1);
  const started = json<{ data: Run[] }>(await inject('GET', `/api/autopilots/${autopilotId}/runs`)).data[0]!;
  await ctx.app.queue.drain();
  expect(await searchJobStatus(ctx.db, started.job_id!)).not.toBe('running');
  await autopilotTick(ctx.db, ctx.clock);
  return lastRun(autopilotId);
}
const lastRun = async (autopilotId: number, token = customer) =>
  json<{ data: Run[] }>(await inject('GET', `/api/autopilots/${autopilotId}/runs`, token)).data[0]!;

// Demo data is free (ADR 017): these tests charge people searches, so people come from Apollo (its local fake).
let apollo: Awaited<ReturnType<typeof installApolloPeople>>;
beforeAll(async () => {
  apollo = await installApolloPeople(['people']);
  crm = await startFakeCrm();
  process.env.CRM_GHL_TOKEN_URL = crm.tokenUrl;
  process.env.CRM_GHL_API_URL = crm.base;
  ctx = await createTestApp();
  customer = await login(ctx.app, DEMO.customer);
  reseller = await login(ctx.app, DEMO.reseller);
  customerId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email]))
    .rows[0]!.id;
  await ctx.db.query('UPDATE users SET search_limit = 100000, searches_used = 0 WHERE id = $1', [customerId]);
  // AI tools need the business profile (spec §5).
  const profile = await inject('POST', '/api/business-details/data', customer, {
    business_name: 'Northwind Studio',
    industry: 'Marketing',
    description: 'A small agency building websites.',
    target_audience: 'Founders of young companies',
    products_services: 'Websites and landing pages',
  });
  expect(profile.statusCode).toBe(201);
  // GoHighLevel connected through its callback (the code is exchanged at the fake CRM).
  const { url } = json<{ url: string }>(await inject('POST', '/api/crm/connections/ghl/authorize'));
  const callback = await inject('POST', '/api/crm/connections/callback', customer, {
    code: 'autopilot-code',
    state: new URL(url).searchParams.get('state'),
  });
  expect(callback.statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  await apollo.close();
  delete process.env.CRM_GHL_TOKEN_URL;
  delete process.env.CRM_GHL_API_URL;
  await ctx.close();
  await crm.close();
});

describe('autopilot runs act on their choices after the search', () => {
  it('enriches (charged per §9), writes the AI prompts and sends the new results to the CRM; each step is on the run', async () => {
    await setWallet(customerId, 10_000);
    const list = await createList();
    const autopilot = await createAutopilot(list, {
      enrichment: true,
      ai_prompts: ['summary', 'first_line'],
      crm: 'ghl',
    });
    const run = await firstRun(autopilot);
    expect(run).toMatchObject({
      status: 'done',
      results_added: 5,
      error: null,
      actions_state: 'done',
      ai_processed: 5,
      step_errors: [],
    });
    // get-phones: 1 credit per phone found, added to the run's credits with the search's.
    expect(run.enriched).toBeGreaterThan(0);
    expect(run.enrich_credits).toBe(run.enriched);
    expect(10_000 - (await balance(customerId))).toBe(run.credits_spent);
    const rows = json<{
      data: {
        id: number;
        phone: string | null;
        credits: number;
        crm_status: string;
        data: { ai?: Record<string, { prompt_type: string; text: string }> };
      }[];
    }>(await inject('POST', `/api/people-results/${list}`, customer, {})).data;
    // Each result carries what it cost (search and phone); together, the run's credits.
    expect(rows.filter((r) => r.phone).length).toBeGreaterThanOrEqual(run.enriched);
    expect(rows.reduce((sum, r) => sum + r.credits, 0)).toBe(run.credits_spent);
    for (const row of rows)
      expect(
        Object.values(row.data.ai ?? {})
          .map((t) => t.prompt_type)
          .sort(),
      ).toEqual(['first_line', 'summary']);
    expect(Object.values(rows[0]!.data.ai!)[0]!.text).toContain('Northwind Studio');

    // The CRM send runs in the background; the run shows it under way, then its figures.
    expect(rows.every((r) => r.crm_status === 'sending')).toBe(true);
    expect(run).toMatchObject({ crm_pending: 5, crm_sent: 0 });
    await ctx.app.queue.drain();
    expect(await lastRun(autopilot)).toMatchObject({ crm_sent: 5, crm_unsent: 0, crm_pending: 0 });
    const pushed = crm.contacts.filter((c) => c.code === 'autopilot-code');
    expect(pushed.map((c) => c.contact.name).sort()).toEqual(
      rows.map((r) => (r as unknown as { name: string }).name).sort(),
    );
    // The next day's run touches only its own new results.
    ctx.clock.advance(24 * 3600 * 1000);
    await autopilotTick(ctx.db, ctx.clock);
    const second = await lastRun(autopilot);
    await ctx.app.queue.drain();
    await autopilotTick(ctx.db, ctx.clock);
    const secondDone = await lastRun(autopilot);
    expect(secondDone).toMatchObject({ id: second.id, status: 'done' });
    expect(secondDone.ai_processed).toBe(secondDone.results_added);
    await ctx.app.queue.drain();
    expect(crm.contacts.filter((c) => c.code === 'autopilot-code')).toHaveLength(5 + secondDone.results_added);
  });

  it('a webhook autopilot sends its new results to the list webhook, signed', async () => {
    await setWallet(customerId, 10_000);
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const list = await createList();
      const setup = await inject('POST', `/api/campaign-webhook-setup/${list}`, customer, {
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/leads`,
      });
      const { secret } = json<{ secret: string }>(setup);
      const autopilot = await createAutopilot(list, { type: 'webhook', max_results: 4 });
      const run = await firstRun(autopilot);
      expect(run).toMatchObject({
        status: 'done',
        results_added: 4,
        webhook_sent: 4,
        webhook_unsent: 0,
        step_errors: [],
      });
      expect(received).toHaveLength(1);
      const delivery = received[0]!;
      expect(delivery.headers['x-webhook-signature']).toBe(
        `sha256=${createHmac('sha256', secret).update(`${delivery.headers['x-webhook-timestamp']}.${delivery.body}`).digest('hex')}`,
      );
      expect(JSON.parse(delivery.body)).toMatchObject({ event: 'leads.sent', list: { id: list, type: 'people' } });
      expect(JSON.parse(delivery.body).results).toHaveLength(4);
      const statuses = json<{ data: { crm_status: string }[] }>(
        await inject('POST', `/api/people-results/${list}`, customer, {}),
      ).data.map((r) => r.crm_status);
      expect(statuses).toEqual(['sent', 'sent', 'sent', 'sent']);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it('stops the autopilot with its reason when the enrichment runs out of credits; no later step runs', async () => {
    await setWallet(customerId, 10_000);
    const list = await createList();
    const autopilot = await createAutopilot(list, { enrichment: true, ai_prompts: ['summary'], crm: 'ghl' });
    ctx.clock.advance(FIRST_RUN_DELAY_MS);
    await autopilotTick(ctx.db, ctx.clock);
    const started = await lastRun(autopilot);
    await ctx.app.queue.drain();
    expect(await searchJobStatus(ctx.db, started.job_id!)).not.toBe('running');
    // The search has been paid; the wallet is empty before the enrichment.
    await setWallet(customerId, 0);
    await autopilotTick(ctx.db, ctx.clock);
    const run = await lastRun(autopilot);
    expect(run).toMatchObject({
      status: 'stopped',
      error: 'no_credits',
      enriched: 0,
      enrich_credits: 0,
      ai_processed: 0,
      crm_pending: 0,
      crm_sent: 0,
    });
    expect(json(await inject('GET', `/api/autopilots/${autopilot}`))).toMatchObject({
      status: 'stopped',
      stop_reason: 'no_credits',
      next_run_at: null,
    });
    expect(await balance(customerId)).toBe(0);
  });

  it('records why a step could not run (no business profile, CRM not connected) and still finishes', async () => {
    const resellerId = (
      await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.reseller.email])
    ).rows[0]!.id;
    await ctx.db.query('UPDATE users SET search_limit = 100000, searches_used = 0 WHERE id = $1', [resellerId]);
    await setWallet(resellerId, 10_000);
    const list = await createList(reseller);
    const autopilot = await createAutopilot(list, { ai_prompts: ['summary'], crm: 'keap' }, reseller);
    ctx.clock.advance(FIRST_RUN_DELAY_MS);
    await autopilotTick(ctx.db, ctx.clock);
    const started = await lastRun(autopilot, reseller);
    await ctx.app.queue.drain();
    expect(await searchJobStatus(ctx.db, started.job_id!)).not.toBe('running');
    await autopilotTick(ctx.db, ctx.clock);
    expect(await lastRun(autopilot, reseller)).toMatchObject({
      status: 'done',
      error: null,
      results_added: 5,
      ai_processed: 0,
      step_errors: [
        { step: 'ai', code: 'ai_profile_incomplete' },
        { step: 'crm', code: 'crm_not_connected' },
      ],
    });
  });

  it('spreads AI prompts on many results over ticks and resumes where it stopped, charging the enrichment once', async () => {
    await setWallet(customerId, 100_000);
    const list = await createList();
    const autopilot = await createAutopilot(list, { max_results: 60, enrichment: true, ai_prompts: ['subject'] });
    ctx.clock.advance(FIRST_RUN_DELAY_MS);
    await autopilotTick(ctx.db, ctx.clock);
    const started = await lastRun(autopilot);
    await ctx.app.queue.drain();
    expect(await searchJobStatus(ctx.db, started.job_id!)).not.toBe('running');
    await autopilotTick(ctx.db, ctx.clock);
    const partway = await lastRun(autopilot);
    expect(partway).toMatchObject({ status: 'running', actions_state: 'pending', results_added: 60, ai_processed: 50 });
    const spent = 100_000 - (await balance(customerId));
    // The next tick (or the first after a restart: the stage and cursor are in the database) finishes the AI step only.
    await autopilotTick(ctx.db, ctx.clock);
    const done = await lastRun(autopilot);
    expect(done).toMatchObject({ status: 'done', actions_state: 'done', ai_processed: 60, enriched: partway.enriched });
    expect(100_000 - (await balance(customerId))).toBe(spent);
    expect(done.credits_spent).toBe(spent);
  });

  it("another account cannot read a run's figures", async () => {
    const list = await createList();
    const autopilot = await createAutopilot(list, {});
    expect((await inject('GET', `/api/autopilots/${autopilot}/runs`, reseller)).statusCode).toBe(404);
  });
});

describe('post-search steps run once across processes', () => {
  it("two schedulers ticking at once run a run's AI prompts and CRM send once", async () => {
    await setWallet(customerId, 10_000);
    const list = await createList();
    const autopilot = await createAutopilot(list, { ai_prompts: ['summary'], crm: 'ghl' });
    ctx.clock.advance(FIRST_RUN_DELAY_MS);
    expect((await autopilotTick(ctx.db, ctx.clock)).started).toHaveLength(1);
    await ctx.app.queue.drain();
    const pushedBefore = crm.contacts.filter((c) => c.code === 'autopilot-code').length;
    // Two processes' scheduler ticks at the same moment.
    await Promise.all([autopilotTick(ctx.db, ctx.clock), autopilotTick(ctx.db, ctx.clock)]);
    await ctx.app.queue.drain();
    const run = await lastRun(autopilot);
    expect(run).toMatchObject({ status: 'done', results_added: 5, ai_processed: 5, crm_sent: 5 });
    const sends = (
      await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM crm_send_jobs WHERE autopilot_run_id = $1', [
        run.id,
      ])
    ).rows[0]!.n;
    expect(sends).toBe(1);
    expect(crm.contacts.filter((c) => c.code === 'autopilot-code').length - pushedBefore).toBe(5);
    const asked = (
      await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM external_effects WHERE key LIKE $1', [
        `autopilot-ai:${run.id}:%`,
      ])
    ).rows[0]!.n;
    expect(asked).toBe(5);
  });
});
