import type { Queryable } from '../../db';
import { EMAIL_GRADES, type EmailGrade, type GradedEmail } from '../../providers/leads/emailGrades';
import { jobUnderwaySql } from '../../queue/jobQueue';

/** The queued grading of a list's emails (api/src/workers/emailVerify.ts). */
export const EMAIL_VERIFY = 'email-verify';

/** The grading's singleton key: one per list. */
const KEY_PREFIX = `${EMAIL_VERIFY}:`;
export const emailVerifyKey = (campaignId: number) => `${KEY_PREFIX}${campaignId}`;

/**
 * SQL: the list's grading is queued or running (its grades are still to land), for the list whose id is
 * `campaignIdSql`. Asked in the statement that reads the list's rows, it agrees with them: false means every grade
 * stored so far is in those rows (a step stores its grades before its job completes).
 */
export const gradingQueuedSql = (campaignIdSql: string): string =>
  jobUnderwaySql(`'${EMAIL_VERIFY}'`, `'${KEY_PREFIX}' || (${campaignIdSql})::text`);

/** The rows of a list still to grade: an email, revealed, no grade yet (optionally only the given ids). */
const PENDING = `r.campaign_id = $1 AND r.email_grade IS NULL AND r.email_status <> 'looking' AND COALESCE(btrim(r.email), '') <> ''`;

/** The next `limit` rows of the list still to grade after row id `after` (optionally only among `ids`), by id. */
export async function pendingGradeRows(
  db: Queryable,
  campaignId: number,
  after: number,
  limit: number,
  ids?: readonly number[],
): Promise<{ id: string; email: string }[]> {
  const only = ids?.length ? ' AND r.id = ANY($3::bigint[])' : '';
  const params: (string | number)[] = [campaignId, after];
  if (only) params.push(`{${ids!.join(',')}}`);
  const { rows } = await db.query<{ id: string; email: string }>(
    `SELECT r.id::text AS id, r.email FROM campaign_results r WHERE ${PENDING} AND r.id > $2${only} ORDER BY r.id LIMIT ${limit}`,
    params,
  );
  return rows;
}

/** Stores each grade only where the row is still ungraded (a second worker or a retried step never overwrites). */
export async function storeGrades(
  db: Queryable,
  campaignId: number,
  graded: readonly (GradedEmail & { id: string })[],
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE campaign_results r SET email_grade = g.grade, email_grade_reason = g.reason, email_grade_source = g.source, email_graded_at = $3
       FROM jsonb_to_recordset($2::jsonb) AS g(id bigint, grade text, reason text, source text)
      WHERE r.id = g.id AND r.campaign_id = $1 AND r.email_grade IS NULL`,
    [campaignId, JSON.stringify(graded), now],
  );
}

export type GradeCounts = Record<EmailGrade, number>;

/** How many of a list's emails have each grade, and how many are not graded yet. */
export async function gradeSummary(
  db: Queryable,
  campaignId: number,
): Promise<{ counts: GradeCounts; ungraded: number }> {
  const { rows } = await db.query<{ grade: string | null; n: number }>(
    `SELECT r.email_grade AS grade, count(*)::int AS n FROM campaign_results r
      WHERE r.campaign_id = $1 AND r.email_status <> 'looking' AND COALESCE(btrim(r.email), '') <> '' GROUP BY r.email_grade`,
    [campaignId],
  );
  const counts = Object.fromEntries(EMAIL_GRADES.map((g) => [g, 0])) as GradeCounts;
  let ungraded = 0;
  for (const row of rows) {
    if (row.grade === null) ungraded += row.n;
    else if (row.grade in counts) counts[row.grade as EmailGrade] = row.n;
  }
  return { counts, ungraded };
}

/** Ungraded emails of the list (optionally among ids): what a verification request will look at. */
export async function countUngraded(db: Queryable, campaignId: number, ids?: readonly number[]): Promise<number> {
  const only = ids?.length ? ' AND r.id = ANY($2::bigint[])' : '';
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM campaign_results r WHERE ${PENDING}${only}`,
    ids?.length ? [campaignId, `{${ids.join(',')}}`] : [campaignId],
  );
  return rows[0]?.n ?? 0;
}

/** Whether the list has an email still to grade (a search's end queues the grading only then). */
export async function hasUngradedEmails(db: Queryable, campaignId: number): Promise<boolean> {
  const { rows } = await db.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM campaign_results r WHERE ${PENDING}) AS any`,
    [campaignId],
  );
  return rows[0]?.any === true;
}

/**
 * Grades that say a found email was not verified after all: its bounce refunds nothing. The others do not
 * contradict the source: unknown (the keyless checks' mx_only, Hunter's inconclusive) and webmail say nothing
 * of the mailbox, so a found email graded so in the background is still refunded when it bounces.
 */
const NOT_VERIFIED_GRADES: readonly EmailGrade[] = ['invalid', 'accept_all', 'disposable'];
const NOT_VERIFIED_SQL = NOT_VERIFIED_GRADES.map((g) => `'${g}'`).join(', ');

/**
 * Marks bounced (and graded invalid, reason bounced) each result of the account (the owner and its team members'
 * lists) holding `address` and not marked yet, rows locked; answers each one's refund: its credits when its email
 * was verified (graded valid, or found by its source with no grade saying otherwise: NOT_VERIFIED_GRADES) and
 * charged, else 0, recorded as `bounce_refund` on the row, so a repeated report finds nothing left to refund.
 */
export async function markBounced(
  db: Queryable,
  accountId: number,
  address: string,
  now: Date,
): Promise<{ id: string; user_id: number; refund: number }[]> {
  const { rows } = await db.query<{ id: string; user_id: number; refund: number }>(
    `WITH hit AS (
       SELECT r.id, r.user_id,
              CASE WHEN r.credits > 0 AND (r.email_grade = 'valid' OR (r.email_status = 'found' AND (r.email_grade IS NULL OR r.email_grade NOT IN (${NOT_VERIFIED_SQL})))) THEN r.credits ELSE 0 END AS refund
         FROM campaign_results r
        WHERE r.user_id IN (SELECT id FROM users WHERE id = $1 OR team_owner_id = $1)
          AND result_contact_key(r.email, r.data->>'linkedin_url', r.name, r.website) = 'e:' || $2
          AND r.email_status <> 'looking' AND r.bounced_at IS NULL
        FOR UPDATE OF r
     )
     UPDATE campaign_results r SET bounced_at = $3, bounce_refund = hit.refund, email_grade = 'invalid', email_grade_reason = 'bounced',
            email_grade_source = 'bounce', email_graded_at = $3
       FROM hit WHERE r.id = hit.id
     RETURNING r.id::text AS id, r.user_id, hit.refund`,
    [accountId, address, now],
  );
  return rows;
}

export async function insertBounceReport(
  db: Queryable,
  report: { accountId: number; email: string; reason: string | null; results: number; refunded: number; now: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO email_bounces (account_id, email, reason, results, refunded, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [report.accountId, report.email, report.reason, report.results, report.refunded, report.now],
  );
}

/** The account's latest bounce reports, newest first. */
export async function recentBounces(
  db: Queryable,
  accountId: number,
): Promise<{ email: string; reason: string | null; results: number; refunded: number; created_at: Date }[]> {
  const { rows } = await db.query<{
    email: string;
    reason: string | null;
    results: number;
    refunded: number;
    created_at: Date;
  }>(
    'SELECT email, reason, results, refunded, created_at FROM email_bounces WHERE account_id = $1 ORDER BY id DESC LIMIT 20',
    [accountId],
  );
  return rows;
}

/**
 * The account's bounce endpoint token: the one it has, else `token` stored as it (`regenerate`: `token` replaces
 * the one it has).
 */
export async function bounceEndpointToken(
  db: Queryable,
  accountId: number,
  token: string,
  regenerate: boolean,
): Promise<string> {
  const { rows } = await db.query<{ token: string }>(
    regenerate
      ? `INSERT INTO email_bounce_endpoints (account_id, token) VALUES ($1, $2) ON CONFLICT (account_id) DO UPDATE SET token = EXCLUDED.token, created_at = now() RETURNING token`
      : `WITH made AS (INSERT INTO email_bounce_endpoints (account_id, token) VALUES ($1, $2) ON CONFLICT (account_id) DO NOTHING RETURNING token)
         SELECT token FROM made UNION ALL SELECT token FROM email_bounce_endpoints WHERE account_id = $1 LIMIT 1`,
    [accountId, token],
  );
  return rows[0]!.token;
}

/** The account whose bounce endpoint has this token, if any. */
export async function accountOfBounceToken(db: Queryable, token: string): Promise<number | undefined> {
  const { rows } = await db.query<{ account_id: number }>(
    'SELECT account_id FROM email_bounce_endpoints WHERE token = $1',
    [token],
  );
  return rows[0]?.account_id;
}

/**
 * Grades are on their way to the list: its grading is queued or running, or its search (not demo data) is still
 * running — the search's end queues the grading. The list's screen polls the counts while this holds.
 */
export async function gradingUnderway(db: Queryable, campaignId: number): Promise<boolean> {
  const { rows } = await db.query<{ underway: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM search_jobs WHERE campaign_id = $1 AND status = 'running' AND NOT demo_data) OR ${gradingQueuedSql('$1')} AS underway`,
    [campaignId],
  );
  return rows[0]?.underway === true;
}
