/** The SQL of Admin → Searchers: users ranked by searches (credit debits) in a period. */
import type { Queryable } from '../../db';
import { Params, type PageQuery } from './common';
import { containing } from '../../db/like';

interface SearcherRow {
  id: number;
  name: string;
  email: string;
  searches: number;
  credits_used: number;
  last_search_at: string;
  deleted: boolean;
}

/** One page of the users who searched in the last `days` days (by name or email), most searches first, and how many. */
export async function listSearchers(
  db: Queryable,
  q: PageQuery & { days: number; search?: string },
  now: Date,
): Promise<{ rows: SearcherRow[]; total: number }> {
  const p = new Params();
  const where = [`l.delta < 0`, `l.created_at >= ${p.add(new Date(now.getTime() - q.days * 24 * 3600_000))}`];
  const search = q.search?.trim();
  if (search) {
    const like = p.add(containing(search));
    where.push(`(u.email ILIKE ${like} OR (u.first_name || ' ' || u.last_name) ILIKE ${like})`);
  }
  const whereSql = where.join(' AND ');
  const total =
    (
      await db.query<{ n: number }>(
        `SELECT count(DISTINCT l.user_id)::int AS n FROM credit_ledger l JOIN users u ON u.id = l.user_id WHERE ${whereSql}`,
        p.values,
      )
    ).rows[0]?.n ?? 0;
  const { rows } = await db.query<Omit<SearcherRow, 'last_search_at'> & { last_search_at: Date }>(
    `SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS name, u.email, count(*)::int AS searches, sum(-l.delta)::int AS credits_used,
                max(l.created_at) AS last_search_at, (u.deleted_at IS NOT NULL) AS deleted
           FROM credit_ledger l JOIN users u ON u.id = l.user_id
          WHERE ${whereSql} GROUP BY u.id ORDER BY searches DESC, credits_used DESC, u.id ${p.page(q)}`,
    p.values,
  );
  return { rows: rows.map((r) => ({ ...r, last_search_at: r.last_search_at.toISOString() })), total };
}
