import type { Db } from '../../src/db';

/**
 * Tables that change by design on a refused request: sign-in throttle rows,
 * a token's last-used time, the client error log. Everything else must be
 * byte-for-byte the same after a request the API refused.
 */
const VOLATILE = new Set(['login_attempts', 'auth_tokens', 'app_errors', 'schema_migrations', 'rate_limit_counters']);

/** A cheap fingerprint of every table (one query): md5 of each table's rows in a stable order. */
export async function databaseChecksum(db: Db): Promise<string> {
  const { rows: tables } = await db.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const parts = tables
    .filter((t) => !VOLATILE.has(t.name))
    .map(
      (t) =>
        `(SELECT '${t.name}:' || count(*) || ':' || md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) FROM "${t.name}" x)`,
    );
  // A function takes at most 100 arguments (PostgreSQL's FUNC_MAX_ARGS): the tables go in groups of 90.
  const groups: string[] = [];
  for (let i = 0; i < parts.length; i += 90) groups.push(`concat_ws(',', ${parts.slice(i, i + 90).join(', ')})`);
  const { rows } = await db.query<{ sum: string }>(`SELECT concat_ws(',', ${groups.join(', ')}) AS sum`);
  return rows[0]?.sum ?? '';
}

/** Which tables differ between two checksums (for a readable failure). */
export function changedTables(before: string, after: string): string[] {
  const a = new Map(before.split(',').map((p) => [p.split(':')[0], p] as const));
  return after
    .split(',')
    .filter((p) => a.get(p.split(':')[0]) !== p)
    .map((p) => p.split(':')[0] ?? p);
}

/**
 * Watches the database for changes cheaply: PostgreSQL hands out a
 * transaction id only to transactions that write, so an unchanged snapshot
 * xmax proves nothing was written and the (costly) checksum is only
 * computed when something was.
 */
export class DbWatch {
  private xmax = '';
  private sum = '';
  constructor(private readonly db: Db) {}

  private async currentXmax(): Promise<string> {
    const { rows } = await this.db.query<{ s: string }>('SELECT pg_current_snapshot()::text AS s');
    return rows[0]?.s.split(':')[1] ?? '';
  }

  /** Takes the current state as the baseline. */
  async reset(): Promise<void> {
    const xmax = await this.currentXmax();
    if (xmax === this.xmax && this.sum) return;
    this.xmax = xmax;
    this.sum = await databaseChecksum(this.db);
  }

  /** Tables changed since the baseline (empty when none); the current state becomes the baseline. */
  async changes(): Promise<string[]> {
    const xmax = await this.currentXmax();
    if (xmax === this.xmax) return [];
    const sum = await databaseChecksum(this.db);
    const changed = sum === this.sum ? [] : changedTables(this.sum, sum);
    this.xmax = await this.currentXmax();
    this.sum = sum;
    return changed;
  }
}
