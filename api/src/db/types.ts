/** Values the query layer accepts as parameters. Objects go in as JSON text (`$1::jsonb`). */
export type SqlParam = string | number | boolean | null | Date;

export interface QueryResult<T> {
  rows: T[];
  /** Rows returned (SELECT / RETURNING) or affected (INSERT / UPDATE / DELETE). */
  rowCount: number;
}

/** What both a connection and an open transaction can do. */
export interface Queryable {
  /**
   * One statement with `$1…$n` parameters. `T` describes the row shape the SQL
   * selects: it is the caller's promise, so keep column lists explicit.
   */
  query<T = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<QueryResult<T>>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * query() for a read that a hot path runs on every request: the statement is prepared on first
   * use and executed after, so PostgreSQL neither parses nor plans it again. Only integer
   * parameters (PGlite cannot bind values to EXECUTE, so they are written into it); with any other
   * parameter it is plain query(). Absent where there is nothing to gain (inside a transaction).
   */
  queryPrepared?<T = Record<string, unknown>>(sql: string, params: readonly SqlParam[]): Promise<QueryResult<T>>;
  /**
   * Inside a transaction: runs `fn` once the transaction has committed (never after a rollback),
   * e.g. to tell another part of the process about rows it can now read. Absent outside one.
   */
  afterCommit?(fn: () => void): void;
}

/** Statements a connection keeps prepared for queryPrepared() (least recently used go first). */
export const PREPARED_MAX = 64;

/** Parameters queryPrepared() can write into an EXECUTE: integers only. */
export function integerParams(params: readonly SqlParam[]): params is readonly number[] {
  return params.every((p) => typeof p === 'number' && Number.isSafeInteger(p));
}

export type QueueTarget =
  { kind: 'pglite'; pglite: import('@electric-sql/pglite').PGlite } | { kind: 'postgres'; connectionString: string };

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when
   * it throws. Use only `tx` inside `fn` (PGlite has a single connection, so a
   * query on the outer `Db` would wait for the transaction forever).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Where the job queue (api/src/queue) keeps its tables: the same embedded PGlite instance, or the
   * same PostgreSQL server through a pool of its own.
   */
  readonly queueTarget?: QueueTarget;
  /** Write counter of a group of tables (see db/writeWatch.ts); absent on an unwatched Db. */
  generation?(topic: 'auth'): number;
}

/**
 * Runs `fn` in the driver's transaction (`run`) with afterCommit() on its Queryable; the callbacks
 * run once `run` has resolved, i.e. after COMMIT.
 */
export async function transactionWithAfterCommit<T>(
  run: (inner: (tx: Queryable) => Promise<T>) => Promise<T>,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const committed: (() => void)[] = [];
  const result = await run((tx) => fn({ ...tx, afterCommit: (callback) => void committed.push(callback) }));
  for (const callback of committed) callback();
  return result;
}

/** Both drivers report the SQLSTATE in `code`. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

/** Dates travel as ISO text so both drivers (and every timezone setting) agree. */
export function toDriverParams(params: readonly SqlParam[] | undefined): (string | number | boolean | null)[] {
  return (params ?? []).map((p) => (p instanceof Date ? p.toISOString() : p));
}

/** Type OIDs whose default parsing differs between drivers; both are parsed the same way. */
export const INT8_OID = 20;
export const DATE_OID = 1082;
/** bigint/count(*) as a JS number (our values stay far below 2^53). */
export const parseInt8 = (value: string): number => Number(value);
/** A `date` column stays the `YYYY-MM-DD` text it is; no timezone shift through Date. */
export const parseDate = (value: string): string => value;
