// The test receiver runs on this machine: its host name is allowlisted, raw loopback IPs are not.
process.env.OUTBOUND_ALLOW_HOSTS = 'localhost';

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearer, createTestApp, DEMO, json, login, searchJobStatus, type TestContext } from './helpers';
import { webhookSignature } from '../src/modules/leadSearch/listWebhookDelivery.service';
import { isPrivateAddress } from '../src/modules/leadSearch/webhookGuard';
import { LIST_WEBHOOK_CHECK } from '../src/workers/listWebhook';
import type { Queryable } from '../src/db';

let ctx: TestContext;
let token: string;
let receiver: Server;
let port: number;
let answer = 200;
const received: { headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  token = await login(ctx.app, DEMO.customer);
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answer;
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

/** List names are unique per account: each list this file makes gets its own. */
let listSeq = 0;
async function filledList(): Promise<number> {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: bearer(token),
    payload: { name: `Hook list ${(listSeq += 1)}`, list_type: 'company' },
  });
  const id = json<{ campaign: { id: number } }>(created).campaign.id;
  const started = await ctx.app.inject({
    method: 'POST',
    url: '/api/searches',
    headers: bearer(token),
    payload: { type: 'company', campaign_id: id, location: 'Porto', count: 6, filters: { industry: 'Retail' } },
  });
  await ctx.app.queue.drain();
  expect(await searchJobStatus(ctx.db, json<{ job: { id: number } }>(started).job.id)).not.toBe('running');
  return id;
}

const setup = (id: number, url: string, auth = token) =>
  ctx.app.inject({ method: 'POST', url: `/api/campaign-webhook-setup/${id}`, headers: bearer(auth), payload: { url } });

describe('list webhooks', () => {
  it('classifies private addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '224.0.0.1',
    ]) {
      expect([ip, isPrivateAddress(ip)]).toEqual([ip, true]);
    }
    for (const ip of ['93.184.215.14', '8.8.8.8', '2606:4700::1111'])
      expect([ip, isPrivateAddress(ip)]).toEqual([ip, false]);
  });

  it('refuses private, loopback and metadata URLs (SSRF) and bad URLs, naming the field', async () => {
    const id = await filledList();
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://10.0.0.5/hook',
      'http://[::1]/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      const res = await setup(id, url);
      expect([url, res.statusCode, json(res).code, json(res).field]).toEqual([
        url,
        422,
        'leadSearch.webhook_private_address',
        'url',
      ]);
    }
    for (const url of ['ftp://example.com/x', 'not a url', 'http://user:pw@93.184.215.14/']) {
      const res = await setup(id, url);
      expect([url, res.statusCode, json(res).field]).toEqual([url, 400, 'url']);
    }
    const unresolvable = await setup(id, 'https://no-such-host.invalid/hook');
    expect(json(unresolvable).code).toBe('leadSearch.webhook_unresolvable');
    const publicIp = await setup(id, 'https://93.184.215.14/hook');
    expect(publicIp.statusCode).toBe(200);
  });

  it('says the list has no webhook, then sends signed results and records sent / unsent', async () => {
    const id = await filledList();
    const list = json<{ data: { id: number }[] }>(
      await ctx.app.inject({ method: 'POST', url: `/api/company-results/${id}`, headers: bearer(token), payload: {} }),
    );
    const ids = list.data.slice(0, 3).map((r) => r.id);
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/company-results/${id}/send-webhook`,
        headers: bearer(token),
        payload: { ids },
      });

    let res = await send();
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({
      code: 'leadSearch.list_has_no_webhook',
      message: 'Selected list has no webhook, set it up.',
    });

    res = await setup(id, `http://localhost:${port}/receiver`);
    expect(res.statusCode).toBe(200);
    const { secret } = json<{ secret: string }>(res);
    expect(secret).toMatch(/^[0-9a-f]{48}$/);
    expect(
      json(await ctx.app.inject({ method: 'GET', url: `/api/campaign-webhook/${id}`, headers: bearer(token) })),
    ).toMatchObject({ url: `http://localhost:${port}/receiver`, secret });

    res = await send();
    expect(json(res)).toMatchObject({ sent: 3, unsent: 0 });
    const delivery = received.at(-1)!;
    const ts = String(delivery.headers['x-webhook-timestamp']);
    expect(delivery.headers['x-webhook-signature']).toBe(webhookSignature(secret, ts, delivery.body));
    const payload = JSON.parse(delivery.body) as {
      delivery_id: string;
      list: { id: number };
      results: { id: number }[];
    };
    expect(payload.list.id).toBe(id);
    // The delivery id a receiver drops a repeat by, in the body and a header, recorded as done.
    expect(delivery.headers['x-webhook-delivery']).toBe(payload.delivery_id);
    expect(
      (
        await ctx.db.query<{ state: string }>('SELECT state FROM external_effects WHERE key = $1', [
          payload.delivery_id,
        ])
      ).rows[0],
    ).toEqual({ state: 'done' });
    expect(payload.results.map((r) => r.id)).toEqual(ids);
    const statuses = json<{ data: { id: number; crm_status: string | null; sent: boolean }[] }>(
      await ctx.app.inject({
        method: 'POST',
        url: `/api/company-results/${id}`,
        headers: bearer(token),
        payload: { sent: 1 },
      }),
    );
    expect(statuses.data.map((r) => [r.id, r.crm_status])).toEqual(ids.map((i) => [i, 'sent']));

    answer = 500;
    res = await send();
    expect(json(res)).toMatchObject({ sent: 0, unsent: 3 });
    answer = 200;
    const after = json<{ data: { id: number; crm_status: string | null }[] }>(
      await ctx.app.inject({ method: 'POST', url: `/api/company-results/${id}`, headers: bearer(token), payload: {} }),
    );
    expect(after.data.filter((r) => ids.includes(r.id)).every((r) => r.crm_status === 'unsent')).toBe(true);
  });

  it("keeps other accounts' webhooks out of reach", async () => {
    const id = await filledList();
    const other = await login(ctx.app, DEMO.reseller);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/campaign-webhook/${id}`, headers: bearer(other) })).statusCode,
    ).toBe(404);
    expect((await setup(id, 'https://93.184.215.14/hook', other)).statusCode).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/company-results/${id}/send-webhook`,
          headers: bearer(other),
          payload: { ids: [1] },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('list webhook sends after a crash', () => {
  /**
   * What a process leaves when it dies after marking the rows and recording the delivery, before the POST's outcome:
   * the first `count` rows of a list with a webhook "sending", the delivery "sending" (its lease over), its check
   * queued; `alsoInTx` changes more in the same transaction.
   */
  async function crashedDelivery(
    count: number,
    name: string,
    alsoInTx?: (tx: Queryable, listId: number) => Promise<unknown>,
  ): Promise<{ id: number; ids: number[]; deliveryId: string }> {
    const id = await filledList();
    await setup(id, `http://localhost:${port}/receiver`);
    const ids = json<{ data: { id: number }[] }>(
      await ctx.app.inject({ method: 'POST', url: `/api/company-results/${id}`, headers: bearer(token), payload: {} }),
    )
      .data.slice(0, count)
      .map((r) => r.id);
    const deliveryId = `list-webhook:${id}:${name}`;
    await ctx.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE campaign_results SET crm_status = 'sending', crm_job_id = NULL WHERE id = ANY($1::bigint[])`,
        [`{${ids.join(',')}}`],
      );
      await tx.query(
        `INSERT INTO external_effects (key, kind, state, started_at) VALUES ($1, 'webhook', 'sending', now() - interval '1 hour')`,
        [deliveryId],
      );
      await alsoInTx?.(tx, id);
      await ctx.app.queue.send(LIST_WEBHOOK_CHECK, { deliveryId, listId: id, resultIds: ids }, { tx });
    });
    return { id, ids, deliveryId };
  }

  it('a delivery whose process died while sending is delivered again with the same id, and its rows leave "sending"', async () => {
    const { id, ids, deliveryId } = await crashedDelivery(4, 'crashed');
    const before = received.length;
    await ctx.app.queue.drain();
    const again = received.slice(before);
    expect(again).toHaveLength(1);
    expect(again[0]!.headers['x-webhook-delivery']).toBe(deliveryId);
    expect((JSON.parse(again[0]!.body) as { results: { id: number }[] }).results.map((r) => r.id)).toEqual(ids);
    const rows = (
      await ctx.db.query<{ crm_status: string }>(
        'SELECT crm_status FROM campaign_results WHERE id = ANY($1::bigint[])',
        [`{${ids.join(',')}}`],
      )
    ).rows;
    expect(rows.every((r) => r.crm_status === 'sent')).toBe(true);
    // A second check of the same delivery finds it recorded and sends nothing.
    await ctx.app.queue.send(LIST_WEBHOOK_CHECK, { deliveryId, listId: id, resultIds: ids });
    await ctx.app.queue.drain();
    expect(received.length).toBe(before + 1);
  });

  it('a crashed delivery whose list lost its webhook is recorded failed and its rows go back to unsent, with no POST', async () => {
    const { ids, deliveryId } = await crashedDelivery(2, 'orphaned', (tx, id) =>
      tx.query('UPDATE campaigns SET webhook_url = NULL WHERE id = $1', [id]),
    );
    const before = received.length;
    await ctx.app.queue.drain();
    expect(received.length).toBe(before);
    const effect = (
      await ctx.db.query<{ state: string; outcome: unknown }>(
        'SELECT state, outcome FROM external_effects WHERE key = $1',
        [deliveryId],
      )
    ).rows[0];
    expect(effect).toEqual({ state: 'failed', outcome: { reason: 'webhook_missing' } });
    const rows = (
      await ctx.db.query<{ crm_status: string }>(
        'SELECT crm_status FROM campaign_results WHERE id = ANY($1::bigint[])',
        [`{${ids.join(',')}}`],
      )
    ).rows;
    expect(rows.map((r) => r.crm_status)).toEqual(['unsent', 'unsent']);
  });
});
