import type { Queryable, SqlParam } from '../../db';
import { csvLine, CSV_COLUMNS } from './csv';
import { labelsOf } from './resultLabels.repository';

/**
 * The CSV lines of the next `limit` rows matching `where` (resultQuery.repository.ts) after result id `after`, in id
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
