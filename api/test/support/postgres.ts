import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';

/**
 * The PostgreSQL server tests run against, as a URL to its `postgres`
 * database: API_TEST_DATABASE_URL (the suite's PostgreSQL pass), else
 * TEST_POSTGRES_URL (set by `npm test` for suites that always need a real
 * server), else this checkout's server, started by scripts/postgres.sh (port
 * PG_PORT, default 55432) when it is not running yet.
 */
export function postgresServerUrl(): string {
  const fromEnv = process.env.API_TEST_DATABASE_URL || process.env.TEST_POSTGRES_URL;
  if (fromEnv) return fromEnv;
  const script = path.resolve(__dirname, '../../../scripts/postgres.sh');
  const url = execFileSync('bash', [script, 'start'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
  process.env.TEST_POSTGRES_URL = url;
  return url;
}

export interface TestDatabase {
  /** The database's name on the server. */
  name: string;
  /** Connection URL of this database (give it to DATABASE_URL of a child process, or to openDb). */
  url: string;
  /**
   * Drops the database. Connections still closing are waited for (up to 5 s), then ended; with
   * `force`, open connections (e.g. of a process the test killed) are ended at once.
   */
  drop(options?: { force?: boolean }): Promise<void>;
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Drops a database of the test server, ending any connection still open to it. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/**
 * A new database on the test server, for one test file or one test: empty, or a copy of `template` (a database on
 * the same server no one is connected to, see globalSetup.ts).
 */
export async function createTestDatabase(
  serverUrl: string = postgresServerUrl(),
  template?: string,
): Promise<TestDatabase> {
  const name = `leadsmith_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    drop: async ({ force = false } = {}) => {
      if (dropped) return;
      dropped = true;
      if (force) return dropDatabase(serverUrl, name);
      try {
        // Waits up to 5 s for connections that are closing (a pool just ended) to go.
        await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name}`);
      } catch (error) {
        // 55006: still in use, e.g. by a process the test killed.
        if ((error as { code?: unknown }).code !== '55006') throw error;
        await dropDatabase(serverUrl, name);
      }
    },
  };
}
