/** The rules of a simple admin resource: scoped to its parent (404), every change audited in its transaction. */
import { isUniqueViolation, type Db, type Queryable } from '../../db';
import { unprocessable } from '../../http/errors';
import { writeAudit } from './audit.repository';
import { changes, notFound } from './common';
import {
  deleteCrudRow,
  insertCrudRow,
  listCrudRows,
  loadCrudRow,
  parentExists,
  updateCrudRow,
  type CrudListQuery,
  type CrudRow,
  type CrudTable,
  type CrudValue,
} from './crud.repository';
import type { CrudDefinition } from './crud.schemas';

/** Who changes what, when, and (resources scoped to a parent) under which parent. */
interface CrudContext {
  actorId: number;
  now: Date;
  parentId?: number;
}

/** What the rules read of a resource's definition. */
type CrudResource = CrudTable & Pick<CrudDefinition, 'entity' | 'unique' | 'beforeDelete'>;

/** A create or edit body as its schema let it through: the fields it sends. */
export interface CrudBody {
  readonly [field: string]: unknown;
}

/** A field's value cleaned (text trimmed, blank text null); the field schemas only let column values through. */
function clean(value: unknown): CrudValue {
  if (typeof value === 'string') return value.trim() || null;
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  throw new TypeError(`not a column value: ${typeof value}`);
}

const auditView = (def: CrudResource, row: CrudRow) =>
  Object.fromEntries(Object.keys(def.fields).map((name) => [name, row[name] ?? null] as const));

/** The body's fields that it sends, cleaned (text trimmed, blank text null), in the definition's order. */
const valuesOf = (def: CrudResource, body: CrudBody): Record<string, CrudValue> =>
  Object.fromEntries(
    Object.keys(def.fields).flatMap((name) => {
      const value = body[name];
      return value === undefined ? [] : [[name, clean(value)] as const];
    }),
  );

/** A clash on the unique field as 422 with its code; any other error as it is. */
const uniqueClash = (def: CrudResource, error: unknown) => {
  if (def.unique && isUniqueViolation(error)) return unprocessable(def.unique.code, def.unique.field);
  return error;
};

/** 404 unless the parent row exists. */
async function checkParent(q: Queryable, def: CrudResource, parentId: number | undefined): Promise<void> {
  if (!def.parent) return;
  if (!(await parentExists(q, def, parentId))) throw notFound();
}

export async function listCrudItems<Row extends CrudRow>(
  db: Queryable,
  def: CrudResource,
  query: CrudListQuery,
  parentId: number | undefined,
): Promise<{ rows: Row[]; total: number }> {
  await checkParent(db, def, parentId);
  return listCrudRows<Row>(db, def, query, parentId);
}

export async function createCrudItem<Row extends CrudRow>(
  db: Db,
  def: CrudResource,
  { actorId, now, parentId }: CrudContext,
  body: CrudBody,
): Promise<Row> {
  try {
    return await db.transaction(async (tx) => {
      await checkParent(tx, def, parentId);
      const id = await insertCrudRow(tx, def, valuesOf(def, body), parentId, now);
      const created = (await loadCrudRow<Row>(tx, def, id, parentId))!;
      await writeAudit(tx, {
        actorId,
        action: 'create',
        entity: def.entity,
        entityId: id,
        after: auditView(def, created),
        at: now,
      });
      return created;
    });
  } catch (error) {
    throw uniqueClash(def, error);
  }
}

export async function updateCrudItem<Row extends CrudRow>(
  db: Db,
  def: CrudResource,
  id: number,
  { actorId, now, parentId }: CrudContext,
  body: CrudBody,
): Promise<Row> {
  try {
    return await db.transaction(async (tx) => {
      const before = await loadCrudRow<Row>(tx, def, id, parentId, true);
      if (!before) throw notFound();
      await updateCrudRow(tx, def, id, valuesOf(def, body), now);
      const after = (await loadCrudRow<Row>(tx, def, id, parentId))!;
      const diff = changes(auditView(def, before), auditView(def, after));
      if (diff)
        await writeAudit(tx, {
          actorId,
          action: 'update',
          entity: def.entity,
          entityId: id,
          before: diff.before,
          after: diff.after,
          at: now,
        });
      return after;
    });
  } catch (error) {
    throw uniqueClash(def, error);
  }
}

/** Deletes the row unless the definition refuses it (in use). */
export async function deleteCrudItem(
  db: Db,
  def: CrudResource,
  id: number,
  { actorId, now, parentId }: CrudContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await loadCrudRow(tx, def, id, parentId, true);
    if (!before) throw notFound();
    await def.beforeDelete?.(tx, id);
    await deleteCrudRow(tx, def, id);
    await writeAudit(tx, {
      actorId,
      action: 'delete',
      entity: def.entity,
      entityId: id,
      before: auditView(def, before),
      after: null,
      at: now,
    });
  });
}
