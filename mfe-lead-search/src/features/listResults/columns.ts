import { COLUMN_WIDTH, RESULT_COLUMN_KEYS, type ResultColumnKey } from '@leadsmith/shared';

export type { ResultColumnKey };

/** A shown column, in table order, with the width the user gave it (none: as wide as its content). */
export interface ColumnSetting {
  key: ResultColumnKey;
  width?: number;
}

/** Every column in its default order; `ai` only where the list type has the AI action. */
export const defaultColumns = (withAi: boolean): ColumnSetting[] =>
  RESULT_COLUMN_KEYS.filter((k) => withAi || k !== 'ai').map((key) => ({ key }));

const isKey = (value: string): value is ResultColumnKey => (RESULT_COLUMN_KEYS as readonly string[]).includes(value);

/**
 * The `cols` URL parameter: shown columns in order, each `key` or `key.width` (e.g. `email.320,company`). Unknown
 * keys, repeats and widths out of bounds are dropped; an absent parameter is the default set.
 */
export function readColumns(raw: string | null, withAi: boolean): ColumnSetting[] {
  if (raw === null) return defaultColumns(withAi);
  const seen = new Set<string>();
  const out: ColumnSetting[] = [];
  for (const part of raw.split(',')) {
    const [key = '', widthText] = part.split('.');
    if (!isKey(key) || seen.has(key) || (key === 'ai' && !withAi)) continue;
    seen.add(key);
    const width = Number(widthText);
    out.push(
      widthText !== undefined && Number.isInteger(width) && width >= COLUMN_WIDTH.min && width <= COLUMN_WIDTH.max
        ? { key, width }
        : { key },
    );
  }
  return out;
}

/** The `cols` value for `columns`, or null when they are the default set (kept out of the URL). */
export function writeColumns(columns: readonly ColumnSetting[], withAi: boolean): string | null {
  const text = columns.map((c) => (c.width ? `${c.key}.${c.width}` : c.key)).join(',');
  const fallback = defaultColumns(withAi)
    .map((c) => c.key)
    .join(',');
  return text === fallback ? null : text;
}
