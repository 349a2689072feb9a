/**
 * What a credit debit was spent on, from its ledger reason: `search:people:job:12` → people,
 * `get-phones:list:3` → get-phones, `workflow:4:get-phones` → workflow, anything else → other.
 * Written twice on purpose, once for a row (usageType) and once as SQL (usageTypeSql) so a chart
 * can group the whole platform's ledger in the database; usageType.test.ts holds them equal.
 */
export function usageType(reason: string): string {
  const parts = reason.split(':');
  const head = (parts[0] ?? '').trim().toLowerCase();
  const second = (parts[1] ?? '').trim().toLowerCase();
  if (head === 'search' && second) return second;
  return parts.length > 1 && /^[a-z_-]+$/i.test(parts[0] ?? '') ? parts[0]!.toLowerCase() : 'other';
}

/** The same rule as `usageType` over a SQL text column. */
export function usageTypeSql(column: string): string {
  return `CASE WHEN lower(btrim(split_part(${column}, ':', 1))) = 'search' AND btrim(split_part(${column}, ':', 2)) <> ''
                THEN lower(btrim(split_part(${column}, ':', 2)))
              WHEN ${column} ~ '^[A-Za-z_-]+:' THEN lower(split_part(${column}, ':', 1))
              ELSE 'other' END`;
}
