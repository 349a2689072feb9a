import { migrate, type Db, type Queryable } from '../src/db';
import { seed } from '../src/seed';
import { applyLabels } from '../src/modules/leadSearch/resultLabels.repository';
import { openFreshDb } from './helpers';

let db: Db;
let list: number;
let ids: number[];

beforeAll(async () => {
  db = await openFreshDb();
  await migrate(db);
  await seed(db);
  const user = (await db.query<{ id: number }>("SELECT id FROM users WHERE email = 'customer@leadsmith.test'")).rows[0]!
    .id;
  list = (
    await db.query<{ id: number }>(
      "INSERT INTO campaigns (user_id, list_type, name) VALUES ($1, 'people', 'Labels') RETURNING id",
      [user],
    )
  ).rows[0]!.id;
  ids = (
    await db.query<{ id: number }>(
      "INSERT INTO campaign_results (campaign_id, user_id, record_key, name, email_status) SELECT $1, $2, 'r' || g, 'R ' || g, 'found' FROM generate_series(1, 5) g RETURNING id::int AS id",
      [list, user],
    )
  ).rows.map((r) => r.id);
});
afterAll(async () => {
  await db.close();
});

const labelsOf = async (id: number) =>
  (
    await db.query<{ label: string }>('SELECT label FROM result_labels WHERE result_id = $1 ORDER BY position, label', [
      id,
    ])
  ).rows.map((r) => r.label);
const everyRow = () => ({ sql: 'r.campaign_id = $1', params: [list] });

it('a collision with a concurrent call (unique violation) is undone to the savepoint and the labels are applied once', async () => {
  await db.transaction((tx) =>
    applyLabels(tx, { sql: 'r.campaign_id = $1 AND r.id = $2', params: [list, ids[0]!] }, ['first'], []),
  );
  const statements: string[] = [];
  const changed = await db.transaction(async (tx) => {
    let collided = false;
    // What a concurrent caller that committed the same label first does to the plain insert.
    const racing: Queryable = {
      ...tx,
      query: (async (sql: string, params?: unknown[]) => {
        statements.push(sql);
        if (!collided && sql.includes('INSERT INTO result_labels') && !sql.includes('ON CONFLICT')) {
          collided = true;
          await tx.query(sql, params as never);
          throw Object.assign(new Error('duplicate key value violates unique constraint "result_labels_pkey"'), {
            code: '23505',
          });
        }
        return tx.query(sql, params as never);
      }) as Queryable['query'],
    };
    return applyLabels(racing, everyRow(), ['first', 'second'], []);
  });
  expect(statements.some((sql) => sql.includes('ROLLBACK TO SAVEPOINT'))).toBe(true);
  expect(statements.some((sql) => sql.includes('ON CONFLICT DO NOTHING'))).toBe(true);
  expect(changed).toBe(5);
  expect(await labelsOf(ids[0]!)).toEqual(['first', 'second']);
  for (const id of ids.slice(1)) expect(await labelsOf(id)).toEqual(['first', 'second']);
});

it('another error is not swallowed, and nothing is half-written', async () => {
  const before = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM result_labels')).rows[0]!.n;
  await expect(
    db.transaction(async (tx) => {
      const failing: Queryable = {
        ...tx,
        query: (async (sql: string, params?: unknown[]) => {
          if (sql.includes('INSERT INTO result_labels')) {
            await tx.query(sql, params as never);
            throw Object.assign(new Error('out of memory'), { code: '53200' });
          }
          return tx.query(sql, params as never);
        }) as Queryable['query'],
      };
      return applyLabels(failing, everyRow(), ['third'], []);
    }),
  ).rejects.toThrow('out of memory');
  expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM result_labels')).rows[0]!.n).toBe(before);
});
