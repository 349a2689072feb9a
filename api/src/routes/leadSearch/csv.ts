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
