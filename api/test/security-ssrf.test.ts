// One allow list for every outbound connection (OUTBOUND_ALLOW_HOSTS). Only `allowed.example`, a
// name the fake resolver maps to loopback, is listed: it starts a crawl that then redirects; every
// other local form must still be refused.
process.env.OUTBOUND_ALLOW_HOSTS = 'allowed.example';

/**
 * A fake resolver: names whose DNS answers are hostile. `rebind.example` answers loopback, except
 * for the one lookup after `armRebind()`, which gets a public address (the save-time check): only a
 * connection checked again at connect time stays safe. Names it does not know resolve for real
 * (/etc/hosts included).
 */
const ANSWERS: Record<string, string[]> = {
  'allowed.example': ['127.0.0.1'],
  'evil.example': ['127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'mixed.example': ['93.184.215.14', '10.0.0.7'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'v6.example': ['fd00::1'],
  'rebind.example': ['127.0.0.1'],
  'public.example': ['93.184.215.14'],
};
let rebindArmed = false;
function armRebind(): void {
  rebindArmed = true;
}
const family = (a: string) => (a.includes(':') ? 6 : 4);

jest.mock('node:dns', () => {
  const actual = jest.requireActual<typeof import('node:dns')>('node:dns');
  const lookup = (host: string, options: unknown, callback?: unknown) => {
    const cb = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    const opts = (typeof options === 'object' && options ? options : {}) as { all?: boolean };
    let fake = ANSWERS[host];
    if (host === 'rebind.example' && rebindArmed) {
      rebindArmed = false;
      fake = ['93.184.215.14'];
    }
    if (!fake) return (actual.lookup as (...args: unknown[]) => void)(host, opts, cb);
    const list = fake.map((address) => ({ address, family: family(address) }));
    process.nextTick(() => (opts.all ? cb(null, list) : cb(null, list[0]!.address, list[0]!.family)));
  };
  return { ...actual, lookup, default: { ...actual, lookup } };
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Server, type Socket } from 'node:net';
import { loadConfig } from '../src/config';
import { isPrivateAddress, OutboundRefusedError, resolveOutbound } from '../src/net/outbound';
import { isPrivateAddress as leadSearchIsPrivate } from '../src/modules/leadSearch/webhookGuard';
import { smtpRowOf } from '../src/modules/whitelabel/smtp.repository';
import { sendWithResellerSmtp } from '../src/modules/whitelabel/smtp.service';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';

let ctx: TestContext;
let token: string;
let reseller: string;
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
  reseller = await login(ctx.app, DEMO.reseller);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  hits.length = 0;
});

const PRIVATE = [
  '127.0.0.1',
  '127.1.2.3',
  '10.0.0.1',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.0.1',
  '169.254.169.254',
  '100.64.0.1',
  '0.0.0.0',
  '224.0.0.1',
  '255.255.255.255',
  '::1',
  '::',
  'fe80::1',
  'fd00::1',
  'fc00::1',
  'fd00:ec2::254',
  'ff02::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:a9fe:a9fe',
  '0:0:0:0:0:ffff:7f00:1',
  '::7f00:1',
  '::127.0.0.1',
  '2002:7f00:1::1',
  '64:ff9b::7f00:1',
];
const PUBLIC = ['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8'];

test('one classification of private addresses for every outbound request', () => {
  for (const ip of PRIVATE) expect([ip, isPrivateAddress(ip), leadSearchIsPrivate(ip)]).toEqual([ip, true, true]);
  for (const ip of PUBLIC) expect([ip, isPrivateAddress(ip), leadSearchIsPrivate(ip)]).toEqual([ip, false, false]);
  expect(isPrivateAddress('not-an-ip')).toBe(true);
});

describe('crawl', () => {
  const crawl = async (website: string) => {
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/business-details/website',
      headers: bearer(token),
      payload: { website },
    });
    if (start.statusCode !== 200 && start.statusCode !== 201) return { start: start.statusCode, body: json(start) };
    await ctx.app.queue.drain();
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/business-details/check-crawled-status?job_id=${json<{ jobId: number }>(start).jobId}`,
      headers: bearer(token),
    });
    return { start: start.statusCode, body: json(status) };
  };

  test.each([
    'http://127.0.0.1:PORT/',
    'http://[::1]:PORT/',
    'http://[::ffff:127.0.0.1]:PORT/',
    'http://[::ffff:7f00:1]:PORT/',
    'http://2130706433:PORT/',
    'http://0x7f.1:PORT/',
    'http://169.254.169.254/latest/meta-data/',
    'http://internal.localhost:PORT/',
  ])('refuses the literal address %s up front', async (raw) => {
    const result = await crawl(raw.replace('PORT', String(port)));
    expect(result.start).toBe(422);
    expect(result.body).toMatchObject({ code: 'settings.address_refused', field: 'website' });
    expect(hits).toEqual([]);
  });

  test.each(['evil.example', 'metadata.example', 'mixed.example', 'mapped.example', 'rebind.example'])(
    'refuses %s, whose DNS answer is private, at connect time',
    async (host) => {
      const result = await crawl(`http://${host}:${port}/`);
      if (result.start === 422) expect(result.body).toMatchObject({ field: 'website' });
      else expect(result.body).toMatchObject({ status: 'failed', error: 'address_refused', linksData: [] });
      expect(hits).toEqual([]);
    },
  );

  test.each([
    'http://127.0.0.1:PORT/secret',
    'http://evil.example:PORT/secret',
    'http://[::ffff:7f00:1]:PORT/secret',
    'http://169.254.169.254/latest/meta-data/',
  ])('refuses a redirect to %s', async (target) => {
    const result = await crawl(`http://allowed.example:${port}/redirect?to=${encodeURIComponent(target)}`);
    expect(result.body).toMatchObject({ status: 'failed', error: 'address_refused' });
    // The allowlisted host was read (its robots.txt and sitemap, then the first hop); the private target never was.
    expect(hits.filter((h) => !/ \/(robots\.txt|sitemap\.xml)$/.test(h))).toEqual([
      `allowed.example:${port} /redirect?to=${encodeURIComponent(target)}`,
    ]);
  });
});

describe('list webhooks (lead search)', () => {
  let listId: number;
  beforeAll(async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: bearer(token),
      payload: { name: 'Hooked', list_type: 'company' },
    });
    listId = json<{ campaign: { id: number } }>(created).campaign.id;
    const userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email]))
      .rows[0]!.id;
    await ctx.db.query(
      "INSERT INTO campaign_results (campaign_id, user_id, name, email, email_status) VALUES ($1, $2, 'Lead', 'lead@example.com', 'found')",
      [listId, userId],
    );
  });
  const setup = (url: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/campaign-webhook-setup/${listId}`,
      headers: bearer(token),
      payload: { url },
    });

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
    armRebind();
    expect((await setup(`http://rebind.example:${port}/hook`)).statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/company-results/${listId}/send-webhook`,
      headers: bearer(token),
      payload: { all_matching: true },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ sent: 0, unsent: 1 });
    expect(hits).toEqual([]);
  });
});

describe('integration webhooks (settings)', () => {
  const create = (url: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/integrations/webhooks',
      headers: bearer(token),
      payload: { name: 'Hook', url, events: ['lead.created'] },
    });

  test.each([
    'http://127.0.0.1/hook',
    'http://[::ffff:7f00:1]/hook',
    'http://169.254.169.254/',
    'http://app.localhost/hook',
  ])('refuses %s', async (url) => {
    const res = await create(url);
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ field: 'url' });
  });

  test('DNS rebinding: a name that passed the check at save is refused when sending', async () => {
    armRebind();
    const created = await create(`http://rebind.example:${port}/hook`);
    expect(created.statusCode).toBe(201);
    const id = json<{ data: { id: number } }>(created).data.id;
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/integrations/webhooks/${id}/test`,
      headers: bearer(token),
    });
    expect(sent.statusCode).toBe(422);
    expect(json(sent)).toMatchObject({ code: 'settings.address_refused', field: 'url' });
    expect(hits).toEqual([]);
    await ctx.app.inject({ method: 'DELETE', url: `/api/integrations/webhooks/${id}`, headers: bearer(token) });
  });
});

/**
 * Every forbidden spelling of a private, loopback, link-local or metadata target: literals in every
 * notation the URL parser accepts, names under localhost, and names whose DNS answers are private.
 */
const FORBIDDEN_URLS = [
  ...PRIVATE.map((ip) => (ip.includes(':') ? `http://[${ip}]/hook` : `http://${ip}/hook`)),
  'http://169.254.169.254/latest/meta-data/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://2130706433/hook',
  'http://0/hook',
  'http://0x7f.1/hook',
  'http://0177.0.0.1/hook',
  'http://127.1/hook',
  'http://017700000001/hook',
  'http://[0:0:0:0:0:0:0:1]/hook',
  'http://localhost/hook',
  'http://LOCALHOST:8080/hook',
  'http://app.localhost/hook',
  'http://evil.example/hook',
  'http://metadata.example/hook',
  'http://mixed.example/hook',
  'http://mapped.example/hook',
  'http://v6.example/hook',
  'https://10.0.0.1:8443/hook',
  'http://172.20.3.4/hook',
  'http://192.168.1.1/hook',
];

describe('every webhook kind refuses the same forbidden URLs at save (one check)', () => {
  let listId: number;
  beforeAll(async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: bearer(token),
      payload: { name: 'Forms', list_type: 'company' },
    });
    listId = json<{ campaign: { id: number } }>(created).campaign.id;
  });
  const kinds: Record<string, (url: string) => Promise<LightMyRequestResponse>> = {
    'white-label webhook': (url) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/whitelabel/webhooks',
        headers: bearer(reseller),
        payload: { name: 'Hook', url, events: ['subscription.created'] },
      }),
    'integration webhook': (url) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/integrations/webhooks',
        headers: bearer(token),
        payload: { name: 'Hook', url, events: ['lead.created'] },
      }),
    'list webhook': (url) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/campaign-webhook-setup/${listId}`,
        headers: bearer(token),
        payload: { url },
      }),
  };

  test.each(Object.keys(kinds))('%s', async (kind) => {
    const saved: string[] = [];
    for (const url of FORBIDDEN_URLS) {
      const res = await kinds[kind]!(url);
      if (res.statusCode !== 422 || json<{ field?: string }>(res).field !== 'url')
        saved.push(`${url} → ${res.statusCode}`);
    }
    expect(saved).toEqual([]);
    expect(hits).toEqual([]);
  });

  test('the white-label list still takes a public URL', async () => {
    const res = await kinds['white-label webhook']!('https://public.example/hook');
    expect(res.statusCode).toBe(201);
  });
});

/** Names in /etc/hosts that point at a loopback address, other than localhost (machine-dependent; may be none). */
function hostsFileLoopbackNames(): string[] {
  let text: string;
  try {
    text = readFileSync('/etc/hosts', 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim().split(/\s+/))
    .filter(([address]) => address !== undefined && isPrivateAddress(address))
    .flatMap(([, ...names]) => names)
    .filter((name) => /^[A-Za-z0-9.-]+$/.test(name) && !/localhost/i.test(name))
    .slice(0, 2);
}

describe('reseller SMTP (white-label): no session reaches a local listener', () => {
  let listener: Server;
  let listenerPort: number;
  let sessions = 0;
  const open = new Set<Socket>();
  let ownerId: number;
  beforeAll(async () => {
    // Any TCP listener stands for an internal service: it greets like SMTP and counts sessions.
    listener = createServer((socket: Socket) => {
      sessions += 1;
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.end('220 internal ready\r\n');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    listenerPort = (listener.address() as AddressInfo).port;
    ownerId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.reseller.email]))
      .rows[0]!.id;
  });
  afterAll(async () => {
    for (const socket of open) socket.destroy();
    await new Promise((resolve) => listener.close(resolve));
  });
  beforeEach(() => {
    sessions = 0;
  });

  const HOSTS = [
    '127.0.0.1',
    'localhost',
    '2130706433',
    '0',
    '0x7f000001',
    '127.1',
    'evil.example',
    'metadata.example',
    'mapped.example',
    'v6.example',
    ...hostsFileLoopbackNames(),
  ];
  const put = (host: string, port = listenerPort) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/whitelabel/smtp',
      headers: bearer(reseller),
      payload: {
        host,
        port,
        encryption: 'none',
        from_email: 'noreply@reseller.test',
        support_email: 'help@reseller.test',
      },
    });
  const sendTest = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/whitelabel/smtp/test',
      headers: bearer(reseller),
      payload: { to: 'someone@example.com' },
    });
  /** Stores a host as an older version (or a rebinding name) could have, bypassing the save check. */
  const store = (host: string, port = listenerPort) =>
    ctx.db.query(
      `INSERT INTO whitelabel_smtp (owner_id, host, port, encryption, from_email, support_email, updated_at) VALUES ($1, $2, $3, 'none', 'noreply@reseller.test', 'help@reseller.test', now())
       ON CONFLICT (owner_id) DO UPDATE SET host = EXCLUDED.host, port = EXCLUDED.port`,
      [ownerId, host, port],
    );

  test.each(HOSTS)('refuses %s when saved', async (host) => {
    const res = await put(host);
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'settings.address_refused', field: 'host' });
    expect(sessions).toBe(0);
  });

  test.each(HOSTS)('refuses %s at connect time (stored before the check), with the generic text', async (host) => {
    await store(host);
    const res = await sendTest();
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'whitelabel.smtp_failed', field: 'to' });
    expect(sessions).toBe(0);
  });

  test('DNS rebinding: a name that was public at save is refused at connect time', async () => {
    armRebind();
    expect((await put('rebind.example')).statusCode).toBe(200);
    const res = await sendTest();
    expect(res.statusCode).toBe(422);
    expect(sessions).toBe(0);
  });

  test('welcome emails take the same guarded connection', async () => {
    await store('localhost');
    const row = (await smtpRowOf(ctx.db, ownerId))!;
    await expect(
      sendWithResellerSmtp(row, 'x'.repeat(32), { to: 'new@example.com', subject: 'Welcome', text: 'Hi' }),
    ).rejects.toBeInstanceOf(OutboundRefusedError);
    expect(sessions).toBe(0);
  });

  test('the error text does not tell an open port from a closed one', async () => {
    process.env.OUTBOUND_ALLOW_HOSTS = 'allowed.example,127.0.0.1';
    try {
      const closed = await new Promise<number>((resolve) => {
        const probe = createServer();
        probe.listen(0, '127.0.0.1', () => {
          const free = (probe.address() as AddressInfo).port;
          probe.close(() => resolve(free));
        });
      });
      await store('127.0.0.1', closed);
      const refused = await sendTest();
      await store('127.0.0.1', listenerPort);
      const open = await sendTest();
      expect(sessions).toBe(1);
      expect([refused.statusCode, open.statusCode]).toEqual([422, 422]);
      // The same answer but for the request's own id.
      const { request_id: _refusedId, ...refusedBody } = refused.json<Record<string, unknown>>();
      const { request_id: _openId, ...openBody } = open.json<Record<string, unknown>>();
      expect(refusedBody).toEqual(openBody);
    } finally {
      process.env.OUTBOUND_ALLOW_HOSTS = 'allowed.example';
    }
  });
});

/**
 * Coverage: a source file that opens connections (node:http/https/net/tls, undici, nodemailer,
 * fetch) either goes through the outbound guard or is listed here with the reason it need not.
 * A new outbound connection fails this test until it does one or the other.
 */
describe('every outbound connection goes through the guard', () => {
  const EXEMPT: Record<string, string> = {
    'mail/mailer.ts': "the operator's own SMTP_URL (platform mail), never a user-given address",
  };
  /** Imports of these modules that open nothing (address helpers, status texts). */
  const HARMLESS = new Set(['isIP', 'isIPv4', 'isIPv6', 'BlockList', 'SocketAddress', 'STATUS_CODES', 'METHODS']);
  const IMPORT = /^import (?!type)([^;]*?) from '(?:node:)?(http|https|net|tls|http2|dgram|undici|nodemailer)'/gm;
  const opens = (text: string) =>
    /import\('(?:node:)?(?:nodemailer|undici|http|https|net|tls)'\)|\bfetch\(/.test(text) ||
    [...text.matchAll(IMPORT)].some(([, clause]) => {
      const named = /^\{([^}]*)\}$/.exec(clause!.trim());
      return (
        !named ||
        named[1]!.split(',').some(
          (n) =>
            n.trim() &&
            !HARMLESS.has(
              n
                .trim()
                .split(/\s+as\s+/)[0]!
                .replace(/^type\s+/, ''),
            ),
        )
      );
    });
  const GUARDED = /\b(?:outboundLookup|outboundDispatcher|outboundSmtpSocket|guardedPost|postSigned)\b/;

  test('no unguarded file', () => {
    const root = path.join(__dirname, '..', 'src');
    const files = (readdirSync(root, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.split(path.sep).join('/'));
    const opening = files.filter((f) => !f.startsWith('net/') && opens(readFileSync(path.join(root, f), 'utf8')));
    const unguarded = opening.filter((f) => !GUARDED.test(readFileSync(path.join(root, f), 'utf8')) && !EXEMPT[f]);
    expect(unguarded).toEqual([]);
    // The list stays honest: an exempt file that no longer opens connections is removed from it.
    expect(Object.keys(EXEMPT).filter((f) => !opening.includes(f))).toEqual([]);
    // And the check sees the guarded ones.
    expect(opening).toEqual(
      expect.arrayContaining([
        'providers/crm/http.ts',
        'providers/leads/domain/crawler.ts',
        'modules/whitelabel/smtp.service.ts',
      ]),
    );
  });
});

describe('OUTBOUND_ALLOW_HOSTS, the one allow list', () => {
  test('names, addresses and CIDR ranges; a listed address never exempts localhost names', async () => {
    const saved = process.env.OUTBOUND_ALLOW_HOSTS;
    process.env.OUTBOUND_ALLOW_HOSTS = 'allowed.example,10.2.0.0/16,fd00::/8';
    try {
      await expect(resolveOutbound('10.2.3.4')).resolves.toEqual([{ address: '10.2.3.4', family: 4 }]);
      await expect(resolveOutbound('fd00::1')).resolves.toHaveLength(1);
      await expect(resolveOutbound('v6.example')).resolves.toEqual([{ address: 'fd00::1', family: 6 }]);
      await expect(resolveOutbound('10.3.0.1')).rejects.toBeInstanceOf(OutboundRefusedError);
      await expect(resolveOutbound('evil.example')).rejects.toBeInstanceOf(OutboundRefusedError);
      process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
      await expect(resolveOutbound('localhost')).rejects.toBeInstanceOf(OutboundRefusedError);
      await expect(resolveOutbound('2130706433')).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
    } finally {
      process.env.OUTBOUND_ALLOW_HOSTS = saved;
    }
  });

  test.each([
    'CRAWL_ALLOW_HOSTS',
    'SETTINGS_WEBHOOK_ALLOW_HOSTS',
    'LEAD_SEARCH_WEBHOOK_ALLOW_HOSTS',
    'CRM_ALLOW_HOSTS',
    'WHITELABEL_WEBHOOK_ALLOW_HOSTS',
    'LEAD_SOURCES_ALLOW_HOSTS',
  ])('the replaced %s stops the start, naming its successor', (key) => {
    expect(() => loadConfig({ [key]: '127.0.0.1' }, path.join(__dirname, '..', '..'))).toThrow(/OUTBOUND_ALLOW_HOSTS/);
  });

  test('a malformed range stops the start', () => {
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: '10.0.0.0/99' }, path.join(__dirname, '..', '..'))).toThrow(
      /OUTBOUND_ALLOW_HOSTS/,
    );
  });
});
