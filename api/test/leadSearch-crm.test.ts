import type { ApiResponse } from '../../shared/src/api/contract';
process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1,localhost';
process.env.CRM_RETRY_BACKOFF_MS = '0';

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';
import { startFakeCrm, type FakeCrm } from './fakeCrm';
import { loadCrmConnection } from '../src/providers/crm';
import { openToken, sealToken } from '../src/providers/crm/tokenBox';
import { stepCrmSendJob } from '../src/modules/leadSearch/crmSendJob.service';

let ctx: TestContext;
let crm: FakeCrm;
let customer: string;
let reseller: string;
let customerId: number;
let hookReceiver: Server;
let hookPort: number;
const hookDeliveries: { results: { id: number }[] }[] = [];

type Result = ApiResponse<'/api/people-results/{id}/{resultId}', 'get'>;

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = customer, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const send = () => ctx.app.queue.drain();

beforeAll(async () => {
  crm = await startFakeCrm();
  for (const id of ['GHL', 'KEAP', 'GROOVE']) {
    process.env[`CRM_${id}_TOKEN_URL`] = crm.tokenUrl;
    process.env[`CRM_${id}_API_URL`] = crm.base;
  }
  process.env.CRM_GROOVE_AUTH_URL = `${crm.base}/oauth/authorize`;
  hookReceiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      hookDeliveries.push(JSON.parse(body) as { results: { id: number }[] });
      res.end();
    });
  });
  await new Promise<void>((resolve) => hookReceiver.listen(0, '127.0.0.1', resolve));
  hookPort = (hookReceiver.address() as AddressInfo).port;
  ctx = await createTestApp();
  customer = await login(ctx.app, DEMO.customer);
  reseller = await login(ctx.app, DEMO.reseller);
  customerId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email]))
    .rows[0]!.id;
}, 60_000);

afterAll(async () => {
  for (const id of ['GHL', 'KEAP', 'GROOVE']) {
    delete process.env[`CRM_${id}_TOKEN_URL`];
    delete process.env[`CRM_${id}_API_URL`];
  }
  delete process.env.CRM_GROOVE_AUTH_URL;
  delete process.env.CRM_TIMEOUT_MS;
  await ctx.close();
  await crm.close();
  await new Promise((resolve) => hookReceiver.close(resolve));
});

/** Connects a CRM the way the browser does: authorisation URL → the CRM's code at /crm/callback. */
async function connect(provider: 'ghl' | 'keap' | 'groove', code: string, token = customer) {
  const { url } = json<{ url: string }>(await inject('POST', `/api/crm/connections/${provider}/authorize`, token));
  const state = new URL(url).searchParams.get('state')!;
  return inject('POST', '/api/crm/connections/callback', token, { code, state });
}

async function peopleList(names: string[], token = customer): Promise<{ id: number; ids: number[] }> {
  const created = await inject('POST', '/api/campaigns', token, {
    name: `CRM list ${Math.random()}`,
    list_type: 'people',
  });
  const id = json<{ campaign: { id: number } }>(created).campaign.id;
  const ids: number[] = [];
  for (const name of names) {
    const res = await inject('POST', `/api/people-results/${id}/manual`, token, {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      company: 'Acme',
      position: 'Founder',
    });
    expect(res.statusCode).toBe(201);
    ids.push(json<{ result: { id: number } }>(res).result.id);
  }
  return { id, ids };
}

const results = async (listId: number, filters: object = {}) =>
  json<{ data: Result[] }>(await inject('POST', `/api/people-results/${listId}`, customer, filters)).data;
const contactsFor = (code: string) => crm.contacts.filter((c) => c.code === code).map((c) => c.contact);

describe('CRM connections: the code is exchanged for tokens kept sealed', () => {
  it('exchanges the code at the token endpoint, stores the tokens encrypted and never returns them', async () => {
    const before = crm.requests.length;
    const res = await connect('ghl', 'code-connect');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ provider: 'ghl', message: 'GoHighLevel connected.' });
    const exchange = crm.requests.slice(before).find((r) => r.path === '/oauth/token')!;
    const form = new URLSearchParams(exchange.body);
    expect(Object.fromEntries(form)).toMatchObject({
      grant_type: 'authorization_code',
      code: 'code-connect',
      client_id: 'leadsmith-dev',
      user_type: 'Location',
    });
    expect(form.get('redirect_uri')).toMatch(/\/crm\/callback$/);

    const row = (
      await ctx.db.query<{ access_token_enc: string; refresh_token_enc: string; account_ref: string }>(
        `SELECT access_token_enc, refresh_token_enc, account_ref FROM settings_crm_connections WHERE user_id = $1 AND provider = 'ghl'`,
        [customerId],
      )
    ).rows[0]!;
    expect(row.access_token_enc).not.toContain('at-');
    expect(openToken(ctx.config.appSecret, row.access_token_enc)).toMatch(/^at-\d+-code-connect$/);
    expect(openToken('another-secret-0123456789', row.access_token_enc)).toBeNull();
    expect(row.account_ref).toBe('loc-fake-1');
    const listed = await inject('GET', '/api/crm/connections');
    expect(listed.body).not.toMatch(/at-\d|rt-\d/);
    expect(
      json<{ data: { provider: string; connected: boolean; kind: string }[] }>(listed).data.find(
        (c) => c.provider === 'ghl',
      ),
    ).toMatchObject({ connected: true, kind: 'oauth' });
  });

  it('refuses a code the CRM does not accept, with its reason, and stores nothing', async () => {
    const res = await connect('keap', 'bad-code');
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({
      code: 'settings.crm.auth_failed',
      field: 'code',
      detail: 'Invalid authorization code',
    });
    expect(json<{ message: string }>(res).message).toBe(
      'Keap refused the connection. Connect it again in Settings → Integration.',
    );
    const es = await ctx.app.inject({
      method: 'POST',
      url: '/api/crm/connections/keap/authorize',
      headers: { ...bearer(customer), 'user-language': 'es' },
    });
    const state = new URL(json<{ url: string }>(es).url).searchParams.get('state')!;
    const spanish = await ctx.app.inject({
      method: 'POST',
      url: '/api/crm/connections/callback',
      headers: { ...bearer(customer), 'user-language': 'es' },
      payload: { code: 'bad-again', state },
    });
    expect(json<{ message: string }>(spanish).message).toMatch(/^Keap rechazó la conexión/);
    expect(
      (
        await ctx.db.query(`SELECT 1 FROM settings_crm_connections WHERE user_id = $1 AND provider = 'keap'`, [
          customerId,
        ])
      ).rowCount,
    ).toBe(0);
  });

  it('sealed tokens open only with the same secret', () => {
    const sealed = sealToken('secret-one-0123456789', 'token-value');
    expect(sealed).not.toContain('token-value');
    expect(openToken('secret-one-0123456789', sealed)).toBe('token-value');
    expect(openToken('secret-two-0123456789', sealed)).toBeNull();
    expect(openToken('secret-one-0123456789', `${sealed.slice(0, -2)}xx`)).toBeNull();
  });
});

describe("the list's crm action sends through the CRM", () => {
  it("sends a selection: sending → sent, with the user's field mapping, to the connected location", async () => {
    const code = 'code-send';
    expect((await connect('ghl', code)).statusCode).toBe(200);
    expect(
      (
        await inject('PUT', '/api/crm/fields/ghl', customer, {
          mappings: [
            { lead_field: 'job_title', crm_field: 'contact.role' },
            { lead_field: 'email', crm_field: 'email' },
          ],
        })
      ).statusCode,
    ).toBe(200);
    const list = await peopleList(['Ada Lovelace', 'Alan Turing', 'Grace Hopper']);
    const res = await inject('POST', `/api/people-results/${list.id}/send-crm`, customer, {
      provider: 'ghl',
      ids: list.ids.slice(0, 2),
    });
    expect(res.statusCode).toBe(202);
    expect(json(res)).toMatchObject({
      code: 'leadSearch.crm_sending',
      message: 'Sending 2 results to GoHighLevel…',
      job: { provider: 'ghl', total: 2, status: 'running' },
    });
    let rows = await results(list.id);
    expect(rows.map((r) => r.crm_status)).toEqual(['sending', 'sending', null]);

    await send();
    rows = await results(list.id);
    expect(rows.map((r) => [r.crm_status, r.sent, r.crm_provider])).toEqual([
      ['sent', true, 'ghl'],
      ['sent', true, 'ghl'],
      [null, false, null],
    ]);
    const received = contactsFor(code);
    expect(received).toHaveLength(2);
    expect(received[0]).toMatchObject({
      locationId: 'loc-fake-1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada.lovelace@example.com',
      companyName: 'Acme',
      source: 'Leadsmith',
      customFields: [{ key: 'contact.role', field_value: 'Founder' }],
    });
    expect(crm.requests.filter((r) => r.path === '/contacts/upsert').at(-1)!.headers.version).toBe('2021-07-28');
  });

  it('sends every row matching the filters across pages (select all)', async () => {
    const code = 'code-all';
    await connect('ghl', code);
    const list = await peopleList(['Match One', 'Match Two', 'Other Person']);
    const res = await inject('POST', `/api/people-results/${list.id}/send-crm`, customer, {
      all_matching: true,
      filters: { search: 'Match', limit: 1, page: 2 },
    });
    expect(json(res)).toMatchObject({ job: { total: 2, provider: 'ghl' } });
    await send();
    expect(contactsFor(code).map((c) => c.name)).toEqual(['Match One', 'Match Two']);
    // The spec's sent filter: all 0 (the default), sent 1, unsent 2.
    expect((await results(list.id, { sent: 1 })).map((r) => r.name)).toEqual(['Match One', 'Match Two']);
    expect((await results(list.id, { sent: 2 })).map((r) => r.name)).toEqual(['Other Person']);
    expect((await results(list.id, { sent: 0 })).map((r) => r.name)).toEqual([
      'Match One',
      'Match Two',
      'Other Person',
    ]);
    const bad = await inject('POST', `/api/people-results/${list.id}`, customer, { sent: 3 });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).field).toBe('sent');
  });

  it('a webhook send leaves the rows a CRM send still holds to that send', async () => {
    const code = 'code-hook';
    await connect('ghl', code);
    const list = await peopleList(['Held One', 'Held Two', 'Free Three']);
    await inject('POST', `/api/people-results/${list.id}/send-crm`, customer, {
      provider: 'ghl',
      ids: list.ids.slice(0, 2),
    });
    expect(
      (
        await inject('POST', `/api/campaign-webhook-setup/${list.id}`, customer, {
          url: `http://localhost:${hookPort}/hook`,
        })
      ).statusCode,
    ).toBe(200);
    const hooked = await inject('POST', `/api/people-results/${list.id}/send-webhook`, customer, {
      all_matching: true,
    });
    expect(json(hooked)).toMatchObject({ sent: 1, unsent: 0 });
    expect(hookDeliveries.at(-1)!.results.map((r) => r.id)).toEqual([list.ids[2]]);

    await send();
    expect(contactsFor(code).map((c) => c.name)).toEqual(['Held One', 'Held Two']);
    expect((await results(list.id)).map((r) => [r.name, r.crm_status, r.crm_provider])).toEqual([
      ['Held One', 'sent', 'ghl'],
      ['Held Two', 'sent', 'ghl'],
      ['Free Three', 'sent', null],
    ]);
    // Once the CRM send is over, a webhook send takes every row again.
    expect(
      json(await inject('POST', `/api/people-results/${list.id}/send-webhook`, customer, { all_matching: true })),
    ).toMatchObject({ sent: 3 });
  });

  it("says 'connect a CRM first' when none is connected, and names a CRM that is not", async () => {
    const theirs = await peopleList(['Someone Else'], reseller);
    let res = await inject('POST', `/api/people-results/${theirs.id}/send-crm`, reseller, { ids: theirs.ids });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({
      code: 'leadSearch.crm_connect_first',
      field: 'provider',
      message: 'Connect a CRM first (Settings → Integration → CRM).',
    });
    const mine = await peopleList(['Mine Only']);
    res = await inject('POST', `/api/people-results/${mine.id}/send-crm`, customer, {
      provider: 'keap',
      ids: mine.ids,
    });
    expect(json(res)).toMatchObject({
      code: 'settings.crm_not_connected',
      message: 'Keap not connected, click to connect',
    });
    // Another account's list, or the list under another type, is not found; a bad body names the field.
    expect(
      (await inject('POST', `/api/people-results/${theirs.id}/send-crm`, customer, { ids: theirs.ids })).statusCode,
    ).toBe(404);
    expect(
      (await inject('POST', `/api/local-results/${mine.id}/send-crm`, customer, { ids: mine.ids })).statusCode,
    ).toBe(404);
    res = await inject('POST', `/api/people-results/${mine.id}/send-crm`, customer, {
      provider: 'salesforce',
      ids: mine.ids,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).field).toBe('provider');
    expect(json(await inject('POST', `/api/people-results/${mine.id}/send-crm`, customer, {}))).toMatchObject({
      field: 'ids',
    });
  });

  it('retries a 429 (honouring Retry-After) and a 503, then sends', async () => {
    const code = 'code-429';
    await connect('ghl', code);
    const list = await peopleList(['Retry Me']);
    crm.queue(
      { status: 429, headers: { 'retry-after': '0' }, body: { message: 'Too many requests' } },
      { status: 503 },
    );
    const before = crm.requests.filter((r) => r.path === '/contacts/upsert').length;
    await inject('POST', `/api/people-results/${list.id}/send-crm`, customer, { ids: list.ids });
    await send();
    expect(crm.requests.filter((r) => r.path === '/contacts/upsert').length - before).toBe(3);
    expect((await results(list.id))[0]).toMatchObject({ crm_status: 'sent', crm_error: null });
    expect(contactsFor(code)).toHaveLength(1);
  });

  it('refreshes the token on a 401 and sends with the new one (stored sealed)', async () => {
    const code = 'code-401';
    await connect('ghl', code);
    const list = await peopleList(['Expired Token', 'Second Contact']);
    crm.revokeAccessTokens();
    await inject('POST', `/api/people-results/${list.id}/send-crm`, customer, { ids: list.ids });
    await send();
    const grants = crm.requests
      .filter((r) => r.path === '/oauth/token')
      .map((r) => new URLSearchParams(r.body).get('grant_type'));
    expect(grants.at(-1)).toBe('refresh_token');
    expect((await results(list.id)).map((r) => r.crm_status)).toEqual(['sent', 'sent']);
    const stored = await loadCrmConnection(ctx.db, customerId, 'ghl', ctx.config.appSecret);
    expect(contactsFor(code).map((c) => c.name)).toEqual(['Expired Token', 'Second Contact']);
    expect(crm.contacts.at(-1)!.token).toBe(stored!.tokens!.accessToken);
  });

  it('refreshes before sending when the token has expired', async () => {
    const code = 'code-expiry';
    crm.setExpiresIn(0);
    await connect('ghl', code);
    crm.setExpiresIn(3600);
    const list = await peopleList(['Soon Expired']);
    const before = crm.requests.length;
    await inject('POST', `/api/people-results/${list.id}/send-crm`, customer, { ids: list.ids });
    await send();
    expect(crm.requests.slice(before).map((r) => r.path)).toEqual(['/oauth/token', '/contacts/upsert']);
    expect((await results(list.id))[0]!.crm_status).toBe('sent');
  });

  it("marks results unsent with the CRM's error: a refused contact alone, a timeout for the whole batch", async () => {
    await connect('ghl', 'code-errors');
    const list = await peopleList(['Refused Contact', 'Accepted Contact']);
    crm.queue({ status: 422, body: { message: 'email is invalid' } });
    await inject('POST', `/api/people-results/${list.id}/send-crm`, customer, { ids: list.ids });
    await send();
    expect((await results(list.id)).map((r) => [r.crm_status, r.crm_error, r.crm_error_detail])).toEqual([
      ['unsent', 'rejected', 'email is invalid'],
      ['sent', null, null],
    ]);

    process.env.CRM_TIMEOUT_MS = '300';
    try {
      const slow = await peopleList(['Slow One', 'Slow Two', 'Slow Three']);
      crm.queue('hang');
      const before = crm.requests.length;
      await inject('POST', `/api/people-results/${slow.id}/send-crm`, customer, { ids: slow.ids });
      await send();
      // The CRM itself did not answer: the batch fails at once, one timeout, not one per contact.
      expect(crm.requests.length - before).toBe(1);
      const rows = await results(slow.id);
      expect(rows.map((r) => [r.crm_status, r.crm_error])).toEqual([
        ['unsent', 'timeout'],
        ['unsent', 'timeout'],
        ['unsent', 'timeout'],
      ]);
      expect(rows[0]!.crm_error_detail).toBe('no answer within 300 ms');
      // Sending them again works once the CRM answers.
      await inject('POST', `/api/people-results/${slow.id}/send-crm`, customer, { all_matching: true, filters: {} });
      await send();
      expect((await results(slow.id)).map((r) => r.crm_status)).toEqual(['sent', 'sent', 'sent']);
    } finally {
      delete process.env.CRM_TIMEOUT_MS;
    }
  });

  it('fails the rest of a job at once when the CRM is disconnected meanwhile; nothing is sent twice', async () => {
    await connect('ghl', 'code-disconnect');
    const list = await peopleList(['Left Behind']);
    const res = await inject('POST', `/api/people-results/${list.id}/send-crm`, customer, { ids: list.ids });
    expect(res.statusCode).toBe(202);
    // A second send of rows still "sending" has nothing to take.
    expect(
      json(await inject('POST', `/api/people-results/${list.id}/send-crm`, customer, { ids: list.ids })),
    ).toMatchObject({ code: 'leadSearch.crm_nothing_to_send' });
    expect((await inject('DELETE', '/api/crm/connections/ghl')).statusCode).toBe(200);
    await ctx.app.queue.drain();
    expect((await results(list.id))[0]).toMatchObject({ crm_status: 'unsent', crm_error: 'not_connected' });
  });

  it('pushes to Keap and to a generic OAuth CRM in their own shapes', async () => {
    await connect('keap', 'code-keap');
    await connect('groove', 'code-groove');
    await inject('PUT', '/api/crm/fields/groove', customer, {
      mappings: [{ lead_field: 'company', crm_field: 'organisation' }],
    });
    const list = await peopleList(['Keap Person']);
    await inject('POST', `/api/people-results/${list.id}/send-crm`, customer, { provider: 'keap', ids: list.ids });
    await send();
    expect(contactsFor('code-keap')[0]).toMatchObject({
      duplicate_option: 'Email',
      given_name: 'Keap',
      family_name: 'Person',
      email_addresses: [{ email: 'keap.person@example.com', field: 'EMAIL1' }],
      job_title: 'Founder',
    });
    await inject('POST', `/api/people-results/${list.id}/send-crm`, customer, { provider: 'groove', ids: list.ids });
    await send();
    expect(contactsFor('code-groove')[0]).toMatchObject({
      first_name: 'Keap',
      last_name: 'Person',
      email: 'keap.person@example.com',
      organisation: 'Acme',
      source: expect.stringMatching(/^CRM list/),
    });
    expect((await results(list.id))[0]).toMatchObject({ crm_status: 'sent', crm_provider: 'groove' });
  });
});

describe('Zapier: a webhook-style CRM', () => {
  it('is connected with a pasted URL (SSRF-guarded) and receives a batch as one JSON array', async () => {
    let res = await inject('PUT', '/api/crm/connections/zapier/webhook', customer, { url: 'http://10.0.0.8/hooks/x' });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'settings.address_refused', field: 'url' });
    res = await inject('PUT', '/api/crm/connections/zapier/webhook', customer, { url: 'ftp://example.com/x' });
    expect(json(res)).toMatchObject({ statusCode: 400, field: 'url' });
    res = await inject('PUT', '/api/crm/connections/zapier/webhook', customer, { url: `${crm.base}/hooks/zap-1` });
    expect(json(res)).toMatchObject({ provider: 'zapier', message: 'Zapier connected.' });
    const listed = json<{
      data: { provider: string; connected: boolean; kind: string; target: string; available: boolean }[];
    }>(await inject('GET', '/api/crm/connections'));
    expect(listed.data.find((c) => c.provider === 'zapier')).toMatchObject({
      connected: true,
      kind: 'webhook',
      available: true,
      target: new URL(crm.base).host,
    });
    // It has no authorisation page.
    expect(json(await inject('POST', '/api/crm/connections/zapier/authorize'))).toMatchObject({
      code: 'settings.crm_not_configured',
    });

    const list = await peopleList(['Zap One', 'Zap Two']);
    const before = crm.requests.filter((r) => r.path === '/hooks/zap-1').length;
    await inject('POST', `/api/people-results/${list.id}/send-crm`, customer, { provider: 'zapier', ids: list.ids });
    await send();
    const hooks = crm.requests.filter((r) => r.path === '/hooks/zap-1');
    expect(hooks.length - before).toBe(1);
    expect(JSON.parse(hooks.at(-1)!.body)).toEqual([
      expect.objectContaining({ first_name: 'Zap', last_name: 'One', email: 'zap.one@example.com' }),
      expect.objectContaining({ first_name: 'Zap', last_name: 'Two' }),
    ]);
    expect((await results(list.id)).map((r) => r.crm_status)).toEqual(['sent', 'sent']);

    // A Zap that was turned off answers 410: the contacts stay unsent with the reason.
    crm.queue({ status: 410, body: { status: 'failure', message: 'Hook is disabled' } });
    await inject('POST', `/api/people-results/${list.id}/send-crm`, customer, { provider: 'zapier', ids: list.ids });
    await send();
    expect((await results(list.id)).map((r) => [r.crm_status, r.crm_error, r.crm_error_detail])).toEqual([
      ['unsent', 'auth_failed', 'Hook is disabled'],
      ['unsent', 'auth_failed', 'Hook is disabled'],
    ]);
  });
});

describe('CRM sends: each row pushed exactly once', () => {
  it('two workers stepping the same send push each of 60 rows once, and every push is recorded with its key', async () => {
    await connect('ghl', 'code-exactly-once');
    const names = Array.from({ length: 60 }, (_, i) => `Once Person ${i}`);
    const list = await peopleList(names);
    const res = await inject('POST', `/api/people-results/${list.id}/send-crm`, customer, {
      provider: 'ghl',
      ids: list.ids,
    });
    expect(res.statusCode).toBe(202);
    const jobId = json<{ job: { id: number } }>(res).job.id;
    const pushedBefore = contactsFor('code-exactly-once').length;
    // Two processes' workers on one job, at once, until neither has anything left.
    const worker = async () => {
      for (;;) {
        try {
          if (!(await stepCrmSendJob(ctx.db, ctx.config.appSecret, jobId, () => ctx.clock.now()))) return;
        } catch (error) {
          // The other worker holds the next rows: let its CRM answer arrive (yield to I/O), then look again.
          expect(String(error)).toMatch(/being pushed by another worker/);
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    };
    await Promise.all([worker(), worker()]);
    await ctx.app.queue.drain();
    const pushed = contactsFor('code-exactly-once')
      .slice(pushedBefore)
      .map((c) => (c as { email?: string }).email);
    expect(pushed).toHaveLength(60);
    expect(new Set(pushed).size).toBe(60);
    const job = (
      await ctx.db.query<{ sent: number; total: number; status: string }>(
        'SELECT sent, total, status FROM crm_send_jobs WHERE id = $1',
        [jobId],
      )
    ).rows[0]!;
    expect(job).toEqual({ sent: 60, total: 60, status: 'done' });
    const effects = (
      await ctx.db.query<{ n: number; done: number }>(
        "SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 'done')::int AS done FROM external_effects WHERE key LIKE $1",
        [`crm:${jobId}:%`],
      )
    ).rows[0]!;
    expect(effects).toEqual({ n: 60, done: 60 });
  });
});
