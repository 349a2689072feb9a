/**
 * Background CSV exports (issue 32, ADR 028), the `list-export` and `list-export-purge` workers' side: the steps that
 * write an export's file in chunks, its end, its failure and the purge of expired files; and what reads the file
 * back (its bytes in order, its signed download link). The SQL is in listExports.repository.ts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '../../db';
import { sendTemplatedMail, type MailDeps } from '../../mail/templatedMail';
import type { ObjectStorageConfig } from '../../storage/config';
import { s3ObjectStore, type ObjectStore } from '../../storage/objectStore';
import { csvBatch } from './csv.repository';
import { UTF8_BOM } from './csv';
import { exportWhere } from './suppressions.repository';
import {
  advanceExport,
  chunkAt,
  countMatching,
  deleteChunks,
  exportById,
  exportsWithLeftovers,
  insertChunk,
  markExpiredExports,
  markExportDone,
  markExportFailed,
  setExportTotal,
  type ExportRow,
} from './listExports.repository';

/** Rows per chunk of an export file (one keyset query, one chunk row or object). */
export const EXPORT_BATCH = 2000;
/** A step writes chunks for this long, then hands the rest to a fresh job (a crash loses at most one step's chunk). */
const STEP_BUDGET_MS = 10_000;
/** How long a download link works. */
export const DOWNLOAD_LINK_MS = 5 * 60_000;
/** How long a finished file can be downloaded; then the list-export-purge job removes it (the row stays, expired). */
export const EXPORT_RETENTION_DAYS = 7;
const DAY_MS = 86_400_000;
/** Exports purged per transaction-free pass of the purge (the rest go in the next pass of the same run). */
const PURGE_BATCH = 100;

/** When a done export's file is (or was) no longer downloadable; null when it does not expire or is not done. */
export function expiredAt(row: Pick<ExportRow, 'status' | 'expires_at'>, now: Date): Date | null {
  if (row.status !== 'done' && row.status !== 'expired') return null;
  if (row.expires_at === null) return null;
  const at = new Date(row.expires_at);
  return row.status === 'expired' || at.getTime() <= now.getTime() ? at : null;
}

export interface ExportDeps {
  objectStorage?: ObjectStorageConfig | null;
  mail?: MailDeps;
  now: () => Date;
}

/** The object key of an export's chunk when object storage is configured. */
const chunkKey = (exportId: number, seq: number) => `list-exports/${exportId}/${seq}`;

/**
 * One step of a background export (the `list-export` job): counts the matching rows on the first step,
 * then writes chunks of EXPORT_BATCH rows in keyset order for up to STEP_BUDGET_MS. Each chunk's text is
 * read with no transaction open, put in object storage when configured (a deterministic key, so a retry
 * overwrites the same object), then recorded with the export's cursor in one transaction guarded by the
 * chunk number: a step retried after a crash, or a second worker, never writes a chunk twice nor skips one.
 * The last step marks the export done and writes its `export_ready` email in that same transaction.
 * Returns true when there is more to write.
 */
export async function stepListExport(db: Db, exportId: number, deps: ExportDeps): Promise<boolean> {
  let row = await exportById(db, exportId);
  if (!row || row.status !== 'running') return false;
  // The do-not-contact list is honoured as in the direct download (left out unless include_suppressed).
  const where = exportWhere(row.campaign_id, row.filters);
  if (row.total === null) {
    await setExportTotal(db, exportId, await countMatching(db, where));
  }
  const store = deps.objectStorage ? s3ObjectStore(deps.objectStorage) : null;
  try {
    const started = Date.now();
    while (Date.now() - started < STEP_BUDGET_MS) {
      const batch = await csvBatch(db, where, Number(row.after_id), EXPORT_BATCH);
      if (batch.rows === 0) {
        await finishExport(db, exportId, deps);
        return false;
      }
      const seq: number = row.chunks;
      const bytes = Buffer.byteLength(batch.text);
      if (store) await store.put(chunkKey(exportId, seq), Buffer.from(batch.text), 'text/csv; charset=utf-8');
      const moved = await db.transaction(async (tx) => {
        if (!(await advanceExport(tx, exportId, seq, { lastId: batch.lastId, rows: batch.rows, bytes }))) return false;
        await insertChunk(tx, exportId, seq, {
          content: store ? null : batch.text,
          storageKey: store ? chunkKey(exportId, seq) : null,
          bytes,
        });
        return true;
      });
      // Another step wrote this chunk meanwhile: it carries on from there.
      if (!moved) return false;
      row = { ...row, after_id: batch.lastId, chunks: seq + 1 };
    }
    return true;
  } finally {
    store?.close();
  }
}

/** The export is complete: done, once, with its email (the brand's path, ADR 018) in the same transaction. */
async function finishExport(db: Db, exportId: number, deps: ExportDeps): Promise<void> {
  const now = deps.now();
  const expires = new Date(now.getTime() + EXPORT_RETENTION_DAYS * DAY_MS);
  await db.transaction(async (tx) => {
    const done = await markExportDone(tx, exportId, now, expires);
    if (!done || !deps.mail) return;
    await sendTemplatedMail(tx, deps.mail, {
      kind: 'export_ready',
      userId: done.user_id,
      actionPath: `/lead-search/saved-lists/${done.list_type}-${done.campaign_id}`,
      vars: { file: done.file_name, count: String(done.rows_written), expires: expires.toISOString().slice(0, 10) },
    });
  });
}

/** The queue gave up on an export (its last retry failed): the list shows it failed; its chunks are removed. */
export async function failListExport(
  db: Db,
  exportId: number,
  now: Date,
  objectStorage?: ObjectStorageConfig | null,
): Promise<void> {
  if (await markExportFailed(db, exportId, now)) await removeChunks(db, exportId, objectStorage);
}

/**
 * The scheduled purge (list-export-purge job): every done export past its expiry is marked expired (its row
 * stays, so the list and a stale link say when it expired) and its chunks and objects are removed. The mark is
 * committed first and the removal follows with no transaction open (an object delete is a network call); a
 * purge interrupted between the two finds the expired export's leftover chunks on its next run, as it does a
 * failed export's. Idempotent: a second run finds nothing to do. Returns how many exports it expired.
 */
export async function purgeExpiredExports(
  db: Db,
  now: Date,
  objectStorage?: ObjectStorageConfig | null,
): Promise<number> {
  let expired = 0;
  for (;;) {
    const marked = await markExpiredExports(db, now, PURGE_BATCH);
    expired += marked.length;
    const leftovers = await exportsWithLeftovers(db, PURGE_BATCH);
    for (const id of leftovers) await removeChunks(db, id, objectStorage);
    if (marked.length < PURGE_BATCH && leftovers.length < PURGE_BATCH) return expired;
  }
}

/** Removes an export's chunks (and their objects). */
export async function removeChunks(
  db: Queryable,
  exportId: number,
  objectStorage?: ObjectStorageConfig | null,
): Promise<void> {
  const keys = await deleteChunks(db, exportId);
  if (!keys.length || !objectStorage) return;
  const store = s3ObjectStore(objectStorage);
  try {
    // The rows are gone; an object left behind by a failed delete is only storage, never served.
    for (const key of keys) await store.delete(key).catch(() => undefined);
  } finally {
    store.close();
  }
}

/**
 * The file's bytes in order, one chunk in memory at a time (from the database, or from object storage
 * for chunks stored there): a file of any size streams in constant memory.
 */
export async function* exportFile(
  db: Db,
  exportId: number,
  chunks: number,
  store: ObjectStore | null,
): AsyncGenerator<Buffer | string> {
  yield UTF8_BOM;
  for (let seq = 0; seq < chunks; seq += 1) {
    const chunk = await chunkAt(db, exportId, seq);
    if (!chunk) throw new Error(`list export ${exportId}: chunk ${seq} missing`);
    if (chunk.content !== null) yield chunk.content;
    else {
      const body = await store?.get(chunk.storage_key!);
      if (!body) throw new Error(`list export ${exportId}: object ${chunk.storage_key} missing`);
      yield body;
    }
  }
}

const signature = (secret: string, exportId: number, userId: number, expires: number) =>
  createHmac('sha256', secret).update(`list-export:${exportId}:${userId}:${expires}`).digest('base64url');

/**
 * A download link for a plain `<a href>`: the browser streams the file to disk, no script holds it. The link
 * carries its own proof (an HMAC over the export, its owner and an expiry, keyed by the app secret) instead of
 * the bearer token an anchor cannot send, and works for DOWNLOAD_LINK_MS.
 */
export function downloadLink(
  secret: string,
  exportId: number,
  userId: number,
  now: Date,
): { url: string; expires_at: string } {
  const expires = now.getTime() + DOWNLOAD_LINK_MS;
  const query = new URLSearchParams({
    expires: String(expires),
    signature: signature(secret, exportId, userId, expires),
  });
  return { url: `/api/list-exports/${exportId}/file?${query.toString()}`, expires_at: new Date(expires).toISOString() };
}

/** True when the link's signature is the export owner's and it has not expired. */
export function linkValid(
  secret: string,
  exportId: number,
  userId: number,
  expires: number,
  given: string,
  now: Date,
): boolean {
  if (!Number.isSafeInteger(expires) || expires < now.getTime()) return false;
  const expected = Buffer.from(signature(secret, exportId, userId, expires));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
