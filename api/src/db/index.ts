import type { Config } from '../config';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';
import { watchWrites } from './writeWatch';

export type { Db, Queryable, QueryResult, QueueTarget, SqlParam } from './types';
export { isUniqueViolation } from './types';
export { migrate, MIGRATIONS } from './migrations';

/**
 * PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR; an in-memory PGlite
 * starts as a copy of `pgliteFrom` when given (a `dumpDataDir` tarball, see openPglite).
 */
export async function openDb(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  { pgliteFrom }: { pgliteFrom?: Blob } = {},
): Promise<Db> {
  return watchWrites(
    config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir, pgliteFrom),
  );
}
