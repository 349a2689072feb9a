import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createTestApp, json, login, DEMO, type TestContext } from './helpers';
import { caller, otherReseller, PACKAGE } from './whitelabel-helpers';

interface Received {
  event: string;
  signature: string;
  body: string;
}

describe('white-label webhooks (/api/whitelabel/webhooks)', () => {
  let ctx: TestContext;
  let reseller: string;
  let other: string;
  let call: ReturnType<typeof caller>;
  let receiver: Server;
  let url = '';
  const received: Received[] = [];
  beforeAll(async () => {
    process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
    receiver = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push({
          event: String(req.headers['x-webhook-event']),
          signature: String(req.headers['x-webhook-signature']),
          body,
        });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = receiver.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
    ctx = await createTestApp({ config: { logLevel: process.env.WL_LOG ? 'error' : 'silent' } });
    call = caller(ctx);
    reseller = await login(ctx.app, DEMO.reseller);
    other = await otherReseller(ctx);
  }, 120_000);
  afterAll(async () => {
    delete process.env.OUTBOUND_ALLOW_HOSTS;
    receiver.close();
    await ctx.close();
  }, 60_000);

  it('validates name, URL and events', async () => {
    const bad = await call('POST', '/api/whitelabel/webhooks', reseller, { name: '', url: 'ftp://x', events: [] });
    expect(
      json<{ errors: { field: string }[] }>(bad)
        .errors.map((e) => e.field)
        .sort(),
    ).toEqual(['events', 'name']);
    const badUrl = await call('POST', '/api/whitelabel/webhooks', reseller, {
      name: 'CRM',
      url: 'javascript:alert(1)',
      events: ['subscription.created'],
    });
    expect(json(badUrl)).toMatchObject({ field: 'url' });
    const badEvent = await call('POST', '/api/whitelabel/webhooks', reseller, {
      name: 'CRM',
      url,
      events: ['user.deleted'],
    });
    expect(json(badEvent)).toMatchObject({ field: 'events.0' });
  });

  it('signs each POST with the secret; only subscribed events are sent; another reseller gets 404', async () => {
    const created = await call('POST', '/api/whitelabel/webhooks', reseller, {
      name: 'CRM',
      url,
      events: ['subscription.created', 'subscription.canceled'],
      secret: 'topsecret',
    });
    expect(created.statusCode).toBe(201);
    const hook = json<{ data: { id: number; secret: string } }>(created).data;
    expect(hook.secret).toBe('topsecret');

    const test = await call('POST', `/api/whitelabel/webhooks/${hook.id}/test`, reseller);
    expect(json(test)).toMatchObject({ code: 'whitelabel.webhook_test_sent', status: 204 });
    const first = received.find((r) => r.event === 'webhook.test')!;
    expect(first.signature).toBe(`sha256=${createHmac('sha256', 'topsecret').update(first.body).digest('hex')}`);

    const pkg = json<{ data: { id: number } }>(await call('POST', '/api/whitelabel/packages', reseller, PACKAGE)).data
      .id;
    const sub = json<{ data: { id: number } }>(
      await call('POST', '/api/whitelabel/subscriptions', reseller, {
        customer_name: 'Wendy Web',
        email: 'wendy@hook.test',
        username: 'wendy',
        package_id: pkg,
      }),
    ).data.id;
    await ctx.app.queue.drain();
    await waitFor(() => received.some((r) => r.event === 'subscription.created'));
    await call('POST', `/api/whitelabel/subscriptions/${sub}/restore`, reseller); // 422: manual, no event
    await call('POST', `/api/whitelabel/subscriptions/${sub}/cancel`, reseller);
    await ctx.app.queue.drain();
    await waitFor(() => received.some((r) => r.event === 'subscription.canceled'));
    const created1 = JSON.parse(received.find((r) => r.event === 'subscription.created')!.body) as {
      event: string;
      delivery_id: string;
      data: { email: string };
    };
    expect(created1).toMatchObject({ event: 'subscription.created', data: { email: 'wendy@hook.test' } });
    // Each delivery carries its id (receivers drop repeats by it) and is recorded once, as done.
    expect(created1.delivery_id).toMatch(/^wl-webhook:/);
    expect(
      (
        await ctx.db.query<{ state: string }>('SELECT state FROM external_effects WHERE key = $1', [
          created1.delivery_id,
        ])
      ).rows[0],
    ).toEqual({ state: 'done' });
    expect(received.some((r) => r.event === 'subscription.restored')).toBe(false);

    for (const [method, path] of [
      ['PUT', `/api/whitelabel/webhooks/${hook.id}`],
      ['DELETE', `/api/whitelabel/webhooks/${hook.id}`],
      ['POST', `/api/whitelabel/webhooks/${hook.id}/test`],
    ] as const) {
      const body = method === 'PUT' ? { name: 'x', url, events: ['subscription.created'] } : undefined;
      expect((await call(method, path, other, body)).statusCode).toBe(404);
    }
    expect(json(await call('GET', '/api/whitelabel/webhooks', other))).toMatchObject({ total: 0 });
    const list = json<{ data: { last_status: string }[]; total: number }>(
      await call('GET', '/api/whitelabel/webhooks', reseller),
    );
    expect(list.total).toBe(1);
    expect(list.data[0]!.last_status).toBe('204');
    expect((await call('DELETE', `/api/whitelabel/webhooks/${hook.id}`, reseller)).statusCode).toBe(200);
  });

  it('queues a delivery in the transaction of the change it reports: when it cannot be queued, the change is not made', async () => {
    const hook = json<{ data: { id: number } }>(
      await call('POST', '/api/whitelabel/webhooks', reseller, {
        name: 'Ledger',
        url,
        events: ['subscription.created'],
      }),
    ).data;
    const pkg = json<{ data: { id: number } }>(
      await call('POST', '/api/whitelabel/packages', reseller, { ...PACKAGE, name: 'Atomic' }),
    ).data.id;
    const body = { customer_name: 'Tess Tx', email: 'tess@hook.test', username: 'tess', package_id: pkg };
    const send = jest.spyOn(ctx.app.queue, 'send').mockRejectedValueOnce(new Error('queue unavailable'));
    try {
      expect((await call('POST', '/api/whitelabel/subscriptions', reseller, body)).statusCode).toBe(500);
    } finally {
      send.mockRestore();
    }
    // Nothing half-done: no customer whose event would never be sent.
    expect((await ctx.db.query(`SELECT 1 FROM users WHERE email = 'tess@hook.test'`)).rows).toHaveLength(0);
    expect((await call('POST', '/api/whitelabel/subscriptions', reseller, body)).statusCode).toBe(201);
    await ctx.app.queue.drain();
    await waitFor(() => received.some((r) => r.event === 'subscription.created' && r.body.includes('tess@hook.test')));
    expect((await call('DELETE', `/api/whitelabel/webhooks/${hook.id}`, reseller)).statusCode).toBe(200);
  });

  it('refuses private addresses that are not allowed, at save', async () => {
    delete process.env.OUTBOUND_ALLOW_HOSTS;
    try {
      const saved = await call('POST', '/api/whitelabel/webhooks', reseller, {
        name: 'Metadata',
        url: 'http://169.254.169.254/latest',
        events: ['subscription.created'],
      });
      expect(saved.statusCode).toBe(422);
      expect(json(saved)).toMatchObject({ code: 'settings.address_refused', field: 'url' });
    } finally {
      process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
    }
  });
});

/** Deliveries happen after the answer: wait for the receiver (bounded; no fixed sleep). */
async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for a webhook delivery');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
