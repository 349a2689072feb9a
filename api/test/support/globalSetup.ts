import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { migrate, openDb } from '../../src/db';
import { seed } from '../../src/seed';
import { fakeClock, testConfig } from '../helpers';
import { setup as startDns, teardown as stopDns } from './globalDns';
import { TEMPLATE_ENV } from './seededTemplate';

/** Jest's global setup of the API project: the fixture DNS server, then the run's seeded database (seededTemplate.ts). */
export default async function setup(): Promise<void> {
  await startDns();
  await writeSeededTemplate();
}

export async function teardown(): Promise<void> {
  await stopDns();
  const file = process.env[TEMPLATE_ENV];
  if (file) rmSync(file, { force: true });
}

async function writeSeededTemplate(): Promise<void> {
  if (process.env.API_TEST_DATABASE_URL || process.env[TEMPLATE_ENV]) return;
  const clock = fakeClock();
  const db = await openDb({ databaseUrl: null, dataDir: ':memory:' });
  try {
    await migrate(db);
    await seed(db, clock);
    // The queue's tables and queues, as an app's first start makes them (a web process: no work is scheduled).
    const app = buildApp({ db, config: testConfig({ processRole: 'web' }), clock });
    await app.ready();
    await app.close();
    if (db.queueTarget?.kind !== 'pglite') throw new Error('globalSetup: expected an embedded PGlite database');
    const file = path.join(tmpdir(), `leadsmith-api-template-${process.pid}.tar`);
    writeFileSync(file, Buffer.from(await (await db.queueTarget.pglite.dumpDataDir('none')).arrayBuffer()));
    process.env[TEMPLATE_ENV] = file;
  } finally {
    await db.close();
  }
}
