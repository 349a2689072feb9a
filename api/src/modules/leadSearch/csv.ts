/** A list's CSV file: its cells, lines and columns (the rows are read by csv.repository.ts). */

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
