import pg from 'pg';
import { migrate, openDb } from '../src/db';
import { MIGRATION_LOCK_KEY, migrationState } from '../src/db/migrations';
import { createTestDatabase } from './support/postgres';

/**
 * Two Leadsmith databases on one PostgreSQL server (staging beside production; the test files of a parallel run):
 * the readiness check (/api/ready) looks at this database's migration only.
 */
describe('readiness on a shared PostgreSQL server', () => {
  test('a migration running in another database of the server leaves this one ready; one in this database does not', async () => {
    const ours = await createTestDatabase();
    const other = await createTestDatabase();
    const db = await openDb({ databaseUrl: ours.url, dataDir: ':memory:' });
    const holders: pg.Client[] = [];
    const migrating = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      holders.push(client);
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    };
    try {
      await migrate(db);
      expect(await migrationState(db)).toEqual({ locked: false, pending: [] });
      await migrating(other.url);
      expect(await migrationState(db)).toEqual({ locked: false, pending: [] });
      await migrating(ours.url);
      expect((await migrationState(db)).locked).toBe(true);
    } finally {
      for (const client of holders) await client.end();
      await db.close();
      await ours.drop({ force: true });
      await other.drop({ force: true });
    }
  });
});
