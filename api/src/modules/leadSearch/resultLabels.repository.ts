import type { Queryable, SqlParam } from '../../db';
import { isUniqueViolation } from '../../db/types';
import { labelJournalSql } from './listOperations.repository';

/** Most labels one result carries. */
export const MAX_LABELS = 10;

/** SQL: the labels of result `alias.id` in the order they were added (text[], '{}' when none). */
export const labelsOf = (alias: string) =>
  `COALESCE((SELECT array_agg(k.label ORDER BY k.position, k.label) FROM result_labels k WHERE k.result_id = ${alias}.id), '{}'::text[])`;

/** SQL: the labels of result `alias.id` as one text (NULL when none), for the advanced search's text operators. */
export const labelsText = (alias: string) =>
  `(SELECT string_agg(k.label, ', ' ORDER BY k.position, k.label) FROM result_labels k WHERE k.result_id = ${alias}.id)`;

/** A selection of results: a condition on `campaign_results r` and its parameters ($1…). */
export interface ResultSelection {
  sql: string;
  params: SqlParam[];
}

/** A PostgreSQL text[] literal (sent as a parameter, never interpolated). */
const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, (m) => `\\${m}`)}"`).join(',')}}`;

/**
 * The account's catalogue spelling of each label to add (matched without regard to case), adding the ones
 * the catalogue lacks (grey): a label put on results from a list is at once offered in the list's label
 * filter and shown on the Custom labels page. Concurrent calls adding the same new name both get its row.
 */
export async function catalogueLabels(db: Queryable, userId: number, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  await db.query(
    "INSERT INTO lead_labels (user_id, name, color) SELECT $1, n, 'gray' FROM unnest($2::text[]) AS n ON CONFLICT (user_id, lower(name)) DO NOTHING",
    [userId, textArray(names)],
  );
  const { rows } = await db.query<{ name: string }>(
    'SELECT name FROM lead_labels WHERE user_id = $1 AND lower(name) = ANY($2::text[])',
    [userId, textArray(names.map((n) => n.toLowerCase()))],
  );
  const catalogued = new Map(rows.map((r) => [r.name.toLowerCase(), r.name]));
  return [...new Set(names.map((n) => catalogued.get(n.toLowerCase()) ?? n))];
}

/**
 * Adds and removes labels on every selected result in one statement, and answers how many results
 * changed. A label both added and removed is added. A result takes new labels, in the order given,
 * while it holds fewer than MAX_LABELS (labels removed by the same call are not counted).
 * Runs inside the caller's transaction (it raises work_mem for that transaction only and uses a savepoint).
 * `journal`: an undoable operation's id; the same statement writes each label row it adds or removes to that
 * operation's journal (listOperations.repository.ts), so the undo reverses exactly them.
 */
export async function applyLabels(
  db: Queryable,
  selection: ResultSelection,
  add: readonly string[],
  remove: readonly string[],
  journal?: number,
): Promise<number> {
  const drop = remove.filter((l) => !add.includes(l));
  if (add.length === 0 && drop.length === 0) return 0;
  const params: SqlParam[] = [...selection.params];
  const param = (value: SqlParam) => `$${params.push(value)}`;
  const ctes = [`sel AS MATERIALIZED (SELECT r.id, r.user_id FROM campaign_results r WHERE ${selection.sql})`];
  const changed: string[] = [];
  const dropArr = drop.length ? `${param(textArray(drop))}::text[]` : null;
  if (dropArr) {
    ctes.push(
      `gone AS (DELETE FROM result_labels k USING sel WHERE k.result_id = sel.id AND k.label = ANY(${dropArr}) RETURNING k.result_id, k.label, k.position)`,
    );
    changed.push('SELECT result_id FROM gone');
  }
  const addArr = add.length ? `${param(textArray(add))}::text[]` : null;
  if (addArr) {
    // Every CTE sees the labels as they were before this statement: the count leaves out the ones it drops,
    // and `have` (what each result holds) keeps a label it already has from being inserted again.
    // `todo` is sorted on a key no plan delivers ready-made (the label's place in the request first): the sort
    // reads every row before the first insert, so no plan rescans result_labels while it grows (with stale
    // statistics that was quadratic: 90 s for 100,000 rows).
    const kept = dropArr ? `count(k.result_id) FILTER (WHERE NOT k.label = ANY(${dropArr}))` : 'count(k.result_id)';
    ctes.push(
      `todo AS MATERIALIZED (
         SELECT s.id, s.user_id, x.label, s.top + x.ord AS position
           FROM (SELECT sel.id, sel.user_id, ${kept} AS n, COALESCE(max(k.position), 0) AS top,
                        array_agg(k.label) FILTER (WHERE k.label IS NOT NULL) AS have
                   FROM sel LEFT JOIN result_labels k ON k.result_id = sel.id GROUP BY sel.id, sel.user_id) s
          CROSS JOIN unnest(${addArr}) WITH ORDINALITY AS x(label, ord)
          WHERE s.n + x.ord <= ${MAX_LABELS} AND NOT (x.label = ANY(COALESCE(s.have, '{}'::text[])))
          ORDER BY x.ord, s.id)`,
    );
    changed.push('SELECT result_id FROM added');
  }
  const insert = (onConflict: boolean) =>
    addArr
      ? `, added AS (INSERT INTO result_labels (result_id, label, user_id, position) SELECT id, label, user_id, position FROM todo
                   ${onConflict ? 'ON CONFLICT DO NOTHING' : ''} RETURNING result_id, label, position)`
      : '';
  // A data-modifying WITH runs whether or not the final SELECT reads it.
  const logged =
    journal === undefined
      ? ''
      : `, logged AS (${labelJournalSql(param(journal), dropArr ? 'gone' : null, addArr ? 'added' : null)})`;
  // The barrier's sort of up to 100,000 rows stays in memory instead of spilling to disk.
  await db.query("SELECT set_config('work_mem', '64MB', true)");
  // One changed row per result when one label is added or dropped; otherwise count results once.
  const count = add.length + drop.length === 1 ? 'count(*)' : 'count(DISTINCT result_id)';
  const statement = (onConflict: boolean) =>
    `WITH ${ctes.join(',\n')}${insert(onConflict)}${logged} SELECT ${count}::int AS n FROM (${changed.join(' UNION ALL ')}) changed`;
  // A plain insert is a third faster than ON CONFLICT's speculative one. Only a concurrent call adding the
  // same label to the same result (PostgreSQL; PGlite runs one statement at a time) can collide: that
  // statement is undone to the savepoint and run again with ON CONFLICT DO NOTHING.
  await db.query('SAVEPOINT apply_labels');
  try {
    const { rows } = await db.query<{ n: number }>(statement(false), params);
    await db.query('RELEASE SAVEPOINT apply_labels');
    return rows[0]?.n ?? 0;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await db.query('ROLLBACK TO SAVEPOINT apply_labels');
    const { rows } = await db.query<{ n: number }>(statement(true), params);
    return rows[0]?.n ?? 0;
  }
}

/** Renames one account's label on every result carrying it (a result that already has the new name keeps one). */
export async function renameLabel(db: Queryable, userId: number, from: string, to: string): Promise<void> {
  await db.query(
    `DELETE FROM result_labels k WHERE k.user_id = $1 AND k.label = $2
        AND EXISTS (SELECT 1 FROM result_labels n WHERE n.result_id = k.result_id AND n.label = $3)`,
    [userId, from, to],
  );
  await db.query('UPDATE result_labels SET label = $3 WHERE user_id = $1 AND label = $2', [userId, from, to]);
}

/** Takes one account's label off every result carrying it; answers how many results changed. */
export async function dropLabel(db: Queryable, userId: number, name: string): Promise<number> {
  return (await db.query('DELETE FROM result_labels WHERE user_id = $1 AND label = $2', [userId, name])).rowCount;
}

/** Forgets an undoable label change that changed no result (it leaves nothing to undo). */
export async function forgetLabelOperation(tx: Queryable, operationId: number): Promise<void> {
  await tx.query('DELETE FROM list_operations WHERE id = $1', [operationId]);
}
