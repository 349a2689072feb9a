/** Search-limit maths (spec §4 "limit reset: same date next month", §9 bands). */

export type LimitBand = 'under_50' | 'over_50' | 'full';

/** Same rule as the frontend's `limitBand` in shared: > 50 % is over_50, reaching the limit is full. */
export function limitBand(used: number, limit: number): LimitBand {
  if (limit <= 0 || used >= limit) return 'full';
  return used / limit > 0.5 ? 'over_50' : 'under_50';
}

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
  const [y, m, d] = date.split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined || [y, m, d].some(Number.isNaN)) throw new Error(`not a date: ${date}`);
  const nextMonthIndex = m; // 0-based index of the following month
  const lastDay = new Date(Date.UTC(y, nextMonthIndex + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, nextMonthIndex, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/**
 * The reset date that applies today: walks forward month by month from the
 * last reset while the next one is not after `today` (a user away for three
 * months gets one reset, dated on the latest anniversary).
 */
export function currentResetDate(lastReset: string, today: string): string {
  let current = lastReset;
  for (let next = addOneMonth(current); next <= today; next = addOneMonth(current)) current = next;
  return current;
}
