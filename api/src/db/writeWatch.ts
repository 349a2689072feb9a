import type { Db, Queryable, QueryResult, SqlParam } from './types';

/** Groups of tables whose writes invalidate what the API caches from them. */
export type WatchedTopic = 'auth';

/** A statement that writes one of the topic's tables (by name, as our SQL always names them). */
const TOPICS: Readonly<Record<WatchedTopic, RegExp>> = {
  // Who a bearer token is: the token, its user and the user's modules (its own and its plan's).
  auth: /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?(?:users|auth_tokens|user_modules|modules|admin_plan_modules|whitelabel_package_modules|whitelabel_subscriptions)\b/i,
};
const ALL_TOPICS = Object.keys(TOPICS) as WatchedTopic[];

/**
 * Counts writes per topic on a database, so a cache can tell whether what it read is still current:
 * read `generation(topic)` before the query, and keep the answer only if it has not moved when the
 * query returns. Every write path of the process (routes, jobs, tests' own statements) goes through
 * this Db, so the counters see them all; another process writing the same PostgreSQL database is not
 * seen, which is why caches built on this are used with PGlite only (one process owns its data).
 * A statement bumps its topics before it runs and again after (and a transaction once more when it
 * ends), so a read that overlaps a write is never kept.
 */
export function watchWrites(db: Db): Db {
  const counters: Record<WatchedTopic, number> = { auth: 0 };
  const topicsOf = (sql: string) => ALL_TOPICS.filter((topic) => TOPICS[topic].test(sql));
  const bump = (topics: readonly WatchedTopic[]) => {
    for (const topic of topics) counters[topic] += 1;
  };
  const watched = (q: Queryable, touched?: Set<WatchedTopic>): Queryable => ({
    ...(q.afterCommit ? { afterCommit: q.afterCommit } : {}),
    async query<T = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<QueryResult<T>> {
      const topics = topicsOf(sql);
      if (topics.length === 0) return q.query<T>(sql, params);
      bump(topics);
      for (const topic of topics) touched?.add(topic);
      try {
        return await q.query<T>(sql, params);
      } finally {
        bump(topics);
      }
    },
    async exec(sql: string): Promise<void> {
      bump(ALL_TOPICS);
      for (const topic of ALL_TOPICS) touched?.add(topic);
      try {
        await q.exec(sql);
      } finally {
        bump(ALL_TOPICS);
      }
    },
  });
  const outer = watched(db);
  const prepared = db.queryPrepared;
  return {
    kind: db.kind,
    queueTarget: db.queueTarget,
    query: outer.query,
    exec: outer.exec,
    // Reads of watched tables go through query(), which counts them.
    queryPrepared: prepared
      ? <T>(sql: string, params: readonly SqlParam[]) =>
          topicsOf(sql).length === 0 ? prepared<T>(sql, params) : outer.query<T>(sql, params)
      : undefined,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const touched = new Set<WatchedTopic>();
      try {
        return await db.transaction((tx) => fn(watched(tx, touched)));
      } finally {
        bump([...touched]);
      }
    },
    close: () => db.close(),
    generation: (topic: WatchedTopic) => counters[topic],
  };
}
