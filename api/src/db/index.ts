import type { Config } from '../config';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

export type { Db, Queryable, QueryResult, SqlParam } from './types';
export { isUniqueViolation } from './types';
export { migrate, MIGRATIONS } from './migrations';

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR. */
export function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}
