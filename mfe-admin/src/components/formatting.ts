import { i18n } from '@leadsmith/shared';

/** Date (and time) in the user's language; '—' for none. */
export function formatDate(value: string | null | undefined, withTime = false): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(
    i18n.language || 'en',
    withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
  ).format(date);
}

/** An amount in US dollars in the user's language (up to 4 decimals: a call can cost fractions of a cent); '—' for none. */
export function formatUsd(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return new Intl.NumberFormat(i18n.language || 'en', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(value);
}

/** An amount paid, sent by the API in integer cents, in US dollars in the user's language; '—' for none. */
export function formatCents(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '—';
  return new Intl.NumberFormat(i18n.language || 'en', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return new Intl.NumberFormat(i18n.language || 'en').format(value);
}
