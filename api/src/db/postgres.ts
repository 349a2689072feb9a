import pg from 'pg';
import {
  DATE_OID,
  INT8_OID,
  parseDate,
  parseInt8,
  PREPARED_MAX,
  toDriverParams,
  transactionWithAfterCommit,
  type Db,
  type Queryable,
  type QueryResult,
  type SqlParam,
} from './types';

type PgQueryTarget = Pick<pg.Pool | pg.PoolClient, 'query'>;

function toResult<T>(result: pg.QueryResult): QueryResult<T> {
  return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
}

function wrap(target: PgQueryTarget): Queryable {
  return {
    async query<T>(sql: string, params?: readonly SqlParam[]) {
      return toResult<T>(await target.query(sql, toDriverParams(params)));
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await target.query(sql);
    },
  };
}

/** Same parsing as the PGlite adapter, so rows look identical on both. */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID) return parseInt8;
    if (oid === DATE_OID) return parseDate;
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** A PostgreSQL server through a connection pool (`DATABASE_URL`). */
export async function openPostgres(connectionString: string, options: { max?: number } = {}): Promise<Db> {
  // JIT off for this connection: the app's queries are short, and a plan whose estimate runs high (a
  // correlated subquery per row, as in the CSV batches with the do-not-contact check) was compiled for
  // ~190 ms to run for ~3 ms — 500 batches of a million-row export took 77 s instead of 4.
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, types, options: '-c jit=off' });
  // An idle connection the server ended (restart, terminated backend) is dropped by the pool and
  // replaced on the next query; without a listener its error would end the process.
  pool.on('error', () => undefined);
  // Fail at start, not on the first request, when the server is unreachable.
  await pool.query('SELECT 1');
  const base = wrap(pool);
  // Named statements: pg prepares each once per pooled connection. Past the cap, new texts run unnamed.
  const names = new Map<string, string>();
  return {
    kind: 'postgres',
    queueTarget: { kind: 'postgres', connectionString },
    query: base.query,
    exec: base.exec,
    async queryPrepared<T>(sql: string, params: readonly SqlParam[]): Promise<QueryResult<T>> {
      let name = names.get(sql);
      if (!name && names.size < PREPARED_MAX) names.set(sql, (name = `hot_${names.size + 1}`));
      if (!name) return base.query<T>(sql, params);
      try {
        return toResult<T>(await pool.query({ name, text: sql, values: toDriverParams(params) }));
      } catch (error) {
        // "cached plan must not change result type" (a table read as `*` changed shape): run it unprepared.
        if ((error as { code?: unknown }).code !== '0A000') throw error;
        return base.query<T>(sql, params);
      }
    },
    transaction: (fn) =>
      transactionWithAfterCommit(async (inner) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await inner(wrap(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      }, fn),
    close: () => pool.end(),
  };
}
