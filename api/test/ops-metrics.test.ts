import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { buildApp } from '../src/app';
import { spendCredits } from '../src/credits/ledger';
import { ChangedMigrationError, migrate, MIGRATIONS } from '../src/db/migrations';
import type { Db } from '../src/db';
import { countingDeps } from '../src/providers/leads/sourceSettings';
import { defaultSourceDeps, LeadSourceError } from '../src/providers/leads/sourceHttp';
import { bearer, DEMO, fakeClock, login, openTestDb, testConfig } from './helpers';
import { startLocalSmtp, type LocalSmtp } from './support/localSmtp';
import { createErrorTracker } from '../src/ops/errorTracking';
import { until } from './support/until';

const METRICS_TOKEN = 'metrics-token-0123456789';
const FAILING_KIND = 'ops-test-failing';

/** Every log line the app writes, parsed. */
class LogLines extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
      this.lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  }
}

let app: ReturnType<typeof buildApp>;
let db: Db;
let smtp: LocalSmtp;
const logs = new LogLines();

/**
 * A local stand-in for a Sentry ingest endpoint: takes the SDK's envelopes (POST
 * /api/<project>/envelope/, newline-separated JSON: envelope header, item header, item) and keeps
 * the events.
 */
const ingested: { event: Record<string, unknown>; auth: string }[] = [];
const ingest: Server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (c: Buffer) => chunks.push(c));
  request.on('end', () => {
    let body = Buffer.concat(chunks);
    if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
    const lines = body.toString('utf8').split('\n').filter(Boolean);
    if (new URL(request.url ?? '/', 'http://ingest').pathname === '/api/4242/envelope/') {
      for (let i = 1; i + 1 < lines.length; i += 2) {
        const item = JSON.parse(lines[i]!) as { type: string };
        if (item.type === 'event')
          ingested.push({
            event: JSON.parse(lines[i + 1]!) as Record<string, unknown>,
            auth: `${String(request.headers['x-sentry-auth'] ?? '')} ${request.url}`,
          });
      }
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
  smtp = await startLocalSmtp();
  const clock = fakeClock();
  db = await openTestDb(clock);
  const errorTracker = createErrorTracker({
    dsn: `http://publickey@127.0.0.1:${(ingest.address() as AddressInfo).port}/4242`,
    environment: 'test',
    release: 'leadsmith-api@test',
  });
  app = buildApp({
    db,
    clock,
    config: testConfig({ metricsToken: METRICS_TOKEN, logLevel: 'info', smtpUrl: `smtp://127.0.0.1:${smtp.port}` }),
    logStream: logs,
    errorTracker,
  });
  app.get('/api/test/explode', { config: { access: 'public' } }, async () => {
    throw new Error('exploded on purpose');
  });
  app.queue.define(FAILING_KIND, { expireInSeconds: 60, retryLimit: 0, retryDelay: 0, concurrency: 1 }, async () => {
    app.log.warn('about to fail');
    throw new Error('planned failure');
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.close();
  await smtp.close();
  await new Promise<void>((resolve) => ingest.close(() => resolve()));
});

/**
 * The scrape, parsed. The parser folds a histogram's labelled series into one unlabelled sample, so the
 * histograms are parsed a second time without their TYPE line: each of `_bucket`, `_sum` and `_count`
 * then comes out as its own family with its labels (`<name>_count{kind=…}`).
 */
async function scrape(): Promise<MetricFamily[]> {
  const response = await app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const histograms = response.body
    .split('\n')
    .filter((line) => !line.startsWith('# '))
    .join('\n');
  return [
    ...parsePrometheusTextFormat(response.body),
    ...parsePrometheusTextFormat(`${histograms}\n`).filter((f) => /_(bucket|sum|count)$/.test(f.name)),
  ];
}

/** One family by name (a histogram's series, parsed without their TYPE, come in several runs of one name: merged). */
const family = (families: MetricFamily[], name: string): MetricFamily => {
  const found = families.filter((f) => f.name === name);
  if (!found.length) throw new Error(`${name} is not in the scrape`);
  return { ...found[0]!, metrics: found.flatMap((f) => f.metrics) };
};

/** The value of the sample whose labels include `labels` (0 when there is none). */
function value(families: MetricFamily[], name: string, labels: Record<string, string>): number {
  if (!families.some((f) => f.name === name)) return 0;
  const sample = family(families, name).metrics.find((m) =>
    Object.entries(labels).every(([k, v]) => m.labels?.[k] === v),
  );
  return sample ? Number(sample.value) : 0;
}

describe('GET /metrics', () => {
  test('refuses a scraper without the token', async () => {
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/metrics', headers: bearer('wrong-token-0123456789') })).statusCode).toBe(401);
  });

  test('HTTP latency and errors by route pattern, never by URL', async () => {
    const token = await login(app, DEMO.customer);
    for (const id of [999_001, 999_002])
      expect((await app.inject({ url: `/api/campaigns/${id}`, headers: bearer(token) })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/no-such-route-at-all' })).statusCode).toBe(404);
    const families = await scrape();
    const latency = family(families, 'leadsmith_http_request_duration_seconds');
    expect(latency.type).toBe('HISTOGRAM');
    expect(
      value(families, 'leadsmith_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/auth/login',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(families, 'leadsmith_http_errors_total', {
        method: 'GET',
        route: '/api/campaigns/:id',
        status_class: '4xx',
      }),
    ).toBe(2);
    expect(
      value(families, 'leadsmith_http_errors_total', { method: 'GET', route: 'unmatched', status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
    const routes = family(families, 'leadsmith_http_request_duration_seconds_count').metrics.map(
      (m) => m.labels?.route ?? '',
    );
    expect(routes).toContain('/api/campaigns/:id');
    expect(routes.filter((r) => r.includes('99900') || r.includes('no-such-route'))).toEqual([]);
    // Prometheus's default process metrics come along.
    expect(family(families, 'leadsmith_process_resident_memory_bytes').type).toBe('GAUGE');
  });

  test('queue depth, job durations and failures per kind', async () => {
    await app.queue.send(FAILING_KIND, {});
    await app.queue.send('email-delivery', { emailId: 2_000_000_000 });
    let families = await scrape();
    expect(value(families, 'leadsmith_queue_jobs', { kind: FAILING_KIND, state: 'created' })).toBe(1);
    expect(
      value(families, 'leadsmith_queue_jobs', { kind: 'email-delivery', state: 'created' }),
    ).toBeGreaterThanOrEqual(1);
    await expect(app.queue.drain()).rejects.toThrow('planned failure');
    families = await scrape();
    expect(value(families, 'leadsmith_queue_jobs', { kind: FAILING_KIND, state: 'created' })).toBe(0);
    expect(value(families, 'leadsmith_job_failures_total', { kind: FAILING_KIND })).toBe(1);
    expect(value(families, 'leadsmith_job_duration_seconds_count', { kind: FAILING_KIND, outcome: 'failed' })).toBe(1);
    expect(
      value(families, 'leadsmith_job_duration_seconds_count', { kind: 'email-delivery', outcome: 'completed' }),
    ).toBeGreaterThanOrEqual(1);
    // Lines written while a job runs carry its id and kind.
    const line = logs.lines.find((l) => l.msg === 'about to fail');
    expect(line).toMatchObject({ jobKind: FAILING_KIND, jobId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(logs.lines.find((l) => l.msg === `job ${FAILING_KIND} attempt failed`)).toMatchObject({
      jobId: line?.jobId,
      err: { message: 'planned failure' },
    });
  });

  test('credits spent (committed only), provider calls and errors, emails sent', async () => {
    const userId = (await db.query<{ id: number }>("SELECT id FROM users WHERE email = 'customer@leadsmith.test'"))
      .rows[0]!.id;
    const before = value(await scrape(), 'leadsmith_credits_spent_total', { bucket: 'monthly' });
    await db.transaction((tx) => spendCredits(tx, userId, 3, 'metrics test'));
    await expect(
      db.transaction(async (tx) => {
        await spendCredits(tx, userId, 5, 'rolled back');
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');

    const counting = countingDeps(db, defaultSourceDeps());
    counting.observe?.('hunter', null);
    counting.observe?.('hunter', new LeadSourceError('hunter', 'rate_limited', 'HTTP 429'));
    await counting.settled();

    expect(
      (await app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email: DEMO.basic.email } }))
        .statusCode,
    ).toBe(200);
    await app.queue.drain();
    await smtp.waitFor(1);

    const families = await scrape();
    expect(value(families, 'leadsmith_credits_spent_total', { bucket: 'monthly' }) - before).toBe(3);
    expect(value(families, 'leadsmith_provider_calls_total', { source: 'hunter' })).toBe(2);
    expect(value(families, 'leadsmith_provider_errors_total', { source: 'hunter', code: 'rate_limited' })).toBe(1);
    expect(value(families, 'leadsmith_emails_sent_total', { route: 'platform_smtp' })).toBeGreaterThanOrEqual(1);
  });
});

describe('request ids', () => {
  test('every answer carries one; an error answer and every log line of the request name it; a sane incoming id is kept', async () => {
    const response = await app.inject({ url: '/api/me' });
    expect(response.statusCode).toBe(401);
    const id = response.headers['x-request-id'];
    expect(id).toEqual(expect.any(String));
    expect(response.json()).toMatchObject({ code: 'unauthenticated', request_id: id });
    const lines = logs.lines.filter((l) => l.reqId === id);
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));

    const given = await app.inject({ url: '/api/live', headers: { 'x-request-id': 'lb-7f3a9c21-0001' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a9c21-0001');
    const unsafe = await app.inject({ url: '/api/live', headers: { 'x-request-id': 'bad id\nwith newline' } });
    expect(unsafe.headers['x-request-id']).not.toContain('bad');
  });

  test("log-app-error stores the failed answer's request id and its own", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/log-app-error',
      payload: { message: 'Request failed with status code 500', request_id: 'abcd-1234-efgh' },
    });
    expect(response.statusCode).toBe(204);
    const row = (
      await db.query<{ request_id: string; report_request_id: string }>(
        'SELECT request_id, report_request_id FROM app_errors ORDER BY id DESC LIMIT 1',
      )
    ).rows[0];
    expect(row).toEqual({ request_id: 'abcd-1234-efgh', report_request_id: response.headers['x-request-id'] });
  });
});

describe('liveness, readiness and forward-only migrations', () => {
  test('live answers; ready fails while a migration of this build is missing', async () => {
    expect((await app.inject({ url: '/api/live' })).json()).toEqual({ live: true });
    expect((await app.inject({ url: '/api/ready' })).json()).toEqual({ ready: true });
    const last = MIGRATIONS[MIGRATIONS.length - 1]!;
    const saved = (
      await db.query<{ checksum: string }>('SELECT checksum FROM schema_migrations WHERE id = $1', [last.id])
    ).rows[0]!;
    await db.query('DELETE FROM schema_migrations WHERE id = $1', [last.id]);
    const notReady = await app.inject({ url: '/api/ready' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.headers['retry-after']).toBe('5');
    expect(notReady.json()).toEqual({ ready: false, problem: 'migrations_pending' });
    await db.query('INSERT INTO schema_migrations (id, checksum) VALUES ($1, $2)', [last.id, saved.checksum]);
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  test('a shipped migration whose text changed stops the start, naming it; nothing is applied', async () => {
    const edited = MIGRATIONS.map((m, i) => (i === 3 ? { ...m, sql: `${m.sql}\n-- edited after shipping` } : m));
    const extra = { id: 'w5-ops34-test-never-applied', sql: 'CREATE TABLE never_applied (id int)' };
    const attempt = migrate(db, [...edited, extra]);
    await expect(attempt).rejects.toBeInstanceOf(ChangedMigrationError);
    await expect(attempt).rejects.toThrow(
      new RegExp(`refusing to start: a shipped migration was changed .*${MIGRATIONS[3]!.id}.*forward-only`),
    );
    expect((await db.query("SELECT to_regclass('never_applied') AS t")).rows[0]).toEqual({ t: null });
    expect(await migrate(db)).toEqual([]);
  });
});

describe('error tracking (SENTRY_DSN)', () => {
  test('off by default: no DSN, no tracker (the SDK is never loaded)', () => {
    expect(createErrorTracker({ dsn: null, environment: 'test', release: 'x' })).toBeNull();
  });

  test('a 500 and a failed job attempt reach the Sentry-compatible endpoint, tagged with the request id and the job id', async () => {
    const response = await app.inject({ url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    const requestId = response.json<{ request_id: string }>().request_id;
    await until(
      'the 500 at the ingest endpoint',
      async () => ingested.some((e) => (e.event.tags as Record<string, string> | undefined)?.request_id === requestId),
      10_000,
    );
    const event = ingested.find((e) => (e.event.tags as Record<string, string>).request_id === requestId)!;
    expect(event.auth).toContain('sentry_key=publickey');
    expect(event.event).toMatchObject({
      environment: 'test',
      release: 'leadsmith-api@test',
      tags: { route: '/api/test/explode', method: 'GET' },
    });
    expect(JSON.stringify(event.event.exception)).toContain('exploded on purpose');

    await app.queue.send(FAILING_KIND, {});
    await expect(app.queue.drain()).rejects.toThrow('planned failure');
    await until(
      'the job failure at the ingest endpoint',
      async () => ingested.some((e) => (e.event.tags as Record<string, string> | undefined)?.job_kind === FAILING_KIND),
      10_000,
    );
    const job = ingested.find((e) => (e.event.tags as Record<string, string>).job_kind === FAILING_KIND)!;
    expect((job.event.tags as Record<string, string>).job_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
