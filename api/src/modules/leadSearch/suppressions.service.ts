import { parse } from 'csv-parse/sync';
import type { Db } from '../../db';
import { ApiError, unprocessable, validationError } from '../../http/errors';
import { accountIdOf } from '../settings/account.repository';
import { addSuppressions, type Suppression } from './suppressions.repository';

/** Largest CSV upload of do-not-contact entries (bytes of the text). */
export const SUPPRESSION_CSV_MAX_BYTES = 5 * 1024 * 1024;
/** Most entries one upload adds. */
export const SUPPRESSION_CSV_MAX_ROWS = 100_000;
/** Invalid lines an upload answer lists (the count covers them all). */
export const INVALID_LISTED = 50;

/** Header names that say which column holds the entries. */
const VALUE_HEADERS = [
  'email',
  'e-mail',
  'email address',
  'domain',
  'website',
  'value',
  'correo',
  'courriel',
  'adresse e-mail',
  'e-mail-adresse',
  'dominio',
  'domaine',
];

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN_RE = /^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}[a-z0-9]$/;

/**
 * An entry from what a user typed: an email, or a domain (a URL or "@domain" gives its host). Null when it is
 * neither. Lower-cased, so matching ignores case.
 */
export function parseSuppressionValue(raw: string): { kind: 'email' | 'domain'; value: string } | null {
  let text = raw.trim().toLowerCase();
  if (!text) return null;
  if (text.startsWith('mailto:')) text = text.slice(7);
  if (!text.startsWith('@') && text.includes('@'))
    return EMAIL_RE.test(text) && text.length <= 254 ? { kind: 'email', value: text } : null;
  const host = text
    .replace(/^@/, '')
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^www\./, '')
    .split(/[/:?#]/)[0]!;
  return DOMAIN_RE.test(host) ? { kind: 'domain', value: host } : null;
}

/** Adds one email or domain, as typed, to the user's account's list (manual); 422 when it reads as neither or is listed. */
export async function addSuppression(
  db: Db,
  userId: number,
  value: string,
  reason: string | undefined,
): Promise<Suppression> {
  const entry = parseSuppressionValue(value);
  if (!entry) throw validationError({ field: 'value', code: 'lists.suppression_value' });
  const accountId = await accountIdOf(db, userId);
  const [added] = await addSuppressions(db, accountId, [{ ...entry, reason: reason?.trim() || null }], {
    source: 'manual',
    createdBy: userId,
  });
  if (!added) throw unprocessable('lists.suppression_exists', 'value');
  return added;
}

/**
 * Adds the emails and domains of a CSV file to the user's account's list: a header row names the column, else each
 * line's first cell that reads as an email or domain. Answers how many were added, how many distinct entries the
 * file held (`listed`), and the lines that hold neither (the first INVALID_LISTED of them, and their count).
 */
export async function importSuppressionCsv(
  db: Db,
  userId: number,
  csv: string,
  reasonText: string | undefined,
): Promise<{ added: number; listed: number; invalidCount: number; invalid: { line: number; value: string }[] }> {
  let records: string[][];
  try {
    records = parse(csv, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      max_record_size: 64 * 1024,
    });
  } catch (error) {
    throw new ApiError(400, 'lists.csv_unreadable', {
      field: 'csv',
      params: { reason: (error as Error).message.slice(0, 200) },
    });
  }
  // A header row names the column; without one, each line's first cell that reads as an email or domain.
  const header = records[0]?.map((h) => h.toLowerCase()) ?? [];
  const named = header.findIndex((h) => VALUE_HEADERS.includes(h));
  const headed = named >= 0 || (header.length > 0 && header.every((h) => !parseSuppressionValue(h)));
  const body = headed ? records.slice(1) : records;
  if (body.length > SUPPRESSION_CSV_MAX_ROWS)
    throw validationError({
      field: 'csv',
      code: 'lists.csv_too_many_rows',
      params: { max: SUPPRESSION_CSV_MAX_ROWS },
    });
  const entries = new Map<string, { kind: 'email' | 'domain'; value: string }>();
  const invalid: { line: number; value: string }[] = [];
  let invalidCount = 0;
  body.forEach((cells, i) => {
    const candidates = named >= 0 ? [cells[named] ?? ''] : cells;
    const entry = candidates.map(parseSuppressionValue).find(Boolean);
    if (entry) entries.set(`${entry.kind}:${entry.value}`, entry);
    else {
      invalidCount += 1;
      if (invalid.length < INVALID_LISTED)
        invalid.push({ line: i + 1 + (headed ? 1 : 0), value: (candidates[0] ?? '').slice(0, 100) });
    }
  });
  const accountId = await accountIdOf(db, userId);
  const reason = reasonText?.trim() || null;
  const list = [...entries.values()].map((e) => ({ ...e, reason }));
  let added = 0;
  // Batches keep each statement's JSON small; an entry already listed is left as it was.
  for (let i = 0; i < list.length; i += 5000)
    added += (await addSuppressions(db, accountId, list.slice(i, i + 5000), { source: 'csv', createdBy: userId }))
      .length;
  return { added, listed: list.length, invalidCount, invalid };
}
