import { isoDate } from '../clock';
import type { Queryable } from '../db';
import { ApiError } from '../http/errors';
import { applyLimitReset } from './limitReset';

/** How much of the monthly search limit a search asks for. */
export type SearchLimitWant =
  /** All of it or nothing (the search form, a workflow's search node). */
  | { exactly: number }
  /** What is left, up to this (an autopilot run, a saved search's run). */
  | { upTo: number };

/**
 * Reserves searches from the user's monthly search limit in the caller's transaction: locks the user
 * row, applies the lazy monthly reset (same as GET /api/user-limits), then adds the reserved count to
 * searches_used. What the job does not produce is given back when it ends (modules/leadSearch/searchJobs.service.ts). Answers
 * the count reserved, or (refused) what was left: less than `exactly`, or nothing for `upTo`.
 */
export async function reserveSearchLimit(
  tx: Queryable,
  userId: number,
  now: Date,
  want: SearchLimitWant,
): Promise<{ refused: false; reserved: number } | { refused: true; remaining: number }> {
  const limits = (
    await tx.query<{ search_limit: number | null; searches_used: number }>(
      'SELECT search_limit, searches_used FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    )
  ).rows[0];
  if (!limits) throw new ApiError(404, 'not_found');
  let used = limits.searches_used;
  if ((await applyLimitReset(tx, userId, isoDate(now))).reset) used = 0;
  const remaining = Math.max(0, (limits.search_limit ?? 0) - used);
  const reserved = 'exactly' in want ? want.exactly : Math.min(want.upTo, remaining);
  if ('exactly' in want ? reserved > remaining : reserved === 0) return { refused: true, remaining };
  await tx.query('UPDATE users SET searches_used = searches_used + $2 WHERE id = $1', [userId, reserved]);
  return { refused: false, reserved };
}
