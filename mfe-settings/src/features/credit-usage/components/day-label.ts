/** The API's days are calendar dates ('YYYY-MM-DD'): drawn as that day whatever the browser's time zone. */
const day = (date: string) => new Date(`${date}T00:00:00Z`);

/** '2026-03-10' → 'Mar 10' / '10 mars' / '10. März' in the user's language (chart axis). */
export function dayLabel(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(day(date));
}

/** '2026-03-10' → 'Mar 10, 2026' / '10 mars 2026' in the user's language (tooltip, chart description). */
export function longDayLabel(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(day(date));
}
