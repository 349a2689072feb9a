process.env.LEAD_SEARCH_WORKER = 'manual';
// The test receiver's host name is allowlisted for the crawl (CRAWL_ALLOW_HOSTS): only to start a
// crawl that then redirects; every other local address must still be refused.
process.env.CRAWL_ALLOW_HOSTS = 'localhost';
delete process.env.LEAD_SEARCH_WEBHOOK_ALLOW_HOSTS;
delete process.env.SETTINGS_WEBHOOK_ALLOW_HOSTS;

/**
 * A fake resolver: names whose DNS answers are hostile. `rebind.example` answers a public
 * address to the up-front check (dns/promises) and loopback at connect time (the lookup the
 * connection uses) — only a connection pinned to the checked lookup stays safe.
 */
const ANSWERS: Record<string, string[]> = {
  'evil.example': ['127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'mixed.example': ['93.184.215.14', '10.0.0.7'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'rebind.example': ['127.0.0.1'],
};
const CHECK_ANSWERS: Record<string, string[]> = { ...ANSWERS, 'rebind.example': ['93.184.215.14'] };
const family = (a: string) => (a.includes(':') ? 6 : 4);

jest.mock('node:dns', () => {
  const actual = jest.requireActual<typeof import('node:dns')>('node:dns');
  const lookup = (host: string, options: unknown, callback?: unknown) => {
    const cb = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    const opts = (typeof options === 'object' && options ? options : {}) as { all?: boolean };
    const fake = ANSWERS[host];
    if (!fake) return (actual.lookup as (...args: unknown[]) => void)(host, opts, cb);
    const list = fake.map((address) => ({ address, family: family(address) }));
    process.nextTick(() => (opts.all ? cb(null, list) : cb(null, list[0]!.address, list[0]!.family)));
  };
  return { ...actual, lookup, default: { ...actual, lookup } };
});
jest.mock('node:dns/promises', () => {
  const actual = jest.requireActual<typeof import('node:dns/promises')>('node:dns/promises');
  const lookup = async (host: string, options?: { all?: boolean }) => {
    const fake = CHECK_ANSWERS[host];
    if (!fake) return actual.lookup(host, options as never);
    const list = fake.map((address) => ({ address, family: family(address) }));
    return options?.all ? list : list[0];
  };
  return { ...actual, lookup, default: { ...actual, lookup } };
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPrivateAddress } from '../src/net/urlGuard';
import { isPrivateAddress as leadSearchIsPrivate } from '../src/routes/leadSearch/webhookGuard';
import { settleCrawls } from '../src/routes/settings/websiteLinks';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';

let ctx: TestContext;
let token: string;
let server: http.Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(`${req.headers.host} ${req.url}`);
    const target = /^\/redirect\?to=(.+)$/.exec(req.url ?? '')?.[1];
    if (target) {
      res.writeHead(302, { location: decodeURIComponent(target).replace('PORT', String(port)) });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<title>Internal secret</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  ctx = await createTestApp();
  token = await login(ctx.app, DEMO.customer);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  hits.length = 0;
});

const PRIVATE = [
  '127.0.0.1', '127.1.2.3', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255',
  '::1', '::', 'fe80::1', 'fd00::1', 'fc00::1', 'fd00:ec2::254', 'ff02::1',
  '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '0:0:0:0:0:ffff:7f00:1', '::7f00:1', '::127.0.0.1', '2002:7f00:1::1', '64:ff9b::7f00:1',
];
const PUBLIC = ['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8'];

test('one classification of private addresses for every outbound request', () => {
  for (const ip of PRIVATE) expect([ip, isPrivateAddress(ip), leadSearchIsPrivate(ip)]).toEqual([ip, true, true]);
  for (const ip of PUBLIC) expect([ip, isPrivateAddress(ip), leadSearchIsPrivate(ip)]).toEqual([ip, false, false]);
  expect(isPrivateAddress('not-an-ip')).toBe(true);
});

describe('crawl', () => {
  const crawl = async (website: string) => {
    const start = await ctx.app.inject({ method: 'POST', url: '/api/business-details/website', headers: bearer(token), payload: { website } });
    if (start.statusCode !== 200 && start.statusCode !== 201) return { start: start.statusCode, body: json(start) };
    await settleCrawls(ctx.db);
    const status = await ctx.app.inject({ method: 'GET', url: `/api/business-details/check-crawled-status?job_id=${json<{ jobId: number }>(start).jobId}`, headers: bearer(token) });
    return { start: start.statusCode, body: json(status) };
  };

  test.each(['http://127.0.0.1:PORT/', 'http://[::1]:PORT/', 'http://[::ffff:127.0.0.1]:PORT/', 'http://[::ffff:7f00:1]:PORT/', 'http://2130706433:PORT/', 'http://0x7f.1:PORT/', 'http://169.254.169.254/latest/meta-data/', 'http://internal.localhost:PORT/'])(
    'refuses the literal address %s up front',
    async (raw) => {
      const result = await crawl(raw.replace('PORT', String(port)));
      expect(result.start).toBe(422);
      expect(result.body).toMatchObject({ code: 'settings.address_refused', field: 'website' });
      expect(hits).toEqual([]);
    },
  );

  test.each(['evil.example', 'metadata.example', 'mixed.example', 'mapped.example', 'rebind.example'])('refuses %s, whose DNS answer is private, at connect time', async (host) => {
    const result = await crawl(`http://${host}:${port}/`);
    if (result.start === 422) expect(result.body).toMatchObject({ field: 'website' });
    else expect(result.body).toMatchObject({ status: 'failed', error: 'address_refused', linksData: [] });
    expect(hits).toEqual([]);
  });

  test.each(['http://127.0.0.1:PORT/secret', 'http://evil.example:PORT/secret', 'http://[::ffff:7f00:1]:PORT/secret', 'http://169.254.169.254/latest/meta-data/'])(
    'refuses a redirect to %s',
    async (target) => {
      const result = await crawl(`http://localhost:${port}/redirect?to=${encodeURIComponent(target)}`);
      expect(result.body).toMatchObject({ status: 'failed', error: 'address_refused' });
      // The allowlisted first hop was fetched; the private target never was.
      expect(hits).toEqual([`localhost:${port} /redirect?to=${encodeURIComponent(target)}`]);
    },
  );
});

describe('list webhooks (lead search)', () => {
  let listId: number;
  beforeAll(async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/campaigns', headers: bearer(token), payload: { name: 'Hooked', list_type: 'company' } });
    listId = json<{ campaign: { id: number } }>(created).campaign.id;
    const userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email])).rows[0]!.id;
    await ctx.db.query("INSERT INTO campaign_results (campaign_id, user_id, name, email, email_status) VALUES ($1, $2, 'Lead', 'lead@example.com', 'found')", [listId, userId]);
  });
  const setup = (url: string) => ctx.app.inject({ method: 'POST', url: `/api/campaign-webhook-setup/${listId}`, headers: bearer(token), payload: { url } });

  test.each([
    'http://127.0.0.1/hook',
    'http://[::1]/hook',
    'http://[::ffff:7f00:1]/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/hook',
    'http://evil.example/hook',
    'http://metadata.example/hook',
    'http://mixed.example/hook',
    'http://mapped.example/hook',
  ])('refuses %s (also through its DNS answers)', async (url) => {
    const res = await setup(url);
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'leadSearch.webhook_private_address', field: 'url' });
  });

  test('DNS rebinding: a name that passed the check but connects to loopback sends nothing', async () => {
    expect((await setup(`http://rebind.example:${port}/hook`)).statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/company-results/${listId}/send-webhook`, headers: bearer(token), payload: { all_matching: true } });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ sent: 0, unsent: 1 });
    expect(hits).toEqual([]);
  });
});

describe('integration webhooks (settings)', () => {
  const create = (url: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/integrations/webhooks', headers: bearer(token), payload: { name: 'Hook', url, events: ['lead.created'] } });

  test.each(['http://127.0.0.1/hook', 'http://[::ffff:7f00:1]/hook', 'http://169.254.169.254/', 'http://app.localhost/hook'])('refuses %s', async (url) => {
    const res = await create(url);
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ field: 'url' });
  });

  test.each(['evil.example', 'rebind.example', 'mixed.example'])('a name resolving to a private address (%s) is refused when sending', async (host) => {
    const created = await create(`http://${host}:${port}/hook`);
    expect(created.statusCode).toBe(201);
    const id = json<{ data: { id: number } }>(created).data.id;
    const sent = await ctx.app.inject({ method: 'POST', url: `/api/integrations/webhooks/${id}/test`, headers: bearer(token) });
    expect(sent.statusCode).toBe(422);
    expect(json(sent)).toMatchObject({ code: 'settings.address_refused', field: 'url' });
    expect(hits).toEqual([]);
    await ctx.app.inject({ method: 'DELETE', url: `/api/integrations/webhooks/${id}`, headers: bearer(token) });
  });
});
