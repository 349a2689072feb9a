import { createHash } from 'node:crypto';
import type { Queryable, SqlParam } from '../../db';
import { resultWhere, type ResultFilters } from './resultQuery.repository';
import { containing } from '../../db/like';

/**
 * The do-not-contact list (table `suppressions`): the SQL of the table and the one rule every sender uses to
 * honour it. An entry is an email or a whole domain of an account (a team owner's; its members share it), or a
 * platform-wide entry (`account_id` NULL) that every account honours and none sees. Search results are marked,
 * CSV exports leave suppressed rows out unless asked, and CRM, webhook, autopilot and workflow sends refuse them
 * row by row with the reason (`crm_error = 'suppressed'`).
 */
export type SuppressionKind = 'email' | 'domain' | 'email_sha256';

export interface Suppression {
  id: number;
  kind: SuppressionKind;
  value: string;
  reason: string | null;
  source: string;
  created_at: string | Date;
}

/** What a result matched: its email (or its hash) or its domain. */
export type SuppressedBy = 'email' | 'domain';

/** The value of an `email_sha256` entry: what suppression_keys() computes in SQL for the same address. */
export const emailSha256 = (email: string): string =>
  createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');

/**
 * SQL: the kind of the first entry matching the row `r` (columns email and website) for the account given by the SQL
 * expression `account`, or NULL. Index: suppressions_value_idx.
 */
export const suppressedBySql = (r: string, account: string): string =>
  `(SELECT CASE s.kind WHEN 'domain' THEN 'domain' ELSE 'email' END FROM suppressions s
     WHERE s.value = ANY(suppression_keys(${r}.email, ${r}.website)) AND COALESCE(s.account_id, ${account}) = ${account} LIMIT 1)`;

/** SQL: the account (team owner) of a user id expression. */
export const accountOfUserSql = (userId: string): string =>
  `(SELECT COALESCE(u.team_owner_id, u.id) FROM users u WHERE u.id = ${userId})`;

/** SQL: what put the row `r` of the list `$1` on its owner's account's list (every result query of a list has the list's id as $1). */
export const listSuppressedSql = (r: string): string => {
  const account = accountOfUserSql('(SELECT c.user_id FROM campaigns c WHERE c.id = $1)');
  // An account (and platform) without entries skips the per-row look-up: the EXISTS runs once per statement.
  return `CASE WHEN EXISTS (SELECT 1 FROM suppressions s0 WHERE s0.account_id = ${account} OR s0.account_id IS NULL) THEN ${suppressedBySql(r, account)} END`;
};

/**
 * SQL: another list of the same owner holding the contact of row `r` of the list `$1` (same email, else
 * LinkedIn URL, else name at the same website; index campaign_results_contact_idx), as JSON, or NULL. No ORDER BY:
 * with one, the planner may walk the primary key in id order looking for a match (every row of the owner's lists,
 * per row shown) instead of probing the contact index.
 */
export const duplicateOfSql = (r: string): string =>
  `(SELECT json_build_object('campaign_id', o.campaign_id, 'result_id', o.id, 'list_name', dc.name, 'list_type', dc.list_type)
      FROM campaign_results o JOIN campaigns dc ON dc.id = o.campaign_id
     WHERE o.user_id = (SELECT c.user_id FROM campaigns c WHERE c.id = $1)
       AND result_contact_key(o.email, o.data->>'linkedin_url', o.name, o.website) = result_contact_key(${r}.email, ${r}.data->>'linkedin_url', ${r}.name, ${r}.website)
       AND o.email_status <> 'looking' AND o.campaign_id <> $1 AND dc.deleted_at IS NULL
     LIMIT 1)`;

/**
 * The rows a CSV export writes (direct download and background export alike): the list filters, without the rows on
 * the do-not-contact list unless `include_suppressed`.
 */
export function exportWhere(campaignId: number, filters: ResultFilters): { sql: string; params: SqlParam[] } {
  const { include_suppressed: includeSuppressed, ...rest } = filters;
  const where = resultWhere(campaignId, rest);
  return includeSuppressed
    ? where
    : { sql: `${where.sql} AND ${listSuppressedSql('r')} IS NULL`, params: where.params };
}

/** SQL condition: the row `r` (of campaign_results, whose user_id is its list's owner) is on its account's list. */
export const isSuppressedSql = (r: string): string =>
  `${suppressedBySql(r, accountOfUserSql(`${r}.user_id`))} IS NOT NULL`;

/** The rows of `ids` that are suppressed for their account, with what matched. */
export async function suppressedAmong(db: Queryable, ids: readonly number[]): Promise<Map<number, SuppressedBy>> {
  if (!ids.length) return new Map();
  const { rows } = await db.query<{ id: number; by: SuppressedBy }>(
    `SELECT r.id::int AS id, ${suppressedBySql('r', accountOfUserSql('r.user_id'))} AS by FROM campaign_results r WHERE r.id = ANY($1::bigint[])`,
    [`{${ids.join(',')}}`],
  );
  return new Map(rows.filter((r) => r.by).map((r) => [r.id, r.by]));
}

/** The row's reason as a CRM / webhook refusal detail (kept short, no personal data beyond what the row holds). */
export const suppressionDetail = (by: SuppressedBy): string =>
  by === 'domain' ? 'domain on the do-not-contact list' : 'email on the do-not-contact list';

const COLUMNS = 'id::int AS id, kind, value, reason, source, created_at';

export async function listSuppressions(
  db: Queryable,
  accountId: number,
  q: { search?: string; kind?: 'email' | 'domain'; limit: number; offset: number },
): Promise<{ rows: Suppression[]; total: number }> {
  const params: (string | number)[] = [accountId];
  const where = ['account_id = $1'];
  if (q.kind) where.push(`kind = $${params.push(q.kind)}`);
  if (q.search?.trim()) where.push(`value LIKE $${params.push(containing(q.search.trim().toLowerCase()))}`);
  const rows = (
    await db.query<Suppression>(
      `SELECT ${COLUMNS} FROM suppressions WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ${q.limit} OFFSET ${q.offset}`,
      params,
    )
  ).rows;
  const total =
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM suppressions WHERE ${where.join(' AND ')}`, params))
      .rows[0]?.n ?? 0;
  return { rows, total };
}

/**
 * Adds entries to an account's list (or the platform's, `accountId` null); an entry already there is kept as it
 * is. Returns the rows added.
 */
export async function addSuppressions(
  db: Queryable,
  accountId: number | null,
  entries: readonly { kind: SuppressionKind; value: string; reason?: string | null }[],
  meta: { source: string; createdBy: number | null },
): Promise<Suppression[]> {
  if (!entries.length) return [];
  const { rows } = await db.query<Suppression>(
    `INSERT INTO suppressions (account_id, kind, value, reason, source, created_by)
     SELECT $1, e.kind, e.value, e.reason, $3, $4 FROM jsonb_to_recordset($2::jsonb) AS e(kind text, value text, reason text)
     ON CONFLICT (COALESCE(account_id, 0), kind, value) DO NOTHING RETURNING ${COLUMNS}`,
    [
      accountId,
      JSON.stringify(entries.map((e) => ({ kind: e.kind, value: e.value, reason: e.reason ?? null }))),
      meta.source,
      meta.createdBy,
    ],
  );
  return rows;
}

export async function deleteSuppression(db: Queryable, accountId: number, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM suppressions WHERE id = $1 AND account_id = $2', [id, accountId])).rowCount > 0;
}

/** Whether an account (or the platform) has any entry: senders skip the per-row look-up when none could match. */
export async function hasSuppressions(db: Queryable, accountId: number): Promise<boolean> {
  return (
    (await db.query('SELECT 1 FROM suppressions WHERE account_id = $1 OR account_id IS NULL LIMIT 1', [accountId]))
      .rowCount > 0
  );
}
