/**
 * The SQL of background CSV exports of a list (issue 32, ADR 028): the export's row, cursor and figures, its chunks.
 * The request's rules are in listExports.service.ts, the job's steps in listExportJob.service.ts.
 */
import type { Queryable, SqlParam } from '../../db';
import type { PageWindow } from '../../http/contract';
import { type ResultFilters } from './resultQuery.repository';

export interface ExportRow {
  id: number;
  user_id: number;
  campaign_id: number;
  filters: ResultFilters;
  file_name: string;
  status: 'running' | 'done' | 'failed' | 'expired';
  total: number | null;
  rows_written: number;
  bytes: number | string;
  after_id: number | string;
  chunks: number;
  error: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
  /** Until when a done file can be downloaded (null: an export finished before exports expired). */
  expires_at: Date | string | null;
}

const EXPORT_COLUMNS =
  'id, user_id, campaign_id, filters, file_name, status, total, rows_written, bytes, after_id, chunks, error, created_at, finished_at, expires_at';

/** The user's export `id` (undefined for another account's). */
export async function findExport(db: Queryable, userId: number, id: number): Promise<ExportRow | undefined> {
  return (
    await db.query<ExportRow>(`SELECT ${EXPORT_COLUMNS} FROM list_exports WHERE id = $1 AND user_id = $2`, [id, userId])
  ).rows[0];
}

/** The export `id`, whoever owns it (the signed link's read, the job's read). */
export async function exportById(db: Queryable, id: number): Promise<ExportRow | undefined> {
  return (await db.query<ExportRow>(`SELECT ${EXPORT_COLUMNS} FROM list_exports WHERE id = $1`, [id])).rows[0];
}

/** A page of the user's exports, newest first, of one list when `campaignId` is given; and how many. */
export async function exportPage(
  db: Queryable,
  userId: number,
  campaignId: number | null,
  { limit, offset }: PageWindow,
): Promise<{ rows: ExportRow[]; total: number }> {
  const filter = 'user_id = $1 AND ($2::int IS NULL OR campaign_id = $2)';
  const total = (
    await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM list_exports WHERE ${filter}`, [userId, campaignId])
  ).rows[0]!.n;
  const rows = (
    await db.query<ExportRow>(
      `SELECT ${EXPORT_COLUMNS} FROM list_exports WHERE ${filter} ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}`,
      [userId, campaignId],
    )
  ).rows;
  return { rows, total };
}

/** Records a new export with its first chunk (`header`, chunk 0); its id. */
export async function insertExport(
  tx: Queryable,
  input: {
    userId: number;
    campaignId: number;
    filters: Partial<ResultFilters>;
    fileName: string;
    bytes: number;
    createdAt: Date;
  },
  header: string,
): Promise<number> {
  const created = (
    await tx.query<{ id: number }>(
      `INSERT INTO list_exports (user_id, campaign_id, filters, file_name, bytes, chunks, created_at) VALUES ($1, $2, $3::jsonb, $4, $5, 1, $6) RETURNING id`,
      [
        input.userId,
        input.campaignId,
        JSON.stringify(input.filters),
        input.fileName,
        input.bytes,
        input.createdAt.toISOString(),
      ],
    )
  ).rows[0]!.id;
  await tx.query('INSERT INTO list_export_chunks (export_id, seq, content, bytes) VALUES ($1, 0, $2, $3)', [
    created,
    header,
    Buffer.byteLength(header),
  ]);
  return created;
}

/** Deletes the user's export row (its chunks go with it). */
export async function deleteExport(db: Queryable, userId: number, id: number): Promise<void> {
  await db.query('DELETE FROM list_exports WHERE id = $1 AND user_id = $2', [id, userId]);
}

/** How many results match the export's condition (`where` on campaign_results r). */
export async function countMatching(
  db: Queryable,
  where: { sql: string; params: readonly SqlParam[] },
): Promise<number> {
  return (
    await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM campaign_results r WHERE ${where.sql}`, where.params)
  ).rows[0]!.n;
}

/** Sets the export's total once (a second count leaves the first). */
export async function setExportTotal(db: Queryable, exportId: number, total: number): Promise<void> {
  await db.query('UPDATE list_exports SET total = $2 WHERE id = $1 AND total IS NULL', [exportId, total]);
}

/**
 * Moves the running export's cursor past chunk `seq` and adds its figures, guarded by the chunk number; false when
 * another step wrote that chunk (or the export stopped running).
 */
export async function advanceExport(
  tx: Queryable,
  exportId: number,
  seq: number,
  chunk: { lastId: number | string; rows: number; bytes: number },
): Promise<boolean> {
  const updated = await tx.query(
    `UPDATE list_exports SET after_id = $3, chunks = chunks + 1, rows_written = rows_written + $4, bytes = bytes + $5
      WHERE id = $1 AND chunks = $2 AND status = 'running'`,
    [exportId, seq, chunk.lastId, chunk.rows, chunk.bytes],
  );
  return updated.rowCount > 0;
}

/** Stores chunk `seq`: its text, or the object key it was put under. */
export async function insertChunk(
  tx: Queryable,
  exportId: number,
  seq: number,
  chunk: { content: string | null; storageKey: string | null; bytes: number },
): Promise<void> {
  await tx.query(
    'INSERT INTO list_export_chunks (export_id, seq, content, storage_key, bytes) VALUES ($1, $2, $3, $4, $5)',
    [exportId, seq, chunk.content, chunk.storageKey, chunk.bytes],
  );
}

/** Marks the running export done (once); what its email says, or undefined when it was not running. */
export async function markExportDone(
  tx: Queryable,
  exportId: number,
  now: Date,
  expires: Date,
): Promise<
  { user_id: number; file_name: string; rows_written: number; campaign_id: number; list_type: string } | undefined
> {
  return (
    await tx.query<{
      user_id: number;
      file_name: string;
      rows_written: number;
      campaign_id: number;
      list_type: string;
    }>(
      `UPDATE list_exports e SET status = 'done', finished_at = $2, expires_at = $3 FROM campaigns c
        WHERE e.id = $1 AND e.status = 'running' AND c.id = e.campaign_id
        RETURNING e.user_id, e.file_name, e.rows_written, e.campaign_id, c.list_type`,
      [exportId, now.toISOString(), expires.toISOString()],
    )
  ).rows[0];
}

/** Marks the running export failed; false when it was not running. */
export async function markExportFailed(db: Queryable, exportId: number, now: Date): Promise<boolean> {
  const failed = await db.query(
    `UPDATE list_exports SET status = 'failed', error = 'failed', finished_at = $2 WHERE id = $1 AND status = 'running'`,
    [exportId, now.toISOString()],
  );
  return failed.rowCount > 0;
}

/** Marks up to `limit` done exports past their expiry expired; their ids. */
export async function markExpiredExports(db: Queryable, now: Date, limit: number): Promise<number[]> {
  const marked = await db.query<{ id: number }>(
    `UPDATE list_exports SET status = 'expired' WHERE id IN (
       SELECT id FROM list_exports WHERE status = 'done' AND expires_at <= $1 ORDER BY expires_at LIMIT ${limit}
     ) AND status = 'done' RETURNING id`,
    [now.toISOString()],
  );
  return marked.rows.map((r) => r.id);
}

/** Up to `limit` expired or failed exports that still have chunks. */
export async function exportsWithLeftovers(db: Queryable, limit: number): Promise<number[]> {
  const leftovers = await db.query<{ id: number }>(
    `SELECT e.id FROM list_exports e WHERE e.status IN ('expired', 'failed')
        AND EXISTS (SELECT 1 FROM list_export_chunks c WHERE c.export_id = e.id) ORDER BY e.id LIMIT ${limit}`,
  );
  return leftovers.rows.map((r) => r.id);
}

/** Deletes an export's chunk rows; the object keys of those stored in object storage. */
export async function deleteChunks(db: Queryable, exportId: number): Promise<string[]> {
  return (
    await db.query<{ storage_key: string | null }>(
      'DELETE FROM list_export_chunks WHERE export_id = $1 RETURNING storage_key',
      [exportId],
    )
  ).rows
    .map((r) => r.storage_key)
    .filter((k): k is string => k !== null);
}

/** Chunk `seq` of an export: its text, or the object key it is stored under. */
export async function chunkAt(
  db: Queryable,
  exportId: number,
  seq: number,
): Promise<{ content: string | null; storage_key: string | null } | undefined> {
  return (
    await db.query<{ content: string | null; storage_key: string | null }>(
      'SELECT content, storage_key FROM list_export_chunks WHERE export_id = $1 AND seq = $2',
      [exportId, seq],
    )
  ).rows[0];
}
