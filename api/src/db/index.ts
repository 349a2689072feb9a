import type { Config } from '../config';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';
import { watchWrites } from './writeWatch';

export type { Db, Queryable, QueryResult, QueueTarget, SqlParam } from './types';
export { isUniqueViolation } from './types';
export { migrate, MIGRATIONS } from './migrations';

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR. */
export async function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  return watchWrites(config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir));
}
