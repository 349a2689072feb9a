import type { Queryable } from '../../db';

export interface ExportRow {
  id: number;
  status: 'queued' | 'running' | 'ready' | 'failed';
  size_bytes: number | null;
  created_at: string | Date;
  expires_at: string | Date | null;
}

const EXPORT_COLUMNS = 'id, status, size_bytes, created_at, expires_at';

export async function privacySettingsOf(
  db: Queryable,
  userId: number,
): Promise<{ retention_months: number | null; deletion_due_at: Date | null }> {
  return (
    await db.query<{ retention_months: number | null; deletion_due_at: Date | null }>(
      'SELECT retention_months, deletion_due_at FROM users WHERE id = $1',
      [userId],
    )
  ).rows[0]!;
}

/** The user's five latest exports, newest first. */
export async function latestExports(db: Queryable, userId: number): Promise<ExportRow[]> {
  return (
    await db.query<ExportRow>(
      `SELECT ${EXPORT_COLUMNS} FROM account_exports WHERE user_id = $1 ORDER BY id DESC LIMIT 5`,
      [userId],
    )
  ).rows;
}

export async function setRetentionMonths(tx: Queryable, userId: number, months: number | null): Promise<void> {
  await tx.query('UPDATE users SET retention_months = $2 WHERE id = $1', [userId, months]);
}

/** An export of the user's queued or being built. */
export async function hasExportUnderWay(tx: Queryable, userId: number): Promise<boolean> {
  const running = await tx.query(
    "SELECT 1 FROM account_exports WHERE user_id = $1 AND status IN ('queued', 'running')",
    [userId],
  );
  return running.rowCount > 0;
}

export async function insertExport(tx: Queryable, userId: number, at: Date): Promise<ExportRow> {
  const { rows } = await tx.query<ExportRow>(
    `INSERT INTO account_exports (user_id, created_at) VALUES ($1, $2) RETURNING ${EXPORT_COLUMNS}`,
    [userId, at],
  );
  return rows[0]!;
}

export async function readyExport(
  db: Queryable,
  id: number,
  userId: number,
): Promise<{ archive: Uint8Array | null; expires_at: Date | null } | undefined> {
  return (
    await db.query<{ archive: Uint8Array | null; expires_at: Date | null }>(
      "SELECT archive, expires_at FROM account_exports WHERE id = $1 AND user_id = $2 AND status = 'ready'",
      [id, userId],
    )
  ).rows[0];
}

/** Records an export that failed for good (its last attempt), with the reason cut to 300 characters. */
export async function failExport(db: Queryable, exportId: number, reason: string): Promise<void> {
  await db.query("UPDATE account_exports SET status = 'failed', error = $2 WHERE id = $1", [
    exportId,
    reason.slice(0, 300),
  ]);
}

export async function scheduleDeletion(tx: Queryable, userId: number, at: Date, due: Date): Promise<void> {
  await tx.query('UPDATE users SET deletion_requested_at = $2, deletion_due_at = $3 WHERE id = $1', [userId, at, due]);
}

export async function clearDeletion(tx: Queryable, userId: number): Promise<void> {
  await tx.query('UPDATE users SET deletion_requested_at = NULL, deletion_due_at = NULL WHERE id = $1', [userId]);
}
