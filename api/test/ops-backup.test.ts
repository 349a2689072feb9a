import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { grantCredits, spendCredits } from '../src/credits/ledger';
import { migrate, openDb, type Db } from '../src/db';
import {
  backupPglite,
  backupPostgres,
  figureDifferences,
  pruneBackups,
  readManifest,
  restorePglite,
  restorePostgres,
  type DatabaseFigures,
} from '../src/ops/backup';
import { seed } from '../src/seed';
import { fakeClock } from './helpers';
import { createTestDatabase, type TestDatabase } from './support/postgres';

/**
 * Backup → restore into a fresh database → the same rows: every table's count and the credit
 * ledger's sums. The API suite's PGlite pass proves the embedded database's tarball; its PostgreSQL
 * pass (API_TEST_DATABASE_URL) proves pg_dump / pg_restore.
 */
const onPostgres = Boolean(process.env.API_TEST_DATABASE_URL);
const work = mkdtempSync(path.join(tmpdir(), 'leadsmith-backup-'));
const databases: TestDatabase[] = [];

afterAll(async () => {
  for (const d of databases) await d.drop({ force: true });
  rmSync(work, { recursive: true, force: true });
});

/** A database with the demo accounts and ledger movements in every bucket. */
async function seeded(db: Db): Promise<void> {
  const clock = fakeClock();
  await migrate(db);
  await seed(db, clock);
  const users = (await db.query<{ id: number }>('SELECT id FROM users ORDER BY id')).rows;
  for (const [i, user] of users.entries()) {
    await db.transaction(async (tx) => {
      await grantCredits(tx, user.id, 40 + i, 'additional', 'backup test grant', { now: clock.now() });
      await grantCredits(tx, user.id, 7, 'rolled_over', 'backup test roll-over', { now: clock.now() });
      await spendCredits(tx, user.id, 11 + i, 'backup test spend', { now: clock.now() });
    });
  }
}

function expectSame(backup: DatabaseFigures, restored: DatabaseFigures): void {
  expect(figureDifferences(backup, restored)).toEqual([]);
  expect(backup.tables['public.users']).toBeGreaterThanOrEqual(4);
  expect(backup.ledger.entries).toBeGreaterThan(0);
  expect(Object.keys(backup.ledger.sums).sort()).toEqual(['additional', 'monthly', 'rolled_over']);
  // sum(ledger) per bucket == the wallets, in the restored database.
  expect(restored.wallets).toEqual(restored.ledger.sums);
}

async function pgliteRoundTrip(): Promise<void> {
  const source = path.join(work, 'source');
  const db = await openDb({ databaseUrl: null, dataDir: source });
  await seeded(db);
  await db.close();

  const file = path.join(work, 'leadsmith-pglite-test.tar.gz');
  const manifest = await backupPglite(source, file);
  expect(readManifest(file)).toEqual(manifest);
  expect(manifest.format).toBe('pglite-datadir');

  // A folder holding something is never overwritten unless asked, and then only moved aside.
  const target = path.join(work, 'restored');
  mkdirSync(target);
  writeFileSync(path.join(target, 'PG_VERSION'), '15');
  await expect(restorePglite(file, target)).rejects.toThrow(/is not empty.*--replace/);
  const { figures, movedAside } = await restorePglite(file, target, { replace: true });
  expect(movedAside).toMatch(/restored\.before-restore-/);
  expect(readFileSync(path.join(movedAside!, 'PG_VERSION'), 'utf8')).toBe('15');
  expectSame(manifest, figures);
}

async function postgresRoundTrip(): Promise<void> {
  const from = await createTestDatabase();
  const to = await createTestDatabase();
  databases.push(from, to);
  const db = await openDb({ databaseUrl: from.url, dataDir: ':memory:' });
  await seeded(db);
  await db.close();

  const file = path.join(work, 'leadsmith-postgres-test.dump');
  const manifest = await backupPostgres(from.url, file);
  expect(manifest.format).toBe('pg_dump-custom');
  const figures = await restorePostgres(file, to.url);
  expectSame(manifest, figures);
  await expect(restorePostgres(file, to.url)).rejects.toThrow(/already holds tables.*--replace/);
}

test(`backup, restore into a fresh database: same rows and ledger sums (${onPostgres ? 'PostgreSQL: pg_dump / pg_restore' : 'PGlite: dumpDataDir / loadDataDir'})`, async () => {
  await (onPostgres ? postgresRoundTrip() : pgliteRoundTrip());
});

test('old backups beyond the kept number go, with their manifests', () => {
  const dir = mkdtempSync(path.join(work, 'prune-'));
  const names = [
    'leadsmith-pglite-20260101T000000Z.tar.gz',
    'leadsmith-pglite-20260102T000000Z.tar.gz',
    'leadsmith-pglite-20260103T000000Z.tar.gz',
  ];
  for (const name of names) {
    writeFileSync(path.join(dir, name), 'x');
    writeFileSync(path.join(dir, `${name}.json`), '{}');
  }
  writeFileSync(path.join(dir, 'notes.txt'), 'kept');
  expect(pruneBackups(dir, 2)).toEqual([names[0]]);
  expect(pruneBackups(dir, 2)).toEqual([]);
});
