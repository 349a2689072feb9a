import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Clock } from '../clock';
import type { Db } from '../db';

/**
 * The store of every @fastify/rate-limit counter: a row per key in the database, so all API
 * processes count together (PostgreSQL, or PGlite for a single process) and a restart does not
 * reset a limit. One statement per hit: an upsert that starts a new window when the old one has
 * passed, atomic under concurrent hits. Keys are namespaced per route (`METHOD url|client`).
 */
interface Hit {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, hit: Hit) => void;

interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
  /** One counter across several routes (the public API's per-account limit) instead of one per route. */
  storeScope?: string;
}

/** Expired rows are swept once per this many hits (per process). */
const SWEEP_EVERY = 500;

export function databaseRateLimitStore(db: Db, clock: Clock): FastifyRateLimitStoreCtor {
  let hits = 0;
  class DatabaseRateLimitStore {
    private readonly prefix: string;
    constructor(params: RouteParams = {}) {
      const info = params.routeInfo;
      this.prefix = params.storeScope
        ? `${params.storeScope}|`
        : info?.url
          ? `${[info.method].flat().join(',')} ${info.url}|`
          : 'global|';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = clock.now();
      const resetsAt = new Date(now.getTime() + timeWindow);
      db.query<{ hits: number; resets_at: Date }>(
        `INSERT INTO rate_limit_counters (key, hits, resets_at) VALUES ($1, 1, $2)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limit_counters.resets_at <= $3 THEN 1 ELSE rate_limit_counters.hits + 1 END,
           resets_at = CASE WHEN rate_limit_counters.resets_at <= $3 THEN EXCLUDED.resets_at ELSE rate_limit_counters.resets_at END
         RETURNING hits, resets_at`,
        [this.prefix + key, resetsAt, now],
      ).then(
        ({ rows }) => {
          const row = rows[0]!;
          if (++hits % SWEEP_EVERY === 0)
            void db.query('DELETE FROM rate_limit_counters WHERE resets_at < $1', [now]).catch(() => undefined);
          callback(null, { current: row.hits, ttl: Math.max(0, new Date(row.resets_at).getTime() - now.getTime()) });
        },
        (error: Error) => callback(error, { current: 0, ttl: 0 }),
      );
    }

    read(key: string, callback: Callback): void {
      const now = clock.now();
      db.query<{ hits: number; resets_at: Date }>(
        'SELECT hits, resets_at FROM rate_limit_counters WHERE key = $1 AND resets_at > $2',
        [this.prefix + key, now],
      ).then(
        ({ rows }) => {
          const row = rows[0];
          callback(
            null,
            row
              ? { current: row.hits, ttl: new Date(row.resets_at).getTime() - now.getTime() }
              : { current: 0, ttl: 0 },
          );
        },
        (error: Error) => callback(error, { current: 0, ttl: 0 }),
      );
    }

    child(params: RouteParams): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(params);
    }
  }
  // The plugin hands its merged route options (with routeInfo) to the constructor and to child().
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
