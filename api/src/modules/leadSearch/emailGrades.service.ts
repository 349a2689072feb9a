import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../../db';
import { grantCredits } from '../../credits/ledger';
import type { EmailGrader, GradedEmail } from '../../providers/leads/emailGrades';
import { addSuppressions } from './suppressions.repository';
import {
  bounceEndpointToken,
  insertBounceReport,
  markBounced,
  pendingGradeRows,
  recentBounces,
  storeGrades,
} from './emailGrades.repository';

/** Where CRMs and webhook receivers post bounces (the token follows). */
export const BOUNCE_PATH = '/api/email-bounces';

/** Rows graded per chunk: each chunk's addresses are asked with no transaction open, then stored in one statement. */
export const GRADE_CHUNK = 25;
/** How long one queued step grades before handing the rest to a fresh job. */
const STEP_MS = 15_000;

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
  for (let after = 0; ;) {
    const rows = await pendingGradeRows(db, campaignId, after, GRADE_CHUNK, options.ids);
    if (rows.length === 0) return false;
    const graded: (GradedEmail & { id: string })[] = [];
    for (const row of rows) graded.push({ id: row.id, ...(await grader.grade(row.email)) });
    await storeGrades(db, campaignId, graded, now());
    after = Number(rows[rows.length - 1]!.id);
    if (Date.now() - started > STEP_MS) return true;
  }
}

export interface BounceOutcome {
  /** Results of the account holding the address, marked bounced now (0 when the bounce was already reported). */
  results: number;
  /** Credits given back: the cost of each verified result that bounced, once. */
  refunded: number;
}

/**
 * A bounce reported for `email` in the account (the owner and its team members' lists), in one transaction: each
 * result holding the address not yet marked is marked bounced and graded invalid (reason bounced); a result whose
 * email was verified and was charged gets its credits back into the list owner's additional credits, recorded on
 * the row, so a repeated report finds nothing left to refund (`markBounced`). The address joins the
 * do-not-contact list (source bounce).
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
    const rows = await markBounced(tx, accountId, address, now);
    const perOwner = new Map<number, number>();
    for (const row of rows)
      if (row.refund > 0) perOwner.set(row.user_id, (perOwner.get(row.user_id) ?? 0) + row.refund);
    for (const [userId, credits] of perOwner)
      await grantCredits(tx, userId, credits, 'additional', 'Refund: verified email bounced', { now });
    const refunded = [...perOwner.values()].reduce((a, b) => a + b, 0);
    await insertBounceReport(tx, { accountId, email: address, reason, results: rows.length, refunded, now });
    if (address.includes('@'))
      await addSuppressions(tx, accountId, [{ kind: 'email', value: address, reason: reason ?? 'bounced' }], {
        source: 'bounce',
        createdBy: null,
      });
    return { results: rows.length, refunded };
  });
}

/** The account's bounce report address on `origin` (made on first use; `regenerate` replaces it) and its latest reports. */
export async function bounceEndpoint(db: Queryable, accountId: number, origin: string, regenerate = false) {
  const token = await bounceEndpointToken(db, accountId, randomBytes(24).toString('base64url'), regenerate);
  return { url: `${origin}${BOUNCE_PATH}/${token}`, recent: await recentBounces(db, accountId) };
}
