import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import type { Clock } from '../src/clock';
import type { Config } from '../src/config';
import { migrate, openDb, type Db } from '../src/db';
import { seed } from '../src/seed';
import { createTestDatabase } from './support/postgres';
import { seededPostgresTemplateFor, seededTemplateFor, TEMPLATE_CLOCK_START } from './support/seededTemplate';

/** A clock tests move by hand: no sleeps. */
export interface FakeClock extends Clock {
  advance(ms: number): void;
  set(at: Date): void;
}

export function fakeClock(start = new Date(TEMPLATE_CLOCK_START)): FakeClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (at) => {
      current = at.getTime();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    databaseUrl: null,
    dataDir: ':memory:',
    tokenTtlHours: 720,
    chatWidgetSecret: 'test-chat-widget-secret',
    appSecret: 'test-app-secret-0123456789',
    webRoot: null,
    devMailbox: false,
    seedDemo: true,
    trustProxy: false,
    cspDevLoopback: false,
    logLevel: 'silent',
    smtpUrl: null,
    mailFrom: 'Leadsmith <no-reply@leadsmith.test>',
    logErrorRateLimit: 60,
    // Tests run queued work through app.queue.drain(), not polling workers.
    processRole: 'web',
    ...overrides,
  };
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  clock: FakeClock;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh, empty database: in-memory PGlite by default. With
 * API_TEST_DATABASE_URL=postgres://… the same tests run against a PostgreSQL
 * server instead: each call creates its own database and drops it on close.
 */
export async function openFreshDb(): Promise<Db> {
  return openServerCopy();
}

/** On PostgreSQL a new database, empty or a copy of `template`; else an empty in-memory PGlite. */
async function openServerCopy(template?: string): Promise<Db> {
  if (!process.env.API_TEST_DATABASE_URL) return openDb({ databaseUrl: null, dataDir: ':memory:' });
  const database = await createTestDatabase(process.env.API_TEST_DATABASE_URL, template);
  const db = await openDb({ databaseUrl: database.url, dataDir: ':memory:' });
  return {
    ...db,
    close: async () => {
      await db.close();
      await database.drop();
    },
  };
}

/** A fresh database, migrated and seeded (a copy of the run's seeded database when its clock matches). */
export async function openTestDb(clock: Clock): Promise<Db> {
  const template = seededTemplateFor(clock.now());
  if (template) return openDb({ databaseUrl: null, dataDir: ':memory:' }, { pgliteFrom: template });
  const serverTemplate = seededPostgresTemplateFor(clock.now());
  if (serverTemplate) return openServerCopy(serverTemplate);
  const db = await openFreshDb();
  await migrate(db);
  await seed(db, clock);
  return db;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  clock?: FakeClock;
  /** Add test-only routes before the app is ready. */
  beforeReady?: (app: FastifyInstance) => void;
}

export async function createTestApp({
  config: overrides = {},
  clock = fakeClock(),
  beforeReady,
}: TestAppOptions = {}): Promise<TestContext> {
  // The grader's and the domain engine's look-ups go to the fixture DNS server (support/fixtureDns.ts), never the machine's.
  if (!process.env.DOMAIN_DNS_SERVERS)
    throw new Error(
      'DOMAIN_DNS_SERVERS is not set: run the API tests through api/jest.config.cjs, whose global setup starts the fixture DNS server',
    );
  const config = testConfig(overrides);
  const db = await openTestDb(clock);
  const app = buildApp({ db, config, clock });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    db,
    clock,
    config,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

export const DEMO = {
  admin: { email: 'admin@leadsmith.test', password: 'leadsmith-admin' },
  reseller: { email: 'reseller@leadsmith.test', password: 'leadsmith-reseller' },
  customer: { email: 'customer@leadsmith.test', password: 'leadsmith-customer' },
  basic: { email: 'basic@leadsmith.test', password: 'leadsmith-basic' },
} as const;

/** Parsed JSON body, typed by the caller's expectation. */
export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json<T>();
}

export async function login(app: FastifyInstance, account: { email: string; password: string }): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/auth/login', payload: account });
  if (response.statusCode !== 200)
    throw new Error(`login failed for ${account.email}: ${response.statusCode} ${response.body}`);
  return json<{ token: string }>(response).token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A search job's status, read after `app.queue.drain()` ran it. */
export async function searchJobStatus(db: Db, jobId: number): Promise<string | undefined> {
  return (await db.query<{ status: string }>('SELECT status FROM search_jobs WHERE id = $1', [jobId])).rows[0]?.status;
}
