import type { Queryable } from '../../db';

/** The database answers a trivial statement (throws when it does not). */
export async function pingDatabase(q: Queryable): Promise<void> {
  await q.query('SELECT 1');
}
