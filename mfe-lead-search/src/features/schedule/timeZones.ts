/**
 * Time zones for the schedule forms (autopilots, workflow triggers). A schedule's runs are counted in
 * its zone on the server (api/src/schedule), so "daily" keeps its local time across DST changes.
 */

/** The browser's IANA zone: what a new schedule starts with. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every zone the browser knows, UTC first. */
function knownZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

/** "GMT+01:00" for the zone now, written by the browser in the page's language. */
function offsetOf(zone: string, language: string, at: Date): string {
  try {
    const parts = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

const cache = new Map<string, { value: string; label: string }[]>();

/**
 * The zones as select options ("Europe/Paris (GMT+01:00)"). `keep` (the schedule's saved zone, or the
 * browser's) is listed even when the browser does not know it.
 */
export function timeZoneOptions(language: string, keep?: string): { value: string; label: string }[] {
  let options = cache.get(language);
  if (!options) {
    const now = new Date();
    options = knownZones().map((zone) => {
      const offset = offsetOf(zone, language, now);
      return { value: zone, label: offset ? `${zone.replace(/_/g, ' ')} (${offset})` : zone.replace(/_/g, ' ') };
    });
    cache.set(language, options);
  }
  return keep && !options.some((o) => o.value === keep)
    ? [{ value: keep, label: keep.replace(/_/g, ' ') }, ...options]
    : options;
}
