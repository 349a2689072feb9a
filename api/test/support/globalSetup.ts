import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { migrate, openDb } from '../../src/db';
import { seed } from '../../src/seed';
import { fakeClock, testConfig } from '../helpers';
import { setup as startDns, teardown as stopDns } from './globalDns';
import { createTestDatabase, dropDatabase } from './postgres';
import { PG_TEMPLATE_ENV, TEMPLATE_ENV } from './seededTemplate';

/** Jest's global setup of the API project: the fixture DNS server, then the run's seeded database (seededTemplate.ts). */
export default async function setup(): Promise<void> {
  await startDns();
  await writeSeededTemplate();
  await createSeededPostgresTemplate();
}

export async function teardown(): Promise<void> {
  await stopDns();
  const file = process.env[TEMPLATE_ENV];
  if (file) rmSync(file, { force: true });
  const template = process.env[PG_TEMPLATE_ENV];
  if (template && process.env.API_TEST_DATABASE_URL) await dropDatabase(process.env.API_TEST_DATABASE_URL, template);
}

/** The app's first start on a new database: migrated, seeded at the test clock, the queue's tables made. */
async function prepare(db: Awaited<ReturnType<typeof openDb>>): Promise<void> {
  const clock = fakeClock();
  await migrate(db);
  await seed(db, clock);
  // The queue's tables and queues, as an app's first start makes them (a web process: no work is scheduled).
  const app = buildApp({ db, config: testConfig({ processRole: 'web' }), clock });
  await app.ready();
  await app.close();
}

/** The PostgreSQL pass's seeded database, copied by each test app whose clock starts at the template's. */
async function createSeededPostgresTemplate(): Promise<void> {
  const serverUrl = process.env.API_TEST_DATABASE_URL;
  if (!serverUrl || process.env[PG_TEMPLATE_ENV]) return;
  const template = await createTestDatabase(serverUrl);
  try {
    const db = await openDb({ databaseUrl: template.url, dataDir: ':memory:' });
    try {
      await prepare(db);
    } finally {
      // A database is copied only while no one is connected to it.
      await db.close();
    }
  } catch (error) {
    await template.drop({ force: true });
    throw error;
  }
  process.env[PG_TEMPLATE_ENV] = template.name;
}

async function writeSeededTemplate(): Promise<void> {
  if (process.env.API_TEST_DATABASE_URL || process.env[TEMPLATE_ENV]) return;
  const db = await openDb({ databaseUrl: null, dataDir: ':memory:' });
  try {
    await prepare(db);
    if (db.queueTarget?.kind !== 'pglite') throw new Error('globalSetup: expected an embedded PGlite database');
    const file = path.join(tmpdir(), `leadsmith-api-template-${process.pid}.tar`);
    writeFileSync(file, Buffer.from(await (await db.queueTarget.pglite.dumpDataDir('none')).arrayBuffer()));
    process.env[TEMPLATE_ENV] = file;
  } finally {
    await db.close();
  }
}
