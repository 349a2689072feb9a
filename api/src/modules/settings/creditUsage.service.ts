import { usageType } from '../../credits/usageType';
import type { Queryable } from '../../db';
import { pageOf, pageWindow } from '../../http/contract';
import { validationError } from '../../http/errors';
import { consumedPerReason, countLedgerEntries, ledgerEntries, usagePerDay } from './creditUsage.repository';

/** The widest range one request may ask for (the chart has one bar per day). */
export const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

function parseDay(value: string, field: string): Date {
  const date = new Date(`${value}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value)
    throw validationError({ field, code: 'validation.invalid' });
  return date;
}

/**
 * Credits consumed per day and per search type from the account's ledger over a range of UTC days (both ends
 * included; default the 30 days up to `today`), with one page of its entries.
 */
export async function creditUsage(
  db: Queryable,
  accountId: number,
  today: string,
  query: { start_date?: string; end_date?: string; page: number; pageSize: number },
) {
  const end = parseDay(query.end_date ?? today, 'end_date');
  const start = query.start_date ? parseDay(query.start_date, 'start_date') : new Date(end.getTime() - 29 * DAY_MS);
  if (start > end) throw validationError({ field: 'start_date', code: 'settings.range_order' });
  const days = Math.round((end.getTime() - start.getTime()) / DAY_MS) + 1;
  if (days > MAX_RANGE_DAYS)
    throw validationError({
      field: 'start_date',
      code: 'settings.range_too_long',
      params: { days: MAX_RANGE_DAYS },
    });
  const from = start;
  const to = new Date(end.getTime() + DAY_MS);
  const perDay = await usagePerDay(db, accountId, from, to);
  const perReason = await consumedPerReason(db, accountId, from, to);
  const entries = await ledgerEntries(db, accountId, { from, to }, pageWindow(query));
  const total = await countLedgerEntries(db, accountId, from, to);

  const byDayMap = new Map(perDay.map((r) => [r.day, r]));
  const byDay = Array.from({ length: days }, (_, i) => {
    const day = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date: day, consumed: byDayMap.get(day)?.consumed ?? 0, added: byDayMap.get(day)?.added ?? 0 };
  });
  const byType = new Map<string, number>();
  for (const r of perReason) byType.set(usageType(r.reason), (byType.get(usageType(r.reason)) ?? 0) + r.consumed);
  return {
    start_date: from.toISOString().slice(0, 10),
    end_date: end.toISOString().slice(0, 10),
    totals: { consumed: byDay.reduce((s, d) => s + d.consumed, 0), added: byDay.reduce((s, d) => s + d.added, 0) },
    by_day: byDay,
    by_type: [...byType.entries()]
      .map(([type, consumed]) => ({ type, consumed }))
      .sort((a, b) => b.consumed - a.consumed),
    ...pageOf(
      entries.map((e) => ({ ...e, id: Number(e.id), type: e.delta < 0 ? usageType(e.reason) : null })),
      query,
      total,
    ),
  };
}
