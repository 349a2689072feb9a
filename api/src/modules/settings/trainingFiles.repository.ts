import type { Queryable } from '../../db';
import type { PageWindow } from '../../http/contract';

export interface FileRow {
  id: number;
  name: string;
  mime_type: string;
  size_bytes: number;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, name, mime_type, size_bytes, created_at, updated_at';

export async function listTrainingFiles(
  db: Queryable,
  accountId: number,
  { limit, offset }: PageWindow,
): Promise<FileRow[]> {
  const { rows } = await db.query<FileRow>(
    `SELECT ${COLUMNS} FROM settings_training_files WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [accountId, limit, offset],
  );
  return rows;
}

export async function countTrainingFiles(db: Queryable, accountId: number): Promise<number> {
  const count = await db.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM settings_training_files WHERE user_id = $1',
    [accountId],
  );
  return count.rows[0]?.total ?? 0;
}

interface NewFile {
  name: string;
  mimeType: string;
  sizeBytes: number;
}

/** A file whose content is kept in its row (`contentBase64` decoded by the database). */
export async function insertFileWithContent(
  db: Queryable,
  accountId: number,
  file: NewFile & { contentBase64: string },
  now: Date,
): Promise<FileRow> {
  const { rows } = await db.query<FileRow>(
    `INSERT INTO settings_training_files (user_id, name, mime_type, size_bytes, content, created_at, updated_at)
           VALUES ($1, $2, $3, $4, decode($5, 'base64'), $6, $6) RETURNING ${COLUMNS}`,
    [accountId, file.name, file.mimeType, file.sizeBytes, file.contentBase64, now],
  );
  return rows[0]!;
}

/** A file whose content is an object in object storage under `storageKey`. */
export async function insertStoredFile(
  db: Queryable,
  accountId: number,
  file: NewFile & { storageKey: string },
  now: Date,
): Promise<FileRow> {
  const { rows } = await db.query<FileRow>(
    `INSERT INTO settings_training_files (user_id, name, mime_type, size_bytes, storage_key, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING ${COLUMNS}`,
    [accountId, file.name, file.mimeType, file.sizeBytes, file.storageKey, now],
  );
  return rows[0]!;
}

/** Undefined when the account has no file of that id. */
export async function renameTrainingFile(
  db: Queryable,
  id: number,
  accountId: number,
  name: string,
  now: Date,
): Promise<FileRow | undefined> {
  const { rows } = await db.query<FileRow>(
    `UPDATE settings_training_files SET name = $3, updated_at = $4 WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [id, accountId, name, now],
  );
  return rows[0];
}

/** Deletes the account's file: undefined when it had none of that id, else its object's key (null: none). */
export async function deleteTrainingFile(
  db: Queryable,
  id: number,
  accountId: number,
): Promise<{ storageKey: string | null } | undefined> {
  const { rows, rowCount } = await db.query<{ storage_key: string | null }>(
    'DELETE FROM settings_training_files WHERE id = $1 AND user_id = $2 RETURNING storage_key',
    [id, accountId],
  );
  if (rowCount === 0) return undefined;
  return { storageKey: rows[0]?.storage_key ?? null };
}
