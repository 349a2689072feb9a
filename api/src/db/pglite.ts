import { mkdirSync } from 'node:fs';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { DATE_OID, INT8_OID, parseDate, parseInt8, toDriverParams, type Db, type Queryable, type QueryResult, type SqlParam } from './types';

type PgliteLike = Pick<PGlite | Transaction, 'query' | 'exec'>;

function toResult<T>(result: Results<T>): QueryResult<T> {
  // PGlite reports affectedRows for writes and 0 for plain SELECTs.
  const rowCount = result.fields.length > 0 ? result.rows.length : (result.affectedRows ?? 0);
  return { rows: result.rows, rowCount };
}

function wrap(target: PgliteLike): Queryable {
  return {
    async query<T>(sql: string, params?: readonly SqlParam[]) {
      return toResult(await target.query<T>(sql, toDriverParams(params)));
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/** Embedded PostgreSQL (WASM). One connection: queries and transactions serialise. */
export async function openPglite(dataDir: string): Promise<Db> {
  const options = { parsers: { [INT8_OID]: parseInt8, [DATE_OID]: parseDate } };
  let pg: PGlite;
  if (dataDir === ':memory:') {
    pg = await PGlite.create(options);
  } else {
    mkdirSync(dataDir, { recursive: true });
    pg = await PGlite.create(dataDir, options);
  }
  const base = wrap(pg);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
