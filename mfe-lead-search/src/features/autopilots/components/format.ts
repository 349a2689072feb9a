import { useTranslation } from 'react-i18next';

/** Date and time in the user's language. */
export function useFormatDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}

/** An instant as the wall-clock time of a schedule's zone, followed by the zone ("Mar 31, 2027, 10:00 AM (Europe/Paris)"). */
export function useFormatDateIn(): (iso: string, timeZone: string) => string {
  const { i18n } = useTranslation();
  return (iso: string, timeZone: string) => {
    try {
      return (
        new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
          new Date(iso),
        ) + ` (${timeZone.replace(/_/g, ' ')})`
      );
    } catch {
      return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
    }
  };
}
