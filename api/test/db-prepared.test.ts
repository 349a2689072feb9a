import { PREPARED_MAX } from '../src/db/types';
import type { Db } from '../src/db';
import { openPostgres } from '../src/db/postgres';
import { openFreshDb } from './helpers';
import { createTestDatabase } from './support/postgres';

/**
 * pg_prepared_statements lists the statements of the connection that asks. PGlite has one
 * connection; on PostgreSQL this file's pool is one connection too, so every count below is that of
 * every statement the file ran.
 */
async function openOneConnectionDb(): Promise<Db> {
  const serverUrl = process.env.API_TEST_DATABASE_URL;
  if (!serverUrl) return openFreshDb();
  const database = await createTestDatabase(serverUrl);
  const db = await openPostgres(database.url, { max: 1 });
  return {
    ...db,
    close: async () => {
      await db.close();
      await database.drop();
    },
  };
}

/** queryPrepared(): the answers of query(), statements kept within the cap, errors as query()'s. */
describe('prepared reads', () => {
  let db: Db;

  beforeAll(async () => {
    db = await openOneConnectionDb();
    await db.exec(`CREATE TABLE prep_items (id bigint PRIMARY KEY, owner integer NOT NULL, label text, data jsonb NOT NULL, at timestamptz NOT NULL);
      INSERT INTO prep_items SELECT g, g % 3, 'item ' || g, jsonb_build_object('n', g), timestamptz '2026-01-01' + g * interval '1 hour' FROM generate_series(1, 30) g;`);
  });
  afterAll(async () => {
    await db.close();
  });

  const prepared = () => db.queryPrepared!.bind(db);
  const preparedCount = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]!.n;

  test('rows, types and counts are those of query(), run after run', async () => {
    const sql = 'SELECT id, owner, label, data, at FROM prep_items WHERE owner = $1 AND id > $2 ORDER BY id LIMIT 5';
    const plain = await db.query(sql, [1, 3]);
    for (let run = 0; run < 8; run += 1) {
      const again = await prepared()(sql, [1, 3]);
      expect(again).toEqual(plain);
    }
    expect(plain.rows[0]).toEqual({
      id: 4,
      owner: 1,
      label: 'item 4',
      data: { n: 4 },
      at: new Date('2026-01-01T04:00:00.000Z'),
    });
    expect(await prepared()(sql, [2, 100])).toEqual({ rows: [], rowCount: 0 });
  });

  test('a parameter that is not an integer is bound, never written into the statement', async () => {
    const before = await preparedCount();
    const text = await prepared()('SELECT id FROM prep_items WHERE label = $1', ["item 7'; DROP TABLE prep_items; --"]);
    expect(text.rows).toEqual([]);
    const found = await prepared()('SELECT id FROM prep_items WHERE label = $1', ['item 7']);
    expect(found.rows).toEqual([{ id: 7 }]);
    expect((await prepared()('SELECT count(*)::int AS n FROM prep_items WHERE id::float8 < $1', [2.5])).rows).toEqual([
      { n: 2 },
    ]);
    // PGlite writes parameters into EXECUTE, so only integers are prepared there; PostgreSQL binds
    // any parameter to a named statement (the two texts above).
    expect(await preparedCount()).toBe(db.kind === 'pglite' ? before : before + 2);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM prep_items')).rows[0]!.n).toBe(30);
  });

  test('never more than PREPARED_MAX statements are kept; evicted ones are prepared again when used', async () => {
    for (let i = 0; i < PREPARED_MAX + 20; i += 1) {
      const { rows } = await prepared()(`SELECT id, ${i} AS k FROM prep_items WHERE id = $1`, [(i % 30) + 1]);
      expect(rows).toEqual([{ id: (i % 30) + 1, k: i }]);
    }
    // Deallocation of the evicted ones is queued behind the reads: let it finish.
    await db.query('SELECT 1');
    expect(await preparedCount()).toBeLessThanOrEqual(PREPARED_MAX);
    const { rows } = await prepared()('SELECT id, 0 AS k FROM prep_items WHERE id = $1', [1]);
    expect(rows).toEqual([{ id: 1, k: 0 }]);
  });

  test('a statement dropped from PostgreSQL meanwhile is prepared again', async () => {
    const sql = 'SELECT id, 1 AS again FROM prep_items WHERE id = $1';
    expect((await prepared()(sql, [3])).rows).toEqual([{ id: 3, again: 1 }]);
    await db.exec('DEALLOCATE ALL');
    expect((await prepared()(sql, [4])).rows).toEqual([{ id: 4, again: 1 }]);
  });

  test('a statement PostgreSQL refuses fails like query(), and the next one works', async () => {
    await expect(prepared()('SELECT nope FROM prep_items WHERE id = $1', [1])).rejects.toMatchObject({ code: '42703' });
    await expect(prepared()('SELECT nope FROM prep_items WHERE id = $1', [1])).rejects.toMatchObject({ code: '42703' });
    await expect(prepared()('SELECT id FROM prep_items WHERE id = $1', [30])).resolves.toMatchObject({
      rows: [{ id: 30 }],
    });
  });

  test('a statement prepared before a schema change answers with the new schema', async () => {
    const sql = 'SELECT * FROM prep_items WHERE id = $1';
    expect(Object.keys((await prepared()(sql, [5])).rows[0]!)).not.toContain('extra');
    await db.exec("ALTER TABLE prep_items ADD COLUMN extra text NOT NULL DEFAULT 'x'");
    expect((await prepared()(sql, [5])).rows[0]).toMatchObject({ id: 5, extra: 'x' });
  });
});
