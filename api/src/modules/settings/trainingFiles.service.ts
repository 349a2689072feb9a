import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Db } from '../../db';
import { unprocessable } from '../../http/errors';
import type { ObjectStore } from '../../storage/objectStore';
import { notFound } from './account.service';
import { deleteTrainingFile, insertFileWithContent, insertStoredFile, type FileRow } from './trainingFiles.repository';

/**
 * Per-use limit of a training file (spec §5 'Maximum allowed file size is {n}mb'). The content is kept in the
 * database, or in object storage when configured (S3_BUCKET: api/src/storage).
 */
export const TRAINING_FILE_MAX_MB = 2;
export const MAX_BYTES = TRAINING_FILE_MAX_MB * 1024 * 1024;

interface FileDeps {
  db: Db;
  clock: Clock;
  /** Object storage when configured; without it the content is kept in the row. */
  store: ObjectStore | null;
}

/** Stores an uploaded file (refused over TRAINING_FILE_MAX_MB). */
export async function uploadTrainingFile(
  { db, clock, store }: FileDeps,
  accountId: number,
  upload: { name: string; mime_type: string; content_base64: string },
): Promise<FileRow> {
  const content = Buffer.from(upload.content_base64, 'base64');
  if (content.length > MAX_BYTES) throw unprocessable('settings.file_too_large', 'file', { n: TRAINING_FILE_MAX_MB });
  const file = { name: upload.name.trim(), mimeType: upload.mime_type, sizeBytes: content.length };
  if (!store)
    return insertFileWithContent(db, accountId, { ...file, contentBase64: upload.content_base64 }, clock.now());
  // Object storage: the object first (no transaction open during the upload), then its row; an object
  // whose row could not be written is removed again.
  const key = `training-files/${accountId}/${randomUUID()}`;
  await store.put(key, content, upload.mime_type);
  try {
    return await insertStoredFile(db, accountId, { ...file, storageKey: key }, clock.now());
  } catch (error) {
    await store.delete(key).catch(() => undefined);
    throw error;
  }
}

/** Deletes the account's file (404 when it has none of that id), then its object; `objectLeft` hears of an object not deleted. */
export async function removeTrainingFile(
  { db, store }: Pick<FileDeps, 'db' | 'store'>,
  accountId: number,
  id: number,
  objectLeft: (error: unknown, key: string) => void,
): Promise<void> {
  const deleted = await deleteTrainingFile(db, id, accountId);
  if (!deleted) throw notFound();
  const key = deleted.storageKey;
  if (key && store) {
    // The row is gone; an object left behind by a failed delete is only storage, never shown.
    await store.delete(key).catch((error: unknown) => objectLeft(error, key));
  }
}
