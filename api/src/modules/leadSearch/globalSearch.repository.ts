/**
 * The SQL of the header's search (GET /api/global-search): the account's lists by name and its results by name,
 * company or email, each a page and a count that stops at a cap. Results are served by the trigram indexes of
 * name, company and email (migration w3-pg32-list-search-indexes). Never a prepared statement: a generic plan of
 * `ILIKE $2` does not use those indexes (see campaignStore.loadCampaignWith).
 */
import type { Queryable } from '../../db/types';
import type { PageWindow } from '../../http/contract';
import type { SearchType } from '../../providers/leads';

export interface ListHitRow {
  id: number;
  name: string;
  list_type: SearchType;
  archived: boolean;
  result_count: number;
}

export interface ResultHitRow {
  id: number;
  name: string;
  company: string | null;
  email: string | null;
  campaign_id: number;
  campaign_name: string;
  list_type: SearchType;
}

/** A page of the user's lists whose name matches the ILIKE `pattern` (archived last, newest first), and their count up to `cap` + 1. */
export async function searchLists(
  db: Queryable,
  userId: number,
  pattern: string,
  window: PageWindow,
  cap: number,
): Promise<{ rows: ListHitRow[]; n: number | undefined }> {
  const listWhere = 'c.user_id = $1 AND c.name ILIKE $2';
  const [lists, listCount] = await Promise.all([
    db.query<ListHitRow>(
      `SELECT c.id, c.name, c.list_type, c.archived, c.result_count FROM campaigns c WHERE ${listWhere} ORDER BY c.archived, c.id DESC LIMIT ${window.limit} OFFSET ${window.offset}`,
      [userId, pattern],
    ),
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM campaigns c WHERE ${listWhere} LIMIT ${cap + 1}) x`,
      [userId, pattern],
    ),
  ]);
  return { rows: lists.rows, n: listCount.rows[0]?.n };
}

/** A page of the user's results whose name, company or email matches the ILIKE `pattern` (newest first), and their count up to `cap` + 1. */
export async function searchResults(
  db: Queryable,
  userId: number,
  pattern: string,
  window: PageWindow,
  cap: number,
): Promise<{ rows: ResultHitRow[]; n: number | undefined }> {
  const resultWhere = 'r.user_id = $1 AND (r.name ILIKE $2 OR r.company ILIKE $2 OR r.email ILIKE $2)';
  const [results, resultCount] = await Promise.all([
    db.query<ResultHitRow>(
      `SELECT r.id::int AS id, r.name, r.company, r.email, r.campaign_id, c.name AS campaign_name, c.list_type
         FROM campaign_results r JOIN campaigns c ON c.id = r.campaign_id AND c.user_id = $1
        WHERE ${resultWhere} ORDER BY r.id DESC LIMIT ${window.limit} OFFSET ${window.offset}`,
      [userId, pattern],
    ),
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM campaign_results r WHERE ${resultWhere} LIMIT ${cap + 1}) x`,
      [userId, pattern],
    ),
  ]);
  return { rows: results.rows, n: resultCount.rows[0]?.n };
}
