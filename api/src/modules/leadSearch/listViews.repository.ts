/** The SQL of the saved views of a list's results table (listViews.routes.ts): every statement is the account's. */
import type { Queryable } from '../../db';
import type { ResultColumnKey } from '@leadsmith/shared/constants';
import type { SearchType } from '../../providers/leads';
import type { ResultFilters } from './resultQuery.repository';

/** A view keeps the list filters without paging (the routes' schema checks them before they are stored). */
export type ViewFilters = Omit<ResultFilters, 'limit' | 'page' | 'after' | 'before' | 'include_suppressed'>;

export interface ListViewColumn {
  key: ResultColumnKey;
  width?: number;
}

export interface ListViewRow {
  id: number;
  name: string;
  list_type: SearchType;
  columns: ListViewColumn[];
  filters: ViewFilters;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = 'id, name, list_type, columns, filters, created_at, updated_at';

/** The account's view `id` (undefined when it is not the account's). */
export async function findView(db: Queryable, accountId: number, id: number): Promise<ListViewRow | undefined> {
  return (
    await db.query<ListViewRow>(`SELECT ${COLUMNS} FROM list_views WHERE id = $1 AND account_id = $2`, [id, accountId])
  ).rows[0];
}

/** The account's views of one list type, by name. */
export async function viewsOf(db: Queryable, accountId: number, listType: SearchType): Promise<ListViewRow[]> {
  const { rows } = await db.query<ListViewRow>(
    `SELECT ${COLUMNS} FROM list_views WHERE account_id = $1 AND list_type = $2 ORDER BY lower(name), id`,
    [accountId, listType],
  );
  return rows;
}

/** Saves a view (a name the account already uses is a unique violation). */
export async function insertView(
  db: Queryable,
  accountId: number,
  view: { list_type: SearchType; name: string; columns: ListViewColumn[]; filters: ViewFilters; createdBy: number },
): Promise<ListViewRow> {
  const { rows } = await db.query<ListViewRow>(
    `INSERT INTO list_views (account_id, list_type, name, columns, filters, created_by) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6) RETURNING ${COLUMNS}`,
    [accountId, view.list_type, view.name, JSON.stringify(view.columns), JSON.stringify(view.filters), view.createdBy],
  );
  return rows[0]!;
}

/** Changes what is given of the account's view (null keeps it); a name the account already uses is a unique violation. */
export async function updateView(
  db: Queryable,
  accountId: number,
  id: number,
  change: { name: string | null; columns?: ListViewColumn[]; filters?: ViewFilters },
): Promise<ListViewRow | undefined> {
  const { rows } = await db.query<ListViewRow>(
    `UPDATE list_views SET name = COALESCE($3, name), columns = COALESCE($4::jsonb, columns), filters = COALESCE($5::jsonb, filters), updated_at = now()
      WHERE id = $1 AND account_id = $2 RETURNING ${COLUMNS}`,
    [
      id,
      accountId,
      change.name,
      change.columns ? JSON.stringify(change.columns) : null,
      change.filters ? JSON.stringify(change.filters) : null,
    ],
  );
  return rows[0];
}

/** Deletes the account's view; false when it is not the account's. */
export async function deleteView(db: Queryable, accountId: number, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM list_views WHERE id = $1 AND account_id = $2', [id, accountId])).rowCount > 0;
}
