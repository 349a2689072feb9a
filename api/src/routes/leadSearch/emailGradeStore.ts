import type { Db, Queryable } from '../../db';
import { grantCredits } from '../../credits/ledger';
import { EMAIL_GRADES, type EmailGrade, type EmailGrader, type GradedEmail } from '../../providers/leads/emailGrades';
import { jobUnderwaySql } from '../../queue/jobQueue';
import { addSuppressions } from '../../modules/leadSearch/suppressions.repository';

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

/** Rows graded per chunk: each chunk's addresses are asked with no transaction open, then stored in one statement. */
export const GRADE_CHUNK = 25;
/** How long one queued step grades before handing the rest to a fresh job. */
const STEP_MS = 15_000;

/** The rows of a list still to grade: an email, revealed, no grade yet (optionally only the given ids). */
const PENDING = `r.campaign_id = $1 AND r.email_grade IS NULL AND r.email_status <> 'looking' AND COALESCE(btrim(r.email), '') <> ''`;

/**
 * Grades a list's ungraded emails in chunks of GRADE_CHUNK for at most STEP_MS: read the chunk, ask the grader
 * (Hunter's verifier or the keyless checks) outside any transaction, then store each grade only where the row is
 * still ungraded (a second worker or a retried step never overwrites). Returns whether rows are left.
 */
export async function gradeListEmails(
  db: Db,
  campaignId: number,
  grader: EmailGrader,
  options: { ids?: readonly number[]; now?: () => Date } = {},
): Promise<boolean> {
  const now = options.now ?? (() => new Date());
  const started = Date.now();
  const only = options.ids?.length ? ' AND r.id = ANY($3::bigint[])' : '';
  for (let after = 0; ;) {
    const params: (string | number)[] = [campaignId, after];
    if (only) params.push(`{${options.ids!.join(',')}}`);
    const { rows } = await db.query<{ id: string; email: string }>(
      `SELECT r.id::text AS id, r.email FROM campaign_results r WHERE ${PENDING} AND r.id > $2${only} ORDER BY r.id LIMIT ${GRADE_CHUNK}`,
      params,
    );
    if (rows.length === 0) return false;
    const graded: (GradedEmail & { id: string })[] = [];
    for (const row of rows) graded.push({ id: row.id, ...(await grader.grade(row.email)) });
    await db.query(
      `UPDATE campaign_results r SET email_grade = g.grade, email_grade_reason = g.reason, email_grade_source = g.source, email_graded_at = $3
         FROM jsonb_to_recordset($2::jsonb) AS g(id bigint, grade text, reason text, source text)
        WHERE r.id = g.id AND r.campaign_id = $1 AND r.email_grade IS NULL`,
      [campaignId, JSON.stringify(graded), now()],
    );
    after = Number(rows[rows.length - 1]!.id);
    if (Date.now() - started > STEP_MS) return true;
  }
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

export interface BounceOutcome {
  /** Results of the account holding the address, marked bounced now (0 when the bounce was already reported). */
  results: number;
  /** Credits given back: the cost of each verified result that bounced, once. */
  refunded: number;
}

/**
 * Grades that say a found email was not verified after all: its bounce refunds nothing. The others do not
 * contradict the source: unknown (the keyless checks' mx_only, Hunter's inconclusive) and webmail say nothing
 * of the mailbox, so a found email graded so in the background is still refunded when it bounces.
 */
const NOT_VERIFIED_GRADES: readonly EmailGrade[] = ['invalid', 'accept_all', 'disposable'];
const NOT_VERIFIED_SQL = NOT_VERIFIED_GRADES.map((g) => `'${g}'`).join(', ');

/**
 * A bounce reported for `email` in the account (the owner and its team members' lists), in one transaction: each
 * result holding the address not yet marked is marked bounced and graded invalid (reason bounced); a result whose
 * email was verified (graded valid, or found by its source with no grade saying otherwise: NOT_VERIFIED_GRADES) and was charged gets
 * its credits back into the list owner's additional credits, recorded as `bounce_refund` on the row, so a
 * repeated report finds nothing left to refund. The address joins the do-not-contact list (source bounce).
 */
export async function reportBounce(
  db: Db,
  accountId: number,
  email: string,
  reason: string | null,
  now: Date,
): Promise<BounceOutcome> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; user_id: number; refund: number }>(
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
    const perOwner = new Map<number, number>();
    for (const row of rows)
      if (row.refund > 0) perOwner.set(row.user_id, (perOwner.get(row.user_id) ?? 0) + row.refund);
    for (const [userId, credits] of perOwner)
      await grantCredits(tx, userId, credits, 'additional', 'Refund: verified email bounced', { now });
    const refunded = [...perOwner.values()].reduce((a, b) => a + b, 0);
    await tx.query(
      'INSERT INTO email_bounces (account_id, email, reason, results, refunded, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [accountId, address, reason, rows.length, refunded, now],
    );
    if (address.includes('@'))
      await addSuppressions(tx, accountId, [{ kind: 'email', value: address, reason: reason ?? 'bounced' }], {
        source: 'bounce',
        createdBy: null,
      });
    return { results: rows.length, refunded };
  });
}
