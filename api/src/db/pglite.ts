import { mkdirSync } from 'node:fs';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  DATE_OID,
  INT8_OID,
  integerParams,
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

/**
 * queryPrepared() on PGlite: `PREPARE` once per statement text, then `EXECUTE name(1, 2)` through
 * the simple protocol (one call into PGlite instead of parse, describe, bind and execute). The
 * integer parameters are written into the EXECUTE; anything else goes through query().
 */
function preparedStatements(pg: PGlite, base: Queryable): NonNullable<Queryable['queryPrepared']> {
  const names = new Map<string, Promise<string>>();
  let next = 0;
  const prepare = (sql: string): Promise<string> => {
    const known = names.get(sql);
    if (known) {
      // Most recently used last: the first entry is the one to drop.
      names.delete(sql);
      names.set(sql, known);
      return known;
    }
    const name = `hot_${(next += 1)}`;
    const ready = pg.exec(`PREPARE ${name} AS ${sql}`).then(() => name);
    names.set(sql, ready);
    ready.catch(() => names.delete(sql));
    if (names.size > PREPARED_MAX) {
      const [oldest, oldName] = names.entries().next().value!;
      names.delete(oldest);
      void oldName.then((n) => pg.exec(`DEALLOCATE ${n}`)).catch(() => undefined);
    }
    return ready;
  };
  const execute = async <T>(sql: string, params: readonly number[]): Promise<QueryResult<T>> => {
    const name = await prepare(sql);
    const [result] = await pg.exec(`EXECUTE ${name}(${params.join(', ')})`);
    return toResult(result as Results<T>);
  };
  return async <T>(sql: string, params: readonly SqlParam[]): Promise<QueryResult<T>> => {
    if (!integerParams(params)) return base.query<T>(sql, params);
    try {
      return await execute<T>(sql, params);
    } catch (error) {
      // Prepare it again, once, when PostgreSQL no longer has a usable statement: "cached plan must
      // not change result type" (a table read as `*` changed shape) or "prepared statement does not
      // exist" (dropped from the cache while this call waited its turn).
      const code = (error as { code?: unknown }).code;
      if (code !== '0A000' && code !== '26000') throw error;
      const stale = names.get(sql);
      names.delete(sql);
      await stale?.then((n) => pg.exec(`DEALLOCATE ${n}`)).catch(() => undefined);
      return execute<T>(sql, params);
    }
  };
}

/**
 * Embedded PostgreSQL (WASM). One connection: queries and transactions serialise. An in-memory
 * database starts empty, or as a copy of `from`: a data directory written by PGlite's `dumpDataDir`
 * (the API tests copy one migrated and seeded database instead of creating each from scratch).
 */
export async function openPglite(dataDir: string, from?: Blob): Promise<Db> {
  // pg_trgm: the trigram indexes of the list search (migration w3-pg32-list-search-indexes).
  const options = { parsers: { [INT8_OID]: parseInt8, [DATE_OID]: parseDate }, extensions: { pg_trgm } };
  let pg: PGlite;
  if (dataDir === ':memory:') {
    pg = await PGlite.create(from ? { ...options, loadDataDir: from } : options);
  } else {
    mkdirSync(dataDir, { recursive: true });
    pg = await PGlite.create(dataDir, options);
  }
  const base = wrap(pg);
  return {
    kind: 'pglite',
    queueTarget: { kind: 'pglite', pglite: pg },
    query: base.query,
    exec: base.exec,
    queryPrepared: preparedStatements(pg, base),
    transaction: (fn) => transactionWithAfterCommit((inner) => pg.transaction((tx) => inner(wrap(tx))), fn),
    close: () => pg.close(),
  };
}
