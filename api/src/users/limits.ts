import { latestMonthlyDate, monthsAfter, nextMonthlyDate } from '../schedule/recurrence';

/** Search-limit maths (spec §4 "limit reset: same date next month", §9 bands). */

/** The band rule is shared's (the sidebar meter draws with it): > 50 % is over_50, reaching the limit is full. */
export { limitBand, type LimitBand } from '@leadsmith/shared/constants';

/** Used share of the limit in percent, one decimal, capped at 100. */
export function percentUsed(used: number, limit: number): number {
  if (limit <= 0) return 100;
  return Math.min(100, Math.round((used / limit) * 1000) / 10);
}

/**
 * `YYYY-MM-DD` one month later, same day of month; clamped to the month's
 * last day (Jan 31 → Feb 28/29).
 */
export function addOneMonth(date: string): string {
  return monthsAfter(date, 1);
}

/**
 * The reset date that applies today: the latest date of the monthly series
 * that started at `anchor` (the first reset date; the last reset when
 * unknown) that is not after `today`, and not before the last reset. Every
 * date is computed from the anchor, so the intended day survives month ends
 * (Jan 31 → Feb 28 → Mar 31). A user away for three months gets one reset,
 * dated on the latest anniversary.
 */
export function currentResetDate(lastReset: string, today: string, anchor: string = lastReset): string {
  const due = latestMonthlyDate(anchor, today);
  return due > lastReset ? due : lastReset;
}

/** The reset after `lastReset` in the series that started at `anchor`. */
export function nextResetDate(lastReset: string, anchor: string = lastReset): string {
  return nextMonthlyDate(anchor, lastReset);
}
