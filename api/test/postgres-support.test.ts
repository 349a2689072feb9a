import pg from 'pg';
import { createTestDatabase, postgresServerUrl } from './support/postgres';

/** The test support that gives a suite its own database on a real PostgreSQL server. */
describe('PostgreSQL test support', () => {
  const exists = async (name: string) => {
    const client = new pg.Client({ connectionString: postgresServerUrl() });
    await client.connect();
    try {
      return (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    } finally {
      await client.end();
    }
  };

  test('a fresh database per call, reachable at its URL, gone after a forced drop even with a connection left open', async () => {
    const first = await createTestDatabase();
    const second = await createTestDatabase();
    expect(first.name).not.toBe(second.name);
    expect(new URL(first.url).pathname).toBe(`/${first.name}`);

    const left = new pg.Client({ connectionString: first.url });
    left.on('error', () => undefined); // the drop below ends this connection
    await left.connect();
    await left.query('CREATE TABLE t (id int)');
    expect((await left.query<{ db: string }>('SELECT current_database() AS db')).rows[0]!.db).toBe(first.name);

    await first.drop({ force: true });
    await first.drop(); // a second drop is harmless
    expect(await exists(first.name)).toBe(false);
    expect(await exists(second.name)).toBe(true);
    await left.end().catch(() => undefined);

    // A pool just ended: the plain drop waits for its connections to go, and ends nothing in use.
    const pool = new pg.Pool({ connectionString: second.url, max: 4 });
    let poolErrors = 0;
    pool.on('error', () => (poolErrors += 1));
    await Promise.all(Array.from({ length: 4 }, () => pool.query('SELECT pg_sleep(0.01)')));
    await pool.end();
    await second.drop();
    expect(await exists(second.name)).toBe(false);
    expect(poolErrors).toBe(0);
  });
});
