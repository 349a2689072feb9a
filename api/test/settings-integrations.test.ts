import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, bearer, json, login, DEMO, type TestContext } from './helpers';
import { startFakeCrm, type FakeCrm } from './fakeCrm';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local HTTP server recording every request; `answer` decides the response. */
async function startServer(
  answer: (req: Received) => { status: number; body?: unknown },
): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const entry = { path: `${req.method} ${req.url}`, headers: req.headers, body };
      received.push(entry);
      const out = answer(entry);
      res.writeHead(out.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(out.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('integrations: webhooks, CRM connections, field mapping; billing portal and courses', () => {
  let ctx: TestContext;
  let customer: string;
  let reseller: string;
  let admin: string;
  // The CRM callback exchanges the code for tokens: at a local fake CRM here.
  let crm: FakeCrm;
  beforeAll(async () => {
    process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
    crm = await startFakeCrm();
    Object.assign(process.env, { CRM_GHL_TOKEN_URL: crm.tokenUrl, CRM_GHL_API_URL: crm.base });
    ctx = await createTestApp();
    customer = await login(ctx.app, DEMO.customer);
    reseller = await login(ctx.app, DEMO.reseller);
    admin = await login(ctx.app, DEMO.admin);
  }, 120_000);
  afterAll(async () => {
    for (const key of ['OUTBOUND_ALLOW_HOSTS', 'CRM_GHL_TOKEN_URL', 'CRM_GHL_API_URL']) delete process.env[key];
    await ctx.close();
    await crm.close();
  }, 60_000);

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('creates a webhook and sends a signed test POST (HMAC-SHA256 of the body with the secret)', async () => {
    const receiver = await startServer(() => ({ status: 202 }));
    try {
      const bad = await call('POST', '/api/integrations/webhooks', customer, {
        name: 'x',
        url: 'not a url',
        events: [],
      });
      expect(bad.statusCode).toBe(400);
      const created = await call('POST', '/api/integrations/webhooks', customer, {
        name: 'My CRM',
        url: `${receiver.url}/hook`,
        events: ['lead.created'],
        secret: 'sup3r-secret',
      });
      expect(created.statusCode).toBe(201);
      const { data } = json<{ data: { id: number; secret: string } }>(created);
      const test = await call('POST', `/api/integrations/webhooks/${data.id}/test`, customer);
      expect(json(test)).toMatchObject({ status: 202, ok: true });
      expect(receiver.received).toHaveLength(1);
      const got = receiver.received[0]!;
      expect(got.path).toBe('POST /hook');
      expect(got.headers['x-webhook-signature']).toBe(
        `sha256=${createHmac('sha256', 'sup3r-secret').update(got.body).digest('hex')}`,
      );
      expect(JSON.parse(got.body)).toMatchObject({ event: 'test', webhook_id: data.id });
      const list = json<{ data: { name: string; last_status: number }[]; total: number }>(
        await call('GET', '/api/integrations/webhooks', customer),
      );
      expect(list).toMatchObject({ total: 1, data: [{ name: 'My CRM', last_status: 202 }] });
      // Another account: 404.
      expect((await call('POST', `/api/integrations/webhooks/${data.id}/test`, reseller)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/integrations/webhooks/${data.id}`, reseller)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/integrations/webhooks/${data.id}`, customer)).statusCode).toBe(200);
    } finally {
      await receiver.close();
    }
  });

  it('refuses private and loopback webhook URLs that are not allowed by config', async () => {
    for (const url of [
      'http://10.0.0.5/hook',
      'http://169.254.169.254/latest',
      'http://localhost:9/x',
      'http://[::1]/x',
    ]) {
      const res = await call('POST', '/api/integrations/webhooks', customer, {
        name: 'Internal',
        url,
        events: ['lead.created'],
      });
      expect([url, res.statusCode, json(res).code]).toEqual([url, 422, 'settings.address_refused']);
    }
  });

  it('connects a CRM through its authorisation URL and the /crm/callback state; maps fields', async () => {
    const list = json<{ data: { provider: string; connected: boolean }[] }>(
      await call('GET', '/api/crm/connections', customer),
    );
    expect(list.data.map((c) => c.provider)).toEqual(['ghl', 'keap', 'zapier', 'groove', 'sales_connector']);
    const notConnected = await call('GET', '/api/crm/fields/ghl', customer);
    expect(json(notConnected)).toMatchObject({
      code: 'settings.crm_not_connected',
      message: 'GoHighLevel not connected, click to connect',
    });

    const { url } = json<{ url: string }>(await call('POST', '/api/crm/connections/ghl/authorize', customer));
    const auth = new URL(url);
    expect(auth.origin + auth.pathname).toBe('https://marketplace.gohighlevel.com/oauth/chooselocation');
    expect(auth.searchParams.get('redirect_uri')).toMatch(/\/crm\/callback$/);
    expect(auth.searchParams.get('scope')).toContain('contacts.write');
    const state = auth.searchParams.get('state')!;
    // Another account cannot use this state.
    expect((await call('POST', '/api/crm/connections/callback', reseller, { code: 'abc', state })).statusCode).toBe(
      422,
    );
    const done = await call('POST', '/api/crm/connections/callback', customer, { code: 'abc', state });
    expect(json(done)).toMatchObject({ provider: 'ghl', message: 'GoHighLevel connected.' });
    // A state is used once.
    expect((await call('POST', '/api/crm/connections/callback', customer, { code: 'abc', state })).statusCode).toBe(
      422,
    );
    expect(
      json<{ data: { provider: string; connected: boolean }[] }>(
        await call('GET', '/api/crm/connections', customer),
      ).data.find((c) => c.provider === 'ghl')?.connected,
    ).toBe(true);

    expect(
      (await call('PUT', '/api/crm/fields/ghl', customer, { mappings: [{ lead_field: 'nope', crm_field: 'x' }] }))
        .statusCode,
    ).toBe(400);
    const saved = await call('PUT', '/api/crm/fields/ghl', customer, {
      mappings: [
        { lead_field: 'email', crm_field: 'contact.email' },
        { lead_field: 'phone', crm_field: '' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(json(await call('GET', '/api/crm/fields/ghl', customer))).toMatchObject({
      data: [{ lead_field: 'email', crm_field: 'contact.email' }],
    });
    expect(json(await call('GET', '/api/crm/fields/ghl', reseller))).toMatchObject({
      code: 'settings.crm_not_connected',
    });
    expect((await call('DELETE', '/api/crm/connections/ghl', customer)).statusCode).toBe(200);
    // Zapier has no public authorisation page: it needs configuration.
    expect(json(await call('POST', '/api/crm/connections/zapier/authorize', customer))).toMatchObject({
      code: 'settings.crm_not_configured',
    });
  });

  it('answers which billing portal manages the account', async () => {
    expect(json(await call('GET', '/api/wl/check-billing-portals', customer))).toEqual({
      type: 'paykickstart',
      value: expect.stringMatching(/^https:\/\//),
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/wl/check-billing-portals' })).statusCode).toBe(401);
  });

  it('lists shown courses and their shown pages only', async () => {
    const courseId = json<{ item: { id: number } }>(
      await call('POST', '/api/admin/courses', admin, {
        title: 'Getting started',
        description: 'First steps',
        shown: true,
      }),
    ).item.id;
    await call('POST', `/api/admin/courses/${courseId}/pages`, admin, {
      title: 'Welcome',
      content: 'Hello there',
      status: 'shown',
    });
    await call('POST', `/api/admin/courses/${courseId}/pages`, admin, {
      title: 'Secret draft',
      content: 'x',
      status: 'draft',
    });
    const hiddenId = json<{ item: { id: number } }>(
      await call('POST', '/api/admin/courses', admin, { title: 'Hidden', shown: false }),
    ).item.id;
    const list = json<{ data: { id: number; title: string; pages: number }[] }>(
      await call('GET', '/api/courses', customer),
    );
    expect(list.data.find((c) => c.id === courseId)).toMatchObject({ title: 'Getting started', pages: 1 });
    expect(list.data.some((c) => c.title === 'Hidden')).toBe(false);
    const one = json<{ data: { title: string; pages: { title: string }[] } }>(
      await call('GET', `/api/courses/items/${courseId}`, customer),
    );
    expect(one.data.pages.map((p) => p.title)).toEqual(['Welcome']);
    expect((await call('GET', `/api/courses/items/${hiddenId}`, customer)).statusCode).toBe(404);
    // The admin's rich-text field writes HTML: readers get it rebuilt by the allowlist sanitiser; a text saved
    // before that field (no markup) reads as paragraphs.
    await call('POST', `/api/admin/courses/${courseId}/pages`, admin, {
      title: 'Rich',
      position: 5,
      status: 'shown',
      content:
        '<h2>Lists</h2><p onclick="x()">Open <strong>Lists</strong> &amp; <a href="javascript:alert(1)">go</a></p><script>alert(2)</script>',
    });
    await call('POST', `/api/admin/courses/${courseId}/pages`, admin, {
      title: 'Plain',
      position: 6,
      status: 'shown',
      content: 'Line one\nline two\n\n<3 and more',
    });
    const pages = json<{ data: { pages: { title: string; content: string | null; body_html: string | null }[] } }>(
      await call('GET', `/api/courses/items/${courseId}`, customer),
    ).data.pages;
    expect(pages.map((p) => [p.title, p.content, p.body_html])).toEqual([
      ['Welcome', null, '<p>Hello there</p>'],
      ['Rich', null, '<h2>Lists</h2><p>Open <strong>Lists</strong> &amp; <a>go</a></p>'],
      ['Plain', null, '<p>Line one<br>line two</p><p>&lt;3 and more</p>'],
    ]);
  });
});
