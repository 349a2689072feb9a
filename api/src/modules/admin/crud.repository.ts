/** The SQL of a simple admin resource (topics, partners, prompts, courses and their pages), from its definition. */
import type { Queryable } from '../../db';
import { Params } from './common';
import { containing } from '../../db/like';

/** What the SQL needs of a resource's definition (crud.schemas.ts). */
export interface CrudTable {
  table: string;
  /** The editable columns (their names). */
  fields: object;
  labelColumn: string;
  orderBy: string;
  /** Extra read-only columns: alias → SQL expression. */
  extraColumns?: object;
  filters?: readonly { name: string }[];
  parent?: { column: string; table: string };
}

/**
 * A row as the routes answer it: id, parent id, the fields, created_at and updated_at (Dates: the answer's
 * Timestamp writes them as ISO strings) and the extra columns. The routes give its exact type (`Row`) from the
 * resource's schema.
 */
export interface CrudRow {
  id: number;
  readonly [column: string]: unknown;
}
export type CrudValue = string | number | boolean | null;

const selectOf = (def: CrudTable): string => {
  const names = Object.keys(def.fields);
  const extraSql = Object.entries(def.extraColumns ?? {})
    .map(([alias, e]: [string, { sql: string }]) => `, ${e.sql} AS ${alias}`)
    .join('');
  return `SELECT id, ${def.parent ? `${def.parent.column}, ` : ''}${names.join(', ')}, created_at, updated_at${extraSql} FROM ${def.table} t`;
};

/** Does the parent row exist (resources scoped to a parent). */
export async function parentExists(q: Queryable, def: CrudTable, parentId: number | undefined): Promise<boolean> {
  const found = await q.query(`SELECT 1 FROM ${def.parent!.table} WHERE id = $1`, [parentId ?? 0]);
  return found.rowCount > 0;
}

/** One row (of its parent, when scoped), dates as ISO strings; `lock` holds it for the caller's transaction. */
export async function loadCrudRow<Row extends CrudRow>(
  q: Queryable,
  def: CrudTable,
  id: number,
  parentId: number | undefined,
  lock = false,
): Promise<Row | null> {
  const parentSql = def.parent ? ` AND t.${def.parent.column} = $2` : '';
  const { rows } = await q.query<Row>(
    `${selectOf(def)} WHERE t.id = $1${parentSql}${lock ? ' FOR UPDATE OF t' : ''}`,
    def.parent ? [id, parentId ?? 0] : [id],
  );
  return rows[0] ?? null;
}

/** The list's query: the page, the search and the equality filters (by field name). */
export interface CrudListQuery {
  page: number;
  pageSize: number;
  search?: string;
  readonly [filter: string]: unknown;
}

/** One page of rows (of the parent, matching the search and the equality filters) and how many match. */
export async function listCrudRows<Row extends CrudRow>(
  q: Queryable,
  def: CrudTable,
  query: CrudListQuery,
  parentId: number | undefined,
): Promise<{ rows: Row[]; total: number }> {
  const p = new Params();
  const search = query.search?.trim();
  const conditions: string[] = [];
  if (def.parent) conditions.push(`t.${def.parent.column} = ${p.add(parentId ?? 0)}`);
  if (search) conditions.push(`t.${def.labelColumn} ILIKE ${p.add(containing(search))}`);
  for (const f of def.filters ?? []) {
    const value = query[f.name];
    if (typeof value === 'string') conditions.push(`t.${f.name} = ${p.add(value)}`);
  }
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const total =
    (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${def.table} t ${where}`, p.values)).rows[0]?.n ?? 0;
  const { rows } = await q.query<Row>(`${selectOf(def)} ${where} ORDER BY ${def.orderBy} ${p.page(query)}`, p.values);
  return { rows, total };
}

/** Inserts a row with the given field values (of the parent, when scoped); answers its id. */
export async function insertCrudRow(
  tx: Queryable,
  def: CrudTable,
  values: Record<string, CrudValue>,
  parentId: number | undefined,
  now: Date,
): Promise<number> {
  const p = new Params();
  const cols = ['created_at', 'updated_at'];
  const vals = [p.add(now), p.add(now)];
  if (def.parent) {
    cols.push(def.parent.column);
    vals.push(p.add(parentId ?? 0));
  }
  for (const [name, value] of Object.entries(values)) {
    cols.push(name);
    vals.push(p.add(value));
  }
  return (
    await tx.query<{ id: number }>(
      `INSERT INTO ${def.table} (${cols.join(', ')}) VALUES (${vals.join(', ')}) RETURNING id`,
      p.values,
    )
  ).rows[0]!.id;
}

/** `UPDATE … SET` the given field values and updated_at. */
export async function updateCrudRow(
  tx: Queryable,
  def: CrudTable,
  id: number,
  values: Record<string, CrudValue>,
  now: Date,
): Promise<void> {
  const p = new Params();
  const sets = [`updated_at = ${p.add(now)}`];
  for (const [name, value] of Object.entries(values)) sets.push(`${name} = ${p.add(value)}`);
  await tx.query(`UPDATE ${def.table} SET ${sets.join(', ')} WHERE id = ${p.add(id)}`, p.values);
}

export async function deleteCrudRow(tx: Queryable, def: CrudTable, id: number): Promise<void> {
  await tx.query(`DELETE FROM ${def.table} WHERE id = $1`, [id]);
}
