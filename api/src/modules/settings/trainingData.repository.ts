import type { Queryable } from '../../db';
import type { PageWindow } from '../../http/contract';

/** A training-data table and its text fields, in their column order. */
export interface TrainingTable {
  table: 'settings_training_texts' | 'settings_training_qa';
  names: readonly string[];
}

/** One row of a training-data table: its id, its timestamps and its text fields (NOT NULL) by name. */
export interface TrainingRow {
  id: number;
  created_at: Date;
  updated_at: Date;
  [field: string]: string | number | Date;
}

const columnsOf = ({ names }: TrainingTable) => `id, ${names.join(', ')}, created_at, updated_at`;

export async function listTrainingRows(
  db: Queryable,
  spec: TrainingTable,
  accountId: number,
  { limit, offset }: PageWindow,
): Promise<TrainingRow[]> {
  const { rows } = await db.query<TrainingRow>(
    `SELECT ${columnsOf(spec)} FROM ${spec.table} WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [accountId, limit, offset],
  );
  return rows;
}

export async function countTrainingRows(db: Queryable, spec: TrainingTable, accountId: number): Promise<number> {
  const count = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${spec.table} WHERE user_id = $1`,
    [accountId],
  );
  return count.rows[0]?.total ?? 0;
}

/** `values` in the order of `spec.names`. */
export async function insertTrainingRow(
  db: Queryable,
  spec: TrainingTable,
  accountId: number,
  values: readonly string[],
  now: Date,
): Promise<TrainingRow> {
  const { names } = spec;
  const placeholders = names.map((_, i) => `$${i + 2}`).join(', ');
  const { rows } = await db.query<TrainingRow>(
    `INSERT INTO ${spec.table} (user_id, ${names.join(', ')}, created_at, updated_at) VALUES ($1, ${placeholders}, $${names.length + 2}, $${names.length + 2}) RETURNING ${columnsOf(spec)}`,
    [accountId, ...values, now],
  );
  return rows[0]!;
}

/** Undefined when the account has no row of that id. */
export async function updateTrainingRow(
  db: Queryable,
  spec: TrainingTable,
  id: number,
  accountId: number,
  values: readonly string[],
  now: Date,
): Promise<TrainingRow | undefined> {
  const { names } = spec;
  const sets = names.map((n, i) => `${n} = $${i + 3}`).join(', ');
  const { rows } = await db.query<TrainingRow>(
    `UPDATE ${spec.table} SET ${sets}, updated_at = $${names.length + 3} WHERE id = $1 AND user_id = $2 RETURNING ${columnsOf(spec)}`,
    [id, accountId, ...values, now],
  );
  return rows[0];
}

/** Whether the account had that row (it is gone now). */
export async function deleteTrainingRow(
  db: Queryable,
  spec: TrainingTable,
  id: number,
  accountId: number,
): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM ${spec.table} WHERE id = $1 AND user_id = $2`, [id, accountId]);
  return rowCount > 0;
}
