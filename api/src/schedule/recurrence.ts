import { DateTime, IANAZone, type DurationLikeObject } from 'luxon';

/**
 * Recurring schedules (autopilots, workflows) and the monthly limit reset, on luxon's calendar maths.
 *
 * A schedule is a series of slots: slot n is the anchor (the first slot) plus n periods, counted in
 * the schedule's IANA time zone. So
 * - a run follows its slot, never the moment a process claimed it: the next run is the first slot
 *   of the series after a given instant, whatever the delay in between;
 * - a daily run keeps its wall-clock time across a DST change (09:00 Paris stays 09:00 Paris);
 * - the intended day of month survives month ends, because every slot is computed from the anchor
 *   (Jan 31 → Feb 28 → Mar 31 → Apr 30), never from the previous, clamped slot.
 * A local time that does not exist on a day (skipped by a DST change) moves forward by the gap.
 */
export const REPEATS = ['daily', 'weekly', 'monthly', 'yearly', 'one-time'] as const;
export type Repeat = (typeof REPEATS)[number];

export interface Schedule {
  repeat: Repeat;
  /** The first slot of the series: its wall-clock time and day in `timeZone` are kept. */
  anchor: Date;
  /** IANA zone name, e.g. 'Europe/Paris'. */
  timeZone: string;
}

export const DEFAULT_TIME_ZONE = 'UTC';

const PERIOD: Record<Exclude<Repeat, 'one-time'>, { unit: keyof DurationLikeObject; size: number }> = {
  daily: { unit: 'days', size: 1 },
  weekly: { unit: 'days', size: 7 },
  monthly: { unit: 'months', size: 1 },
  yearly: { unit: 'years', size: 1 },
};

/** True for a zone name the runtime knows (IANA names, and 'UTC'). */
export function isTimeZone(zone: unknown): zone is string {
  return typeof zone === 'string' && zone.length > 0 && zone.length <= 64 && IANAZone.isValidZone(zone);
}

function localAnchor(schedule: Schedule): DateTime {
  if (!isTimeZone(schedule.timeZone)) throw new Error(`unknown time zone: ${schedule.timeZone}`);
  return DateTime.fromJSDate(schedule.anchor, { zone: schedule.timeZone });
}

/** Slot n of a repeating schedule (slot 0 is the anchor). */
export function slot(schedule: Schedule, n: number): Date {
  if (schedule.repeat === 'one-time') return schedule.anchor;
  const { unit, size } = PERIOD[schedule.repeat];
  return localAnchor(schedule)
    .plus({ [unit]: n * size })
    .toJSDate();
}

/** Periods between the anchor and `at`, close to the slot index of `at` (corrected by the caller). */
function estimateIndex(schedule: Schedule, at: Date): number {
  const { unit, size } = PERIOD[schedule.repeat as Exclude<Repeat, 'one-time'>];
  const from = localAnchor(schedule);
  const to = DateTime.fromJSDate(at, { zone: schedule.timeZone });
  return Math.floor(to.diff(from, unit).get(unit) / size);
}

/**
 * The first slot strictly after `after` (the anchor itself when it is still ahead). A one-time
 * schedule has no slot after its anchor: null.
 */
export function nextRunAfter(schedule: Schedule, after: Date): Date | null {
  if (schedule.anchor.getTime() > after.getTime()) return schedule.anchor;
  if (schedule.repeat === 'one-time') return null;
  let n = Math.max(0, estimateIndex(schedule, after));
  while (n > 0 && slot(schedule, n).getTime() > after.getTime()) n -= 1;
  while (slot(schedule, n).getTime() <= after.getTime()) n += 1;
  return slot(schedule, n);
}

// ---------------------------------------------------------------------------------------------
// Calendar dates (the monthly limit reset, spec §4: "same date next month")
// ---------------------------------------------------------------------------------------------

function parseDate(date: string): DateTime {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(date) ? DateTime.fromISO(date, { zone: 'UTC' }) : null;
  if (!parsed?.isValid) throw new Error(`not a date: ${date}`);
  return parsed;
}

/** `YYYY-MM-DD` n months after `anchor`, on the anchor's day or the month's last day when shorter. */
export function monthsAfter(anchor: string, n: number): string {
  return parseDate(anchor).plus({ months: n }).toISODate()!;
}

/** Index of the latest date of the monthly series anchored at `anchor` that is not after `today` (0 before it). */
function monthlyIndex(anchor: string, today: string): number {
  const from = parseDate(anchor);
  const to = parseDate(today);
  if (to <= from) return 0;
  let n = Math.floor(to.diff(from, 'months').months);
  while (n > 0 && monthsAfter(anchor, n) > today) n -= 1;
  while (monthsAfter(anchor, n + 1) <= today) n += 1;
  return n;
}

/**
 * The latest date of the monthly series anchored at `anchor` that is not after `today` (the anchor
 * when `today` is before it): the same rule as a monthly schedule, on calendar dates.
 */
export function latestMonthlyDate(anchor: string, today: string): string {
  return monthsAfter(anchor, monthlyIndex(anchor, today));
}

/** The date of the monthly series anchored at `anchor` that follows `date`. */
export function nextMonthlyDate(anchor: string, date: string): string {
  return monthsAfter(anchor, monthlyIndex(anchor, date) + 1);
}
