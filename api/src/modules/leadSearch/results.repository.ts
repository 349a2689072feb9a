/**
 * The SQL of a list's results as the list screen reads and changes them (results.service.ts holds the rules): a
 * page as JSON text the database builds, the filtered total, one result, a deletion of every matching row, a
 * result added by hand. The filters' WHERE clause is built by resultQuery.repository.ts.
 */
import type { Queryable, SqlParam } from '../../db';
import { type ResultDto } from './campaigns.schemas';
import { sortKeys, type ResultSort } from './resultQuery.repository';
import { labelsOf } from './resultLabels.repository';
import { duplicateOfSql, listSuppressedSql } from './suppressions.repository';

const ROW_FIELDS = `r.id::int AS id, r.name, r.company, r.job_title, r.website, r.city, r.email, r.phone, r.email_status, r.email_grade, r.email_grade_reason, r.bounced_at IS NOT NULL AS bounced, r.crm_status, r.crm_provider, r.crm_error, r.crm_error_detail, r.sent, r.manual, r.credits, r.data`;
const RESULT_COLUMNS = `${ROW_FIELDS}, ${labelsOf('r')} AS labels, ${listSuppressedSql('r')} AS suppressed, ${duplicateOfSql('r')} AS duplicate_of, r.created_at`;

/** A result as read from the database (`created_at` not yet in the answer's form). */
export type ResultRow = Omit<ResultDto, 'created_at'> & { created_at: Date | string };

/** Where a page starts: OFFSET rows in (page numbers without a position), or keyset, after or before an id. */
export type PagePosition = { offset: number } | { after: string } | { before: string };

/**
 * The page of the list as JSON text built by the database, `created_at` as JavaScript's toISOString()
 * writes it. Labels are looked up for the page's rows only, after LIMIT (not for skipped rows).
 * `ORDER BY r.campaign_id, r.id` (the same order under `campaign_id = $1`) only the list index gives:
 * the plan that is prepared once stays right for a list of 20 rows and one of 1,000,000. A keyset
 * position (`r.id > $n`, or the rows just before `$n` read backwards) walks no row before the page, so
 * page 40,000 costs what page 1 costs; OFFSET walks every row before the page.
 */
export const pageJsonSql = (
  where: string,
  limit: number,
  position: PagePosition,
  fewMatches = false,
  sort?: ResultSort,
) => {
  const backwards = 'before' in position;
  const { keys, desc } = sortKeys(sort, 'r');
  // Read forwards in the sort's direction, or backwards from a `before` cursor (then put back in order by json_agg).
  const reading = desc !== backwards ? ' DESC' : '';
  const cursor = 'after' in position ? position.after : backwards ? position.before : null;
  // The keyset condition: past the cursor row in reading order, as one row comparison the sort's index answers as a
  // range. The cursor row's other keys are read by scalar subqueries (run once, before the scan).
  const cursorKeys = sortKeys(sort, 'k').keys.map((k, i) =>
    i === keys.length - 1
      ? cursor
      : `(SELECT ${k} FROM campaign_results k WHERE k.id = ${cursor} AND k.campaign_id = $1)`,
  );
  const keyset =
    cursor === null
      ? ''
      : keys.length === 1
        ? ` AND r.id ${reading ? '<' : '>'} ${cursor}`
        : ` AND (${keys.join(', ')}) ${reading ? '<' : '>'} (${cursorKeys.join(', ')})`;
  const order = ['r.campaign_id', ...keys].map((k) => `${k}${reading}`).join(', ');
  const offset = 'offset' in position && position.offset > 0 ? ` OFFSET ${position.offset}` : '';
  // fewMatches (resultWhere): the matching rows are read first, behind an OFFSET 0 fence the planner does not
  // look through, then sorted; without it the page order may be read off the list index, row by row.
  const from = fewMatches
    ? `(SELECT * FROM campaign_results r WHERE ${where}${keyset} OFFSET 0) r`
    : `campaign_results r WHERE ${where}${keyset}`;
  const pageOrder = sortKeys(sort, 'p')
    .keys.map((k) => `${k}${desc ? ' DESC' : ''}`)
    .join(', ');
  return `SELECT COALESCE(json_agg(p ORDER BY ${pageOrder}), '[]'::json)::text
     FROM (SELECT q.*, ${labelsOf('q')} AS labels, ${listSuppressedSql('q')} AS suppressed, ${duplicateOfSql('q')} AS duplicate_of
             FROM (SELECT ${ROW_FIELDS}, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
                     FROM ${from} ORDER BY ${order} LIMIT ${limit}${offset}) q) p`;
};

/** Above this many matching rows a filtered total is shown as "more than". */
export const COUNT_CAP = 10_000;

/** The rows matching `where` in a list of the user's (another account's list counts nothing), up to COUNT_CAP + 1. */
export async function countMatching(
  q: Queryable,
  where: { sql: string; params: SqlParam[] },
  userId: number,
): Promise<number> {
  const owner = `$${where.params.length + 1}`;
  const countSql = `SELECT count(*)::int AS n FROM (SELECT 1 FROM campaign_results r WHERE ${where.sql}
                      AND EXISTS (SELECT 1 FROM campaigns c WHERE c.id = $1 AND c.user_id = ${owner}) LIMIT ${COUNT_CAP + 1}) s`;
  return (await q.query<{ n: number }>(countSql, [...where.params, userId])).rows[0]?.n ?? 0;
}

/** PostgreSQL: the statements after this one in the transaction are cancelled (57014) after `ms`. */
export async function limitStatementTime(q: Queryable, ms: number): Promise<void> {
  await q.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.round(ms))}`);
}

/** PostgreSQL: the planner's estimate of the rows matching `where`. */
export async function estimateMatching(q: Queryable, where: { sql: string; params: SqlParam[] }): Promise<number> {
  const plan = (
    await q.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      `EXPLAIN (FORMAT JSON) SELECT 1 FROM campaign_results r WHERE ${where.sql}`,
      where.params,
    )
  ).rows[0];
  return Math.round(plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
}

/** One result of the list, or undefined. */
export async function findResult(q: Queryable, campaignId: number, resultId: number): Promise<ResultRow | undefined> {
  return (
    await q.query<ResultRow>(
      `SELECT ${RESULT_COLUMNS} FROM campaign_results r WHERE r.campaign_id = $1 AND r.id = $2`,
      [campaignId, resultId],
    )
  ).rows[0];
}

/** Deletes every row matching `where` but those still looking; answers how many. */
export async function deleteMatching(q: Queryable, where: { sql: string; params: SqlParam[] }): Promise<number> {
  return (
    await q.query(`DELETE FROM campaign_results r WHERE ${where.sql} AND r.email_status <> 'looking'`, where.params)
  ).rowCount;
}

/** Lowers the list's result count by `count` (never below 0) and marks it changed. */
export async function lowerResultCount(q: Queryable, campaignId: number, count: number): Promise<void> {
  await q.query(
    'UPDATE campaigns SET result_count = GREATEST(0, result_count - $2), updated_at = now() WHERE id = $1',
    [campaignId, count],
  );
}

/** A result as a user adds it by hand. */
export interface ManualResult {
  name: string;
  company: string | null;
  job_title: string | null;
  website: string | null;
  city: string | null;
  email: string | null;
  phone: string | null;
  data: object;
}

/** Inserts a result added by hand (found when it has an email) and counts it in its list; answers the row. */
export async function insertManualResult(
  q: Queryable,
  campaignId: number,
  userId: number,
  row: ManualResult,
): Promise<ResultRow> {
  const inserted = (
    await q.query<ResultRow>(
      `INSERT INTO campaign_results AS r (campaign_id, user_id, name, company, job_title, website, city, email, phone, email_status, manual, data)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, true, $11::jsonb) RETURNING ${RESULT_COLUMNS}`,
      [
        campaignId,
        userId,
        row.name,
        row.company,
        row.job_title,
        row.website,
        row.city,
        row.email,
        row.phone,
        row.email ? 'found' : 'not_found',
        JSON.stringify(row.data),
      ],
    )
  ).rows[0]!;
  await q.query('UPDATE campaigns SET result_count = result_count + 1, updated_at = now() WHERE id = $1', [campaignId]);
  return inserted;
}
