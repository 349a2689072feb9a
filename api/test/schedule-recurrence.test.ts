import {
  isTimeZone,
  latestMonthlyDate,
  monthsAfter,
  nextMonthlyDate,
  nextRunAfter,
  slot,
  type Schedule,
} from '../src/schedule/recurrence';
import { currentResetDate, nextResetDate } from '../src/users/limits';

const at = (iso: string) => new Date(iso);
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Follows a schedule the way the scheduler does: each claim asks for the first slot after the claim time. */
function runs(schedule: Schedule, count: number, claimDelayMs = 0): string[] {
  const out: string[] = [];
  let next: Date | null = schedule.anchor;
  for (let i = 0; i < count && next; i += 1) {
    out.push(next.toISOString());
    next = nextRunAfter(schedule, new Date(next.getTime() + claimDelayMs));
  }
  return out;
}

describe('recurring schedules (api/src/schedule/recurrence.ts)', () => {
  test('the next run follows the slot, not the moment of the claim', () => {
    const daily: Schedule = { repeat: 'daily', anchor: at('2026-03-02T09:00:00.000Z'), timeZone: 'UTC' };
    // Claimed 1 min 30 s late every time: the series stays at 09:00.
    expect(runs(daily, 3, 90_000)).toEqual([
      '2026-03-02T09:00:00.000Z',
      '2026-03-03T09:00:00.000Z',
      '2026-03-04T09:00:00.000Z',
    ]);
    // A process down for two and a half days: one run for the missed slots, then back on the grid.
    expect(iso(nextRunAfter(daily, at('2026-03-05T21:14:00.000Z')))).toBe('2026-03-06T09:00:00.000Z');
    // Exactly on a slot: the next one.
    expect(iso(nextRunAfter(daily, at('2026-03-06T09:00:00.000Z')))).toBe('2026-03-07T09:00:00.000Z');
    // Before the anchor: the anchor.
    expect(iso(nextRunAfter(daily, at('2026-03-01T00:00:00.000Z')))).toBe('2026-03-02T09:00:00.000Z');
  });

  test('the intended day of month survives month ends', () => {
    const monthly: Schedule = { repeat: 'monthly', anchor: at('2026-01-31T10:00:00.000Z'), timeZone: 'UTC' };
    expect(runs(monthly, 5, 5_000)).toEqual([
      '2026-01-31T10:00:00.000Z',
      '2026-02-28T10:00:00.000Z',
      '2026-03-31T10:00:00.000Z',
      '2026-04-30T10:00:00.000Z',
      '2026-05-31T10:00:00.000Z',
    ]);
    const leap: Schedule = { repeat: 'yearly', anchor: at('2028-02-29T08:00:00.000Z'), timeZone: 'UTC' };
    expect(runs(leap, 3)).toEqual(['2028-02-29T08:00:00.000Z', '2029-02-28T08:00:00.000Z', '2030-02-28T08:00:00.000Z']);
    expect(iso(nextRunAfter(leap, at('2031-06-01T00:00:00.000Z')))).toBe('2032-02-29T08:00:00.000Z');
  });

  test('a daily run keeps its wall-clock time in its zone across DST changes', () => {
    const paris: Schedule = { repeat: 'daily', anchor: at('2026-03-28T08:00:00.000Z'), timeZone: 'Europe/Paris' }; // 09:00 CET
    // Europe moves to summer time on 29 March 2026: 09:00 CEST is 07:00 UTC.
    expect(runs(paris, 3)).toEqual([
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ]);
    // And back on 25 October 2026.
    expect(iso(nextRunAfter(paris, at('2026-10-24T07:30:00.000Z')))).toBe('2026-10-25T08:00:00.000Z');
    const newYork: Schedule = {
      repeat: 'weekly',
      anchor: at('2026-03-02T14:30:00.000Z'),
      timeZone: 'America/New_York',
    }; // Mon 09:30 EST
    expect(runs(newYork, 2, 1000)).toEqual(['2026-03-02T14:30:00.000Z', '2026-03-09T13:30:00.000Z']);
    // The same anchor in UTC does not move.
    expect(iso(nextRunAfter({ ...newYork, timeZone: 'UTC' }, at('2026-03-02T14:30:00.000Z')))).toBe(
      '2026-03-09T14:30:00.000Z',
    );
  });

  test('a local time skipped by a DST change moves forward by the gap, and the series stays on its time', () => {
    const skipped: Schedule = { repeat: 'daily', anchor: at('2026-03-28T01:30:00.000Z'), timeZone: 'Europe/Paris' }; // 02:30 CET
    expect(runs(skipped, 3)).toEqual([
      '2026-03-28T01:30:00.000Z',
      '2026-03-29T01:30:00.000Z',
      '2026-03-30T00:30:00.000Z',
    ]);
  });

  test('the day of month is the one in the schedule zone', () => {
    // 31 Jan 23:30 in New York is 1 Feb in UTC: the series keeps the 31st, New York time.
    const monthly: Schedule = {
      repeat: 'monthly',
      anchor: at('2026-02-01T04:30:00.000Z'),
      timeZone: 'America/New_York',
    };
    expect(runs(monthly, 3)).toEqual([
      '2026-02-01T04:30:00.000Z',
      '2026-03-01T04:30:00.000Z',
      '2026-04-01T03:30:00.000Z',
    ]);
  });

  test('one-time schedules have no next run; slots are computed from the anchor', () => {
    const once: Schedule = { repeat: 'one-time', anchor: at('2026-03-02T09:00:00.000Z'), timeZone: 'UTC' };
    expect(nextRunAfter(once, at('2026-03-02T09:00:00.000Z'))).toBeNull();
    expect(iso(nextRunAfter(once, at('2026-03-01T09:00:00.000Z')))).toBe('2026-03-02T09:00:00.000Z');
    const monthly: Schedule = { repeat: 'monthly', anchor: at('2026-01-31T10:00:00.000Z'), timeZone: 'UTC' };
    expect(iso(slot(monthly, 13))).toBe('2027-02-28T10:00:00.000Z');
    expect(() => nextRunAfter({ ...monthly, timeZone: 'Mars/Olympus' }, at('2026-05-01T00:00:00.000Z'))).toThrow(
      'unknown time zone',
    );
  });

  test('time zone names', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(3)).toBe(false);
  });
});

describe('monthly dates and the limit reset (spec §4: same date next month)', () => {
  test('a date series keeps its day: Jan 31 → Feb 28 → Mar 31', () => {
    expect(monthsAfter('2026-01-31', 1)).toBe('2026-02-28');
    expect(monthsAfter('2026-01-31', 2)).toBe('2026-03-31');
    expect(monthsAfter('2024-01-31', 1)).toBe('2024-02-29');
    expect(nextMonthlyDate('2026-01-31', '2026-01-31')).toBe('2026-02-28');
    expect(nextMonthlyDate('2026-01-31', '2026-02-28')).toBe('2026-03-31');
    expect(nextMonthlyDate('2026-01-31', '2026-03-31')).toBe('2026-04-30');
    expect(latestMonthlyDate('2026-01-31', '2026-03-30')).toBe('2026-02-28');
    expect(latestMonthlyDate('2026-01-31', '2026-03-31')).toBe('2026-03-31');
    expect(latestMonthlyDate('2026-01-31', '2027-02-27')).toBe('2027-01-31');
    expect(latestMonthlyDate('2026-01-31', '2026-01-01')).toBe('2026-01-31');
    expect(() => monthsAfter('2026-02-30', 1)).toThrow('not a date');
  });

  test('the reset after a clamped month goes back to the intended day', () => {
    // Last reset on 28 Feb, for a series that started on 31 Jan.
    expect(currentResetDate('2026-02-28', '2026-03-28', '2026-01-31')).toBe('2026-02-28');
    expect(currentResetDate('2026-02-28', '2026-03-31', '2026-01-31')).toBe('2026-03-31');
    expect(nextResetDate('2026-02-28', '2026-01-31')).toBe('2026-03-31');
    // Without a known anchor, the last reset is the anchor.
    expect(currentResetDate('2026-02-15', '2026-03-15')).toBe('2026-03-15');
    expect(nextResetDate('2026-02-15')).toBe('2026-03-15');
    // Away for three months: one reset, on the latest date of the series.
    expect(currentResetDate('2026-01-31', '2026-05-02', '2026-01-31')).toBe('2026-04-30');
  });
});
