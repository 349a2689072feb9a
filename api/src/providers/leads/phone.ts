import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * A phone number as sources give it ("+33 1 42 68 53 00", "(415) 555-0100", "030 1234567") in
 * international E.164 form, read with the place's country; null when it is not a valid number.
 * Several numbers in one tag ("a; b") give the first valid one.
 */
export function normalisePhone(raw: string | null | undefined, country?: string | null): string | null {
  if (!raw) return null;
  const region = country && /^[a-z]{2}$/i.test(country) ? (country.toUpperCase() as CountryCode) : undefined;
  for (const part of raw.split(/[;,/]/)) {
    const parsed = parsePhoneNumberFromString(part.trim(), region);
    if (parsed?.isValid()) return parsed.number;
  }
  return null;
}
