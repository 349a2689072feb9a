import type { Queryable } from '../db';
import { currentResetDate } from './limits';

/**
 * Up to `batch` users, in id order after `after`, whose last reset is at least 28 days before `today`: the
 * only ones a reset can be due for (a reset comes at least 28 days after the one before it).
 */
export async function limitResetCandidates(
  q: Queryable,
  today: string,
  after: number,
  batch: number,
): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>(
    `SELECT id FROM users WHERE last_reset_date IS NOT NULL AND last_reset_date <= $1::date - 28 AND id > $2 ORDER BY id LIMIT ${batch}`,
    [today, after],
  );
  return rows.map((r) => r.id);
}

/**
 * The lazy monthly reset of the search limit (spec §4, same date next month), run in the caller's
 * transaction after it locked the user row: when a reset date has come since the last one,
 * searches_used goes back to 0 and last_reset_date moves to it. The series keeps its first date
 * (limit_reset_anchor), so a reset on Feb 28 for a series that started on Jan 31 is followed by one
 * on Mar 31. Returns whether it reset, and the reset date in force.
 */
export async function applyLimitReset(
  tx: Queryable,
  userId: number,
  today: string,
): Promise<{ reset: boolean; lastResetDate: string | null }> {
  const row = (
    await tx.query<{ last_reset_date: string | null; limit_reset_anchor: string | null }>(
      'SELECT last_reset_date, limit_reset_anchor FROM users WHERE id = $1',
      [userId],
    )
  ).rows[0];
  if (!row?.last_reset_date) return { reset: false, lastResetDate: null };
  const due = currentResetDate(row.last_reset_date, today, row.limit_reset_anchor ?? row.last_reset_date);
  if (due === row.last_reset_date) return { reset: false, lastResetDate: due };
  await tx.query(
    'UPDATE users SET searches_used = 0, limit_reset_anchor = COALESCE(limit_reset_anchor, last_reset_date), last_reset_date = $2 WHERE id = $1',
    [userId, due],
  );
  return { reset: true, lastResetDate: due };
}
