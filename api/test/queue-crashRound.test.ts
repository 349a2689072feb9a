import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { migrate, openDb, type Db } from '../src/db';
import { promptIdsForTypes } from '../src/modules/leadSearch/fineTunes.service';
import { seed } from '../src/seed';
import { startFakeLeadVendors, FAKE_KEYS, type FakeLeadVendors } from './fakeLeadVendors';
import { startFakeStripe, type FakeStripe } from './fakeStripe';
import { DEMO } from './helpers';
import { startLocalSmtp, type LocalSmtp } from './support/localSmtp';
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
import { PACKAGE } from './whitelabel-helpers';

/**
 * One crash round for the queued work the two-process suites do not kill (issue 22): the server as
 * it ships, on PostgreSQL, starts seven kinds of work while every outside party, a fake on loopback,
 * holds its request: a search step waiting for Apollo, a list-webhook send, an AI list action
 * waiting for the model, an email waiting for the SMTP server's answer, a white-label webhook
 * delivery, an automatic top-up's charge at Stripe, a business-profile crawl. The process is killed
 * with kill -9 while they all hang; two fresh ones are started at once (they race for the work the
 * killed one held) and the fakes answer again. Each receiver
 * then has each effect once (by the key its protocol carries: delivery id, Message-ID, Idempotency-Key),
 * the search charged what it stored, and nothing is left queued, running, sending or looking.
 */
let build: ShippedBuild;
let database: TestDatabase;
let db: Db;
let vendors: FakeLeadVendors;
let stripe: FakeStripe;
let smtp: LocalSmtp;
let server: ShippedServer | null = null;
/** The second process started after the crash. */
let rival: ShippedServer | null = null;
const servers: http.Server[] = [];
const hung: http.ServerResponse[] = [];

/** Webhook receiver (list webhook at /list, white-label webhook at /wl): what it got, by delivery id, and whether it answered. */
const deliveries: { path: string; id: string; answered: boolean }[] = [];
const holdingHooks = new Set<string>();
/** OpenAI-compatible endpoint: each call's user message and whether it was answered. */
const aiAsked: { prompt: string; answered: boolean }[] = [];
let holdingAi = false;
/** The crawled site: requests for its home page, answered or not. */
const pages: { answered: boolean }[] = [];
let holdingSite = false;
const urls = { hooks: '', ai: '', site: '' };

async function listen(handler: http.RequestListener): Promise<string> {
  const s = http.createServer(handler);
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

function startServer(): Promise<ShippedServer> {
  return startShippedServer(build, {
    DATABASE_URL: database.url,
    PROCESS_ROLE: 'all',
    SEED_DEMO: '0',
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1,localhost',
    APOLLO_API_KEY: FAKE_KEYS.apollo,
    APOLLO_URL: vendors.url('apollo'),
    AI_BASE_URL: urls.ai,
    AI_TIMEOUT_MS: '120000',
    AI_MAX_RETRIES: '0',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_leadsmith',
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
    // The whole crawl's deadline, so its job's expiry (twice that) stays short; the page is held less than that before the kill.
    CRAWL_TIMEOUT_MS: '6000',
    // Work of the killed process is taken back after 6 s (longer than it takes to start all seven here).
    QUEUE_JOB_EXPIRE_SECONDS: '6',
    QUEUE_SUPERVISE_SECONDS: '1',
  });
}

const one = async <T>(sql: string, params: (string | number)[] = []) => (await db.query<T>(sql, params)).rows[0]!;

beforeAll(async () => {
  build = buildShippedServer('crash');
  database = await createTestDatabase();
  db = await openDb({ databaseUrl: database.url, dataDir: ':memory:' });
  await migrate(db);
  await seed(db);
  vendors = await startFakeLeadVendors();
  stripe = await startFakeStripe();
  smtp = await startLocalSmtp();
  urls.hooks = await listen((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '';
      const held = holdingHooks.has(path);
      deliveries.push({ path, id: String(req.headers['x-webhook-delivery']), answered: !held });
      if (held) hung.push(res);
      else res.writeHead(200).end();
    });
  });
  urls.ai = await listen((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const prompt =
        (JSON.parse(body) as { messages: { role: string; content: string }[] }).messages.find((m) => m.role === 'user')
          ?.content ?? '';
      aiAsked.push({ prompt, answered: !holdingAi });
      if (holdingAi) return void hung.push(res);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `c${aiAsked.length}`,
          choices: [
            { index: 0, message: { role: 'assistant', content: `Answer ${aiAsked.length}` }, finish_reason: 'stop' },
          ],
        }),
      );
    });
  });
  urls.site = await listen((req, res) => {
    req.resume();
    if (req.url !== '/') return void res.writeHead(404).end();
    pages.push({ answered: !holdingSite });
    if (holdingSite) return void hung.push(res);
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<html><head><title>Brightline Digital</title></head><body>SEO for dentists</body></html>');
  });
  server = await startServer();
}, 240_000);

afterAll(async () => {
  await stopShippedServer(server?.process ?? null, 'SIGTERM');
  await stopShippedServer(rival?.process ?? null, 'SIGTERM');
  for (const res of hung) res.destroy();
  await db?.close();
  await database?.drop({ force: true });
  await vendors?.close();
  await stripe?.close();
  await smtp?.close();
  for (const s of servers) await new Promise<void>((resolve) => s.close(() => resolve()));
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

test('kill -9 while a search step, a list webhook, an AI action, an email, a white-label webhook, an automatic top-up and a crawl hang: two fresh processes racing for the work finish each once', async () => {
  const port = server!.port;
  const customer = (await call<{ token: string }>(port, 'POST', '/auth/login', undefined, DEMO.customer)).json.token;
  const reseller = (await call<{ token: string }>(port, 'POST', '/auth/login', undefined, DEMO.reseller)).json.token;
  const customerId = (await one<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email])).id;
  await db.query('UPDATE users SET search_limit = 100000, searches_used = 0 WHERE id = $1', [customerId]);
  expect((await call(port, 'POST', '/api/business-details/data', customer, PROFILE)).status).toBe(201);
  // A Stripe card (Stripe.js confirming the SetupIntent), automatic top-ups of 100 credits below 50, and a balance of 55.
  const setup = (await call<{ setup_intent_id: string }>(port, 'POST', '/api/wallet/cards/setup', customer, {})).json;
  stripe.confirmSetup(setup.setup_intent_id, 'visa');
  expect(
    (
      await call(port, 'POST', '/api/wallet/cards', customer, {
        setup_intent_id: setup.setup_intent_id,
        make_default: true,
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await call(port, 'PUT', '/api/wallet/auto-top-up', customer, {
        enabled: true,
        threshold: 50,
        amount: 100,
        consent: true,
      })
    ).status,
  ).toBe(200);
  await db.query('UPDATE credit_wallets SET monthly = 55, additional = 0, rolled_over = 0 WHERE user_id = $1', [
    customerId,
  ]);
  await db.query('DELETE FROM credit_lots WHERE user_id = $1', [customerId]);
  // A white-label webhook for new subscriptions, and a package to subscribe to.
  expect(
    (
      await call(port, 'POST', '/api/whitelabel/webhooks', reseller, {
        name: 'Subscriptions',
        url: `${urls.hooks}/wl`,
        events: ['subscription.created'],
      })
    ).status,
  ).toBe(201);
  const packageId = (await call<{ data: { id: number } }>(port, 'POST', '/api/whitelabel/packages', reseller, PACKAGE))
    .json.data.id;

  const newList = async (name: string) =>
    (await call<{ campaign: { id: number } }>(port, 'POST', '/api/campaigns', customer, { name, list_type: 'people' }))
      .json.campaign.id;
  const search = async (list: number, jobTitle: string) => {
    const started = await call<{ job: { id: number } }>(port, 'POST', '/api/searches', customer, {
      type: 'people',
      campaign_id: list,
      location: 'Austin, TX',
      count: 10,
      filters: { job_title: jobTitle },
    });
    expect(started.status).toBe(201);
    return started.json.job.id;
  };
  const list = await newList('Crash round');
  expect(
    (await call(port, 'POST', `/api/campaign-webhook-setup/${list}`, customer, { url: `${urls.hooks}/list` })).status,
  ).toBe(200);

  // 1. The automatic top-up: Stripe holds its PaymentIntent; a search spending 10 of the 55 credits crosses the threshold.
  stripe.holdPath = '/v1/payment_intents';
  const first = await search(list, 'Marketing Manager');
  await until(
    'the first search',
    async () =>
      (await one<{ status: string }>('SELECT status FROM search_jobs WHERE id = $1', [first])).status === 'done',
  );
  await until('the top-up charge at Stripe', async () =>
    stripe.requests.some((r) => r.path === '/v1/payment_intents' && r.form.get('off_session') === 'true'),
  );
  const chargeId = (
    await one<{ id: number }>("SELECT id FROM settings_payment_charges WHERE user_id = $1 AND kind = 'auto_top_up'", [
      customerId,
    ])
  ).id;

  // 2. A search whose step waits for Apollo.
  const apolloSearches = () => vendors.of('apollo').filter((r) => r.path.endsWith('/mixed_people/api_search'));
  const searchPath = apolloSearches()[0]!.path;
  vendors.hold('apollo', searchPath);
  const second = await search(await newList('Crash round search'), 'Founder');
  // 3. The AI action over the first list's ten results, waiting for the model.
  holdingAi = true;
  const [summary] = await promptIdsForTypes(db, customerId, 'people', ['summary']);
  const aiJob = call<{ job: { id: number } }>(port, 'POST', `/api/people-results/${list}/ai`, customer, {
    all_matching: true,
    prompt_ids: [summary],
  }).catch(() => null);
  // 4. An email (a password reset code) waiting for the SMTP server's answer.
  smtp.holding = true;
  expect((await call(port, 'POST', '/auth/forgot-password', undefined, { email: DEMO.customer.email })).status).toBe(
    200,
  );
  // 5. A white-label subscription whose webhook delivery waits for the receiver.
  holdingHooks.add('/wl');
  const subscribed = await call(port, 'POST', '/api/whitelabel/subscriptions', reseller, {
    customer_name: 'Carl Customer',
    email: 'carl@customer.test',
    username: 'carl',
    package_id: packageId,
    welcome_email: false,
  });
  expect(subscribed.status).toBe(201);
  // 6 and 7, whose deadlines are short (5 s webhook, 6 s crawl): the list's webhook and a crawl of the business site.
  holdingHooks.add('/list');
  const sent = call(port, 'POST', `/api/people-results/${list}/send-webhook`, customer, {
    all_matching: true,
    filters: {},
  }).catch(() => null);
  holdingSite = true;
  expect(
    (await call(port, 'POST', '/api/business-details/single-link', customer, { website: `${urls.site}/` })).status,
  ).toBe(201);

  await until(
    'all seven in flight',
    async () =>
      vendors.held() > 0 &&
      aiAsked.length > 0 &&
      smtp.unanswered.some((m) => m.subject === 'Reset your Riley Reseller password') &&
      deliveries.some((d) => d.path === '/wl') &&
      deliveries.some((d) => d.path === '/list') &&
      pages.length > 0,
  );
  await stopShippedServer(server!.process, 'SIGKILL');
  server = null;
  await Promise.all([aiJob, sent]);
  const [listHook, wlHook] = [
    deliveries.find((d) => d.path === '/list')!.id,
    deliveries.find((d) => d.path === '/wl')!.id,
  ];
  // The emails whose answer was lost (the reset code; others the process had started, such as the card's receipt).
  const emails = [...new Set(smtp.unanswered.map((m) => m.messageId!))];

  // Two fresh processes, racing for the killed one's work; the outside parties answer again.
  vendors.release();
  stripe.holdPath = null;
  holdingAi = false;
  smtp.holding = false;
  holdingHooks.clear();
  holdingSite = false;
  [server, rival] = await Promise.all([startServer(), startServer()]);

  await until('the work after the crash', async () => {
    const left = await one<{ n: number }>(
      `SELECT (SELECT count(*) FROM search_jobs WHERE status = 'running')
            + (SELECT count(*) FROM lead_ai_jobs WHERE status = 'running')
            + (SELECT count(*) FROM settings_crawl_jobs WHERE status = 'pending')
            + (SELECT count(*) FROM settings_payment_charges WHERE status = 'processing')
            + (SELECT count(*) FROM external_effects WHERE state = 'sending')
            + (SELECT count(*) FROM campaign_results WHERE crm_status = 'sending' OR email_status = 'looking') AS n`,
    );
    return Number(left.n) === 0 && emails.every((id) => smtp.received.some((m) => m.messageId === id));
  });

  // The search: done, and it charged exactly the results it stored.
  const job = await one<{ status: string; produced: number; credits_charged: number }>(
    'SELECT status, produced, credits_charged FROM search_jobs WHERE id = $1',
    [second],
  );
  const stored = await one<{ n: number; credits: number }>(
    'SELECT count(*)::int AS n, COALESCE(sum(credits), 0)::int AS credits FROM campaign_results WHERE job_id = $1',
    [second],
  );
  expect(job).toEqual({ status: 'done', produced: 10, credits_charged: stored.credits });
  expect(stored.n).toBe(10);
  expect(
    (
      await one<{ n: number }>('SELECT COALESCE(-sum(delta), 0)::int AS n FROM credit_ledger WHERE reason LIKE $1', [
        `search:%:job:${second}`,
      ])
    ).n,
  ).toBe(stored.credits);
  // The list webhook and the white-label webhook: the delivery in flight came again with its id and was answered once.
  for (const [path, id] of [
    ['/list', listHook],
    ['/wl', wlHook],
  ] as const) {
    const got = deliveries.filter((d) => d.path === path);
    expect(new Set(got.map((d) => d.id))).toEqual(new Set([id]));
    expect(got.filter((d) => d.answered)).toHaveLength(1);
    expect(await one('SELECT state FROM external_effects WHERE key = $1', [id])).toEqual({ state: 'done' });
  }
  expect(
    (
      await one<{ n: number }>(
        "SELECT count(*)::int AS n FROM campaign_results WHERE campaign_id = $1 AND crm_status = 'sent'",
        [list],
      )
    ).n,
  ).toBe(10);
  // The AI action: each of the ten results answered once, its key done.
  const aiJobId = (await one<{ id: number }>('SELECT id FROM lead_ai_jobs WHERE campaign_id = $1', [list])).id;
  expect(await one('SELECT status, processed, failed FROM lead_ai_jobs WHERE id = $1', [aiJobId])).toEqual({
    status: 'done',
    processed: 10,
    failed: 0,
  });
  const names = (
    await db.query<{ name: string }>('SELECT name FROM campaign_results WHERE campaign_id = $1', [list])
  ).rows
    .map((r) => r.name)
    .sort();
  const answered = aiAsked
    .filter((c) => c.answered)
    .map((c) => /who (.+?) \(/.exec(c.prompt)?.[1] ?? c.prompt)
    .sort();
  expect(answered).toEqual(names);
  expect(
    (
      await db.query<{ state: string }>('SELECT state FROM external_effects WHERE key LIKE $1', [`ai:${aiJobId}:%`])
    ).rows.map((e) => e.state),
  ).toEqual(Array(10).fill('done'));
  // The emails: each accepted once under its Message-ID (the answer lost at the kill made it come again).
  expect(smtp.unanswered.some((m) => m.subject === 'Reset your Riley Reseller password')).toBe(true);
  for (const id of emails) expect(smtp.received.filter((m) => m.messageId === id)).toHaveLength(1);
  expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(smtp.received.length);
  // The automatic top-up: one PaymentIntent for its Idempotency-Key (sent again after the crash), 100 credits added once.
  const key = `leadsmith-charge-${chargeId}`;
  expect(
    stripe.requests.filter((r) => r.path === '/v1/payment_intents' && r.idempotencyKey === key).length,
  ).toBeGreaterThanOrEqual(2);
  expect(
    stripe.paymentIntents().filter((pi) => (pi.metadata as Record<string, string>).charge_id === String(chargeId)),
  ).toHaveLength(1);
  expect(await one('SELECT status, credits FROM settings_payment_charges WHERE id = $1', [chargeId])).toEqual({
    status: 'succeeded',
    credits: 100,
  });
  expect(
    (
      await one<{ n: number }>(
        "SELECT count(*)::int AS n FROM settings_payment_charges WHERE user_id = $1 AND kind = 'auto_top_up'",
        [customerId],
      )
    ).n,
  ).toBe(1);
  // The crawl: the page fetched again after the crash, stored once.
  expect(
    await one("SELECT status FROM settings_crawl_jobs WHERE user_id = $1 AND kind = 'single'", [customerId]),
  ).toEqual({ status: 'completed' });
  expect(pages.filter((p) => p.answered).length).toBeGreaterThanOrEqual(1);
  expect(
    (
      await one<{ n: number }>(
        "SELECT count(*)::int AS n FROM settings_website_links WHERE user_id = $1 AND title = 'Brightline Digital'",
        [customerId],
      )
    ).n,
  ).toBe(1);
  // Nothing waits in the queue either.
  const kinds = '{search-job,ai-list-action,email-delivery,whitelabel-webhook,website-crawl}';
  expect(
    (
      await one<{ n: number }>(
        "SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND name = ANY($1::text[])",
        [kinds],
      )
    ).n,
  ).toBe(0);
}, 180_000);
