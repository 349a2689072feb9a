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
  type CrudRow,
  type CrudValue,
} from './crud.repository';
import type { CrudDefinition } from './crud.schemas';

/** Who changes what, when, and (resources scoped to a parent) under which parent. */
interface CrudContext {
  actorId: number;
  now: Date;
  parentId?: number;
}

const clean = (value: unknown) => (typeof value === 'string' ? value.trim() || null : (value ?? null));

const auditView = (def: CrudDefinition, row: CrudRow) =>
  Object.fromEntries(def.fields.map((f) => [f.name, row[f.name] ?? null]));

/** The body's fields that it sends, cleaned (text trimmed, blank text null), in the definition's order. */
const valuesOf = (def: CrudDefinition, body: Record<string, unknown>): Record<string, CrudValue> =>
  Object.fromEntries(
    def.fields.filter((f) => body[f.name] !== undefined).map((f) => [f.name, clean(body[f.name]) as CrudValue]),
  );

/** A clash on the unique field as 422 with its code; any other error as it is. */
const uniqueClash = (def: CrudDefinition, error: unknown) => {
  const field = def.fields.find((f) => f.uniqueCode);
  if (field?.uniqueCode && isUniqueViolation(error)) return unprocessable(field.uniqueCode, field.name);
  return error;
};

/** 404 unless the parent row exists. */
async function checkParent(q: Queryable, def: CrudDefinition, parentId: number | undefined): Promise<void> {
  if (!def.parent) return;
  if (!(await parentExists(q, def, parentId))) throw notFound();
}

export async function listCrudItems(
  db: Queryable,
  def: CrudDefinition,
  query: { page: number; pageSize: number; search?: string } & Record<string, unknown>,
  parentId: number | undefined,
): Promise<{ rows: CrudRow[]; total: number }> {
  await checkParent(db, def, parentId);
  return listCrudRows(db, def, query, parentId);
}

export async function createCrudItem(
  db: Db,
  def: CrudDefinition,
  { actorId, now, parentId }: CrudContext,
  body: Record<string, unknown>,
): Promise<CrudRow> {
  try {
    return await db.transaction(async (tx) => {
      await checkParent(tx, def, parentId);
      const id = await insertCrudRow(tx, def, valuesOf(def, body), parentId, now);
      const created = (await loadCrudRow(tx, def, id, parentId))!;
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

export async function updateCrudItem(
  db: Db,
  def: CrudDefinition,
  id: number,
  { actorId, now, parentId }: CrudContext,
  body: Record<string, unknown>,
): Promise<CrudRow> {
  try {
    return await db.transaction(async (tx) => {
      const before = await loadCrudRow(tx, def, id, parentId, true);
      if (!before) throw notFound();
      await updateCrudRow(tx, def, id, valuesOf(def, body), now);
      const after = (await loadCrudRow(tx, def, id, parentId))!;
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
  def: CrudDefinition,
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
