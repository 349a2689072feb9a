/**
 * Background CSV exports of a list (issue 32, ADR 028), the request's side: an export is recorded with its first
 * chunk and its job queued in one transaction; an export is the owner's or 404; its deletion removes its chunks
 * (and their objects) before its row. The job's steps are in listExportJob.service.ts, the SQL in
 * listExports.repository.ts.
 */
import type { Db, Queryable } from '../../db';
import type { JobQueue } from '../../queue/jobQueue';
import type { ObjectStorageConfig } from '../../storage/config';
import { enqueueListExport } from '../../workers/listExport';
import { csvHeader, csvLine, CSV_COLUMNS } from './csv';
import { type ResultFilters } from './resultQuery.repository';
import { loadCampaign, notFound } from './campaigns.service';
import { removeChunks } from './listExportJob.service';
import { deleteExport, findExport, insertExport, type ExportRow } from './listExports.repository';

/** The user's export, or 404. */
export async function loadExport(db: Queryable, userId: number, id: number): Promise<ExportRow> {
  const row = await findExport(db, userId, id);
  if (!row) throw notFound();
  return row;
}

/**
 * Starts an export of the user's list `campaignId` (404 when not theirs) with the list filters (paging does not
 * apply to a file: every matching row goes in it); the export's id.
 */
export async function startExport(
  db: Db,
  queue: JobQueue,
  userId: number,
  campaignId: number,
  listFilters: ResultFilters | undefined,
  now: Date,
): Promise<number> {
  const campaign = await loadCampaign(db, userId, campaignId);
  const { page: _page, limit: _limit, after: _after, before: _before, ...filters } = listFilters ?? {};
  const fileName = `${campaign.name.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || 'list'}-${campaign.id}.csv`;
  // The byte order mark is not stored: PGlite's text decoding drops a leading one. exportFile sends it first.
  const header = csvLine(CSV_COLUMNS);
  return db.transaction(async (tx) => {
    // Chunk 0: the column names, so even a list with no row gives a file that says what it holds.
    const created = await insertExport(
      tx,
      {
        userId,
        campaignId: campaign.id,
        filters,
        fileName,
        bytes: Buffer.byteLength(csvHeader()),
        createdAt: now,
      },
      header,
    );
    await enqueueListExport(queue, created, tx);
    return created;
  });
}

/** Deletes the user's export (404 when not theirs): its chunks and their objects first, then its row. */
export async function removeExport(
  db: Db,
  userId: number,
  id: number,
  objectStorage: ObjectStorageConfig | null | undefined,
): Promise<void> {
  const row = await loadExport(db, userId, id);
  // The chunks (and their objects) first: the row's delete would take the chunk rows and leave the objects.
  await removeChunks(db, row.id, objectStorage);
  await deleteExport(db, userId, row.id);
}
