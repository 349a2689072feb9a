import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';
import { enrichAndWait } from './support/enrichment';

/**
 * Settings → Integrations webhooks (lead.created, lead.enriched, list.created, search.completed):
 * each event is queued in the transaction of the change that causes it and delivered by the queue
 * (`settings-webhook`), signed, with a delivery id, once per (webhook, event); a receiver that
 * fails gets the same delivery again. The receiver is a local HTTP server on loopback.
 */
interface Delivery {
  event: string;
  deliveryHeader: string | undefined;
  signature: string | undefined;
  body: string;
  parsed: { event: string; delivery_id: string; webhook_id: number; data: Record<string, unknown> };
  headers: http.IncomingHttpHeaders;
}

let ctx: TestContext;
let token: string;
let userId: number;
let server: http.Server;
let url: string;
const received: Delivery[] = [];
/** Status the receiver answers next (then 200 again). */
let nextStatus: number[] = [];

beforeAll(async () => {
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const parsed = JSON.parse(body) as Delivery['parsed'];
      received.push({
        event: parsed.event,
        deliveryHeader: req.headers['x-webhook-delivery'] as string | undefined,
        signature: req.headers['x-webhook-signature'] as string | undefined,
        body,
        parsed,
        headers: req.headers,
      });
      res.writeHead(nextStatus.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  ctx = await createTestApp();
  token = await login(ctx.app, DEMO.customer);
  userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email])).rows[0]!
    .id;
  await ctx.db.query('UPDATE users SET search_limit = 100000, searches_used = 0 WHERE id = $1', [userId]);
  await ctx.db.query('UPDATE credit_wallets SET monthly = 100000 WHERE user_id = $1', [userId]);
}, 120_000);

afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await ctx?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}, 60_000);

const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
  ctx.app.inject({ method, url: path, headers: bearer(token), ...(payload ? { payload } : {}) });

test('each event is delivered once per webhook, signed, with its delivery id, after the change commits', async () => {
  const secret = 'events-s3cret';
  const created = await call('POST', '/api/integrations/webhooks', {
    name: 'All events',
    url,
    events: ['lead.created', 'lead.enriched', 'list.created', 'search.completed'],
    secret,
  });
  expect(created.statusCode).toBe(201);
  const hookId = json<{ data: { id: number } }>(created).data.id;
  // A second hook subscribed to one event only.
  const onlyLists = json<{ data: { id: number } }>(
    await call('POST', '/api/integrations/webhooks', { name: 'Lists only', url, events: ['list.created'], secret }),
  ).data.id;

  const list = json<{ campaign: { id: number } }>(
    await call('POST', '/api/campaigns', { name: 'Webhook list', list_type: 'people' }),
  ).campaign.id;
  // Queued, not sent during the request.
  expect(received).toHaveLength(0);
  await ctx.app.queue.drain();
  const listEvents = received.filter((d) => d.event === 'list.created');
  expect(listEvents.map((d) => d.parsed.webhook_id).sort()).toEqual([hookId, onlyLists].sort());
  for (const d of listEvents) {
    expect(d.parsed.data).toMatchObject({ list: { id: list, name: 'Webhook list', list_type: 'people' } });
    expect(d.parsed.delivery_id).toMatch(/^webhook:/);
    expect(d.deliveryHeader).toBe(d.parsed.delivery_id);
    expect(d.signature).toBe(`sha256=${createHmac('sha256', secret).update(d.body).digest('hex')}`);
  }

  const search = await call('POST', '/api/searches', {
    type: 'people',
    campaign_id: list,
    location: 'Austin, TX',
    count: 30,
    filters: { job_title: 'Marketing Manager' },
  });
  expect(search.statusCode).toBe(201);
  const jobId = json<{ job: { id: number } }>(search).job.id;
  await ctx.app.queue.drain();
  const results = (
    await ctx.db.query<{ id: number }>(
      'SELECT id::int AS id FROM campaign_results WHERE campaign_id = $1 ORDER BY id',
      [list],
    )
  ).rows.map((r) => r.id);
  expect(results).toHaveLength(30);
  // Every stored lead appears in exactly one lead.created event (one event per step), never to the lists-only hook.
  const leadEvents = received.filter((d) => d.event === 'lead.created');
  expect(leadEvents.every((d) => d.parsed.webhook_id === hookId)).toBe(true);
  const announced = leadEvents.flatMap((d) => (d.parsed.data.leads as { id: number }[]).map((l) => l.id));
  expect(announced.sort((a, b) => a - b)).toEqual(results);
  const completed = received.filter((d) => d.event === 'search.completed');
  expect(completed).toHaveLength(1);
  const job = (
    await ctx.db.query<{ credits_charged: number }>('SELECT credits_charged FROM search_jobs WHERE id = $1', [jobId])
  ).rows[0]!;
  expect(completed[0]!.parsed.data).toMatchObject({
    search: { id: jobId, list_id: list, status: 'done', produced: 30, credits_charged: job.credits_charged },
  });

  const { found } = await enrichAndWait(ctx, `/api/people-results/${list}/get-phones`, token, {
    all_matching: true,
    filters: {},
  });
  expect(found).toBeGreaterThan(0);
  const enriched = received
    .filter((d) => d.event === 'lead.enriched')
    .flatMap((d) => d.parsed.data.leads as { id: number; phone: string | null }[]);
  expect(enriched).toHaveLength(found);
  expect(enriched.every((l) => l.phone)).toBe(true);

  // Every delivery once: distinct ids, each recorded done in the ledger; the hook shows the last status.
  const ids = received.map((d) => d.parsed.delivery_id);
  expect(new Set(ids).size).toBe(ids.length);
  const effects = (
    await ctx.db.query<{ n: number; done: number }>(
      "SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 'done')::int AS done FROM external_effects WHERE key LIKE 'webhook:%'",
    )
  ).rows[0]!;
  expect(effects).toEqual({ n: ids.length, done: ids.length });
  // Draining again (a second worker, a retry) sends nothing more.
  await ctx.app.queue.drain();
  expect(received.map((d) => d.parsed.delivery_id)).toEqual(ids);
  const hooks = json<{ data: { id: number; last_status: number | null }[] }>(
    await call('GET', '/api/integrations/webhooks'),
  ).data;
  expect(hooks.find((h) => h.id === hookId)!.last_status).toBe(200);

  for (const id of [hookId, onlyLists])
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/integrations/webhooks/${id}`, headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
}, 120_000);

test('a receiver that fails gets the same delivery again (same id) on the retry, then it is done', async () => {
  const hookId = json<{ data: { id: number } }>(
    await call('POST', '/api/integrations/webhooks', { name: 'Flaky', url, events: ['list.created'] }),
  ).data.id;
  received.length = 0;
  nextStatus = [503];
  await call('POST', '/api/campaigns', { name: 'Retried list', list_type: 'local' });
  await expect(ctx.app.queue.drain()).rejects.toThrow(/answered 503/);
  expect(received).toHaveLength(1);
  const id = received[0]!.parsed.delivery_id;
  expect(
    (await ctx.db.query<{ state: string }>('SELECT state FROM external_effects WHERE key = $1', [id])).rows[0],
  ).toEqual({ state: 'sending' });
  let hook = json<{ data: { id: number; last_status: number | null }[] }>(
    await call('GET', '/api/integrations/webhooks'),
  ).data.find((h) => h.id === hookId)!;
  expect(hook.last_status).toBe(503);
  // The retry is due after its backoff (10 s): move it to now instead of waiting.
  const moved = await ctx.db.query(
    "UPDATE pgboss.job SET start_after = now() WHERE name = 'settings-webhook' AND state = 'retry'",
  );
  expect(moved.rowCount).toBe(1);
  await ctx.app.queue.drain();
  expect(received.map((d) => d.parsed.delivery_id)).toEqual([id, id]);
  expect(
    (
      await ctx.db.query<{ state: string; attempts: number }>(
        'SELECT state, attempts FROM external_effects WHERE key = $1',
        [id],
      )
    ).rows[0],
  ).toMatchObject({ state: 'done' });
  hook = json<{ data: { id: number; last_status: number | null }[] }>(
    await call('GET', '/api/integrations/webhooks'),
  ).data.find((h) => h.id === hookId)!;
  expect(hook.last_status).toBe(200);
}, 120_000);

test('the event is queued in the transaction of its change: when it cannot be queued, the list is not created', async () => {
  await call('POST', '/api/integrations/webhooks', { name: 'Atomic', url, events: ['list.created'] });
  const send = jest.spyOn(ctx.app.queue, 'send').mockRejectedValueOnce(new Error('queue unavailable'));
  try {
    expect((await call('POST', '/api/campaigns', { name: 'Never half made', list_type: 'people' })).statusCode).toBe(
      500,
    );
  } finally {
    send.mockRestore();
  }
  expect((await ctx.db.query("SELECT 1 FROM campaigns WHERE name = 'Never half made'")).rowCount).toBe(0);
}, 60_000);

test('header names are brand-neutral (X-Webhook-*); the old X-Leadsmith-* ones only for an account no reseller owns', async () => {
  const secret = 'neutral-secret';
  const hookId = json<{ data: { id: number } }>(
    await call('POST', '/api/integrations/webhooks', { name: 'Neutral', url, events: ['list.created'], secret }),
  ).data.id;
  const sendTest = async () => {
    const before = received.length;
    expect((await call('POST', `/api/integrations/webhooks/${hookId}/test`)).statusCode).toBe(200);
    expect(received).toHaveLength(before + 1);
    return received.at(-1)!;
  };
  // The demo customer is a reseller's: it never meets the platform's name, neutral names only, nothing in the body either.
  const resold = await sendTest();
  expect(resold.headers['x-webhook-signature']).toBe(
    `sha256=${createHmac('sha256', secret).update(resold.body).digest('hex')}`,
  );
  expect(resold.headers['x-webhook-event']).toBe('test');
  expect(resold.headers['x-webhook-delivery']).toBe(resold.parsed.delivery_id);
  expect(JSON.stringify(resold.headers)).not.toMatch(/leadsmith/i);
  expect(resold.body).not.toMatch(/leadsmith/i);

  // An account no reseller owns: both names, the same values (receivers built on the old ones keep working).
  const parent = (
    await ctx.db.query<{ parent_id: number | null }>('SELECT parent_id FROM users WHERE id = $1', [userId])
  ).rows[0]!.parent_id;
  expect(parent).not.toBeNull();
  await ctx.db.query('UPDATE users SET parent_id = NULL WHERE id = $1', [userId]);
  try {
    const own = await sendTest();
    expect(own.headers['x-leadsmith-signature']).toBe(own.headers['x-webhook-signature']);
    expect(own.headers['x-leadsmith-delivery']).toBe(own.headers['x-webhook-delivery']);
    expect(own.headers['x-leadsmith-event']).toBe('test');
  } finally {
    await ctx.db.query('UPDATE users SET parent_id = $2 WHERE id = $1', [userId, parent]);
    await ctx.app.inject({ method: 'DELETE', url: `/api/integrations/webhooks/${hookId}`, headers: bearer(token) });
  }
});
