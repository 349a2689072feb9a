import type { ApiPage } from '@leadsmith/shared';
/** Prices travel as integer cents; forms show dollars. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number | null | undefined): number | '' =>
  cents === null || cents === undefined ? '' : cents / 100;

export function formatMoney(cents: number | null | undefined, lang: string): string {
  if (cents === null || cents === undefined) return '—';
  return new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' }).format(cents / 100);
}

export function formatDate(iso: string | null | undefined, lang: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(iso));
}

export function formatDateTime(iso: string | null | undefined, lang: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A page of a white-label list: the API's one page envelope. */
export type PageOf<T> = ApiPage<T>;
