import type { Queryable, SqlParam } from '../../db';
import { labelsOf } from '../../modules/leadSearch/resultLabels.repository';

/**
 * CSV cells for spreadsheets: a cell starting with = + - @ tab or CR is prefixed with a quote so a
 * spreadsheet shows it as text instead of running it as a formula (CSV injection); then RFC 4180 quoting.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A UTF-8 byte order mark, so spreadsheet programs read the file's accents as UTF-8. */
export const UTF8_BOM = '\uFEFF';

/** The columns of a list's CSV file, in order. */
export const CSV_COLUMNS = [
  'name',
  'company',
  'job_title',
  'email',
  'email_status',
  'phone',
  'website',
  'city',
  'labels',
  'created_at',
] as const;

/** The first line of a list's CSV file, after the byte order mark. */
export const csvHeader = (): string => UTF8_BOM + csvLine(CSV_COLUMNS);

/**
 * The CSV lines of the next `limit` rows matching `where` (resultQuery.ts) after result id `after`, in id
 * order (keyset: the same cost on the first and the millionth row). `lastId` is the cursor for the next batch.
 */
export async function csvBatch(
  q: Queryable,
  where: { sql: string; params: readonly SqlParam[] },
  after: number,
  limit: number,
): Promise<{ text: string; rows: number; lastId: number }> {
  const afterParam = `$${where.params.length + 1}`;
  const sql = `SELECT r.id, ${CSV_COLUMNS.filter((c) => c !== 'labels' && c !== 'created_at')
    .map((c) => `r.${c}`)
    .join(', ')},
                      array_to_string(${labelsOf('r')}, '; ') AS labels,
                      to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
                 FROM campaign_results r WHERE ${where.sql} AND r.id > ${afterParam} ORDER BY r.campaign_id, r.id LIMIT ${limit}`;
  const batch = (
    await q.query<Record<(typeof CSV_COLUMNS)[number], unknown> & { id: number | string }>(sql, [
      ...where.params,
      after,
    ])
  ).rows;
  return {
    text: batch.map((row) => csvLine(CSV_COLUMNS.map((c) => row[c]))).join(''),
    rows: batch.length,
    lastId: batch.length ? Number(batch[batch.length - 1]!.id) : after,
  };
}
