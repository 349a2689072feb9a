/** The rules of the admin's plans: one name per plan (409), every change audited in its transaction, no delete while in use. */
import type { SqlParam } from '../../db';
import { isUniqueViolation, type Db } from '../../db';
import { ApiError, unprocessable } from '../../http/errors';
import { writeAudit } from './audit.repository';
import { changes, notFound } from './common';
import {
  deletePlan as deletePlanRow,
  insertPlan,
  loadPlan,
  setPlanModules,
  updatePlanColumns,
} from './plans.repository';
import type { PlanBody, PlanDto } from './plans.schemas';

function auditView(p: PlanDto): Record<string, unknown> {
  return {
    name: p.name,
    created_by: p.created_by,
    available_for: p.available_for,
    allow_related_accounts: p.allow_related_accounts,
    payment_product_id: p.payment_product_id,
    crm_plan_id: p.crm_plan_id,
    modules: p.modules,
  };
}

const PLAN_COLUMNS = [
  'name',
  'created_by',
  'available_for',
  'allow_related_accounts',
  'payment_product_id',
  'crm_plan_id',
] as const;

const clean = (value: PlanBody[(typeof PLAN_COLUMNS)[number]]) =>
  typeof value === 'string' ? value.trim() || null : value;

/** A second plan of the same name (case-insensitive, admin_plans_name_key) is refused on its name field. */
async function uniqueName<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'admin.plan_name_taken', { field: 'name' });
    throw error;
  }
}

/** The body's columns that it sends, in stored form. */
const columnsOf = (body: PlanBody): Record<string, SqlParam> =>
  Object.fromEntries(
    PLAN_COLUMNS.filter((col) => body[col] !== undefined).map((col) => [col, clean(body[col]) ?? null]),
  );

/** Who changes the plan, when. */
interface PlanContext {
  actorId: number;
  now: Date;
}

export async function createPlan(db: Db, { actorId, now }: PlanContext, body: PlanBody): Promise<PlanDto> {
  return uniqueName(() =>
    db.transaction(async (tx) => {
      const id = await insertPlan(tx, columnsOf(body), now);
      if (body.modules?.length) await setPlanModules(tx, id, body.modules);
      const created = (await loadPlan(tx, id))!;
      await writeAudit(tx, {
        actorId,
        action: 'create',
        entity: 'plan',
        entityId: id,
        after: auditView(created),
        at: now,
      });
      return created;
    }),
  );
}

export async function updatePlan(db: Db, id: number, { actorId, now }: PlanContext, body: PlanBody): Promise<PlanDto> {
  return uniqueName(() =>
    db.transaction(async (tx) => {
      const before = await loadPlan(tx, id, true);
      if (!before) throw notFound();
      await updatePlanColumns(tx, id, columnsOf(body), now);
      if (body.modules) await setPlanModules(tx, id, body.modules);
      const after = (await loadPlan(tx, id))!;
      const diff = changes(auditView(before), auditView(after));
      if (diff)
        await writeAudit(tx, {
          actorId,
          action: 'update',
          entity: 'plan',
          entityId: id,
          before: diff.before,
          after: diff.after,
          at: now,
        });
      return after;
    }),
  );
}

/** Spec §5: a plan in use cannot be deleted (422 admin.plan_in_use). Deleted users still count: restoring them keeps their plan. */
export async function deletePlan(db: Db, id: number, { actorId, now }: PlanContext): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await loadPlan(tx, id, true);
    if (!before) throw notFound();
    if (before.users_count > 0) throw unprocessable('admin.plan_in_use', undefined, { count: before.users_count });
    await deletePlanRow(tx, id);
    await writeAudit(tx, {
      actorId,
      action: 'delete',
      entity: 'plan',
      entityId: id,
      before: auditView(before),
      after: null,
      at: now,
    });
  });
}
