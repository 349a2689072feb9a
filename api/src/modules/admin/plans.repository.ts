/** The SQL of the admin's plans (admin_plans and the modules each grants, admin_plan_modules). */
import type { PlanModuleSlug } from '@leadsmith/shared/constants';
import type { Queryable, SqlParam } from '../../db';
import { Params, type PageQuery } from './common';
import type { PlanDto } from './plans.schemas';
import { containing } from '../../db/like';

interface PlanRow extends Omit<PlanDto, 'created_at' | 'updated_at'> {
  created_at: Date;
  updated_at: Date;
}

const SELECT_PLAN = `SELECT p.id, p.name, p.created_by, p.available_for, p.allow_related_accounts, p.payment_product_id, p.crm_plan_id,
    COALESCE((SELECT json_agg(m.slug ORDER BY m.id) FROM admin_plan_modules pm JOIN modules m ON m.id = pm.module_id WHERE pm.plan_id = p.id), '[]'::json) AS modules,
    (SELECT count(*)::int FROM users u WHERE u.plan_id = p.id) AS users_count, p.created_at, p.updated_at
  FROM admin_plans p`;

const toDto = (r: PlanRow): PlanDto => ({
  ...r,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** The plan as the admin sees it; `lock` holds the row for the caller's transaction. */
export async function loadPlan(q: Queryable, id: number, lock = false): Promise<PlanDto | null> {
  const { rows } = await q.query<PlanRow>(`${SELECT_PLAN} WHERE p.id = $1${lock ? ' FOR UPDATE OF p' : ''}`, [id]);
  return rows[0] ? toDto(rows[0]) : null;
}

export interface ListQuery extends PageQuery {
  search?: string;
  created_by?: PlanDto['created_by'];
  available_for?: PlanDto['available_for'];
}

/** One page of plans matching the filters (newest first) and how many match in all. */
export async function listPlans(q: Queryable, f: ListQuery): Promise<{ rows: PlanDto[]; total: number }> {
  const p = new Params();
  const where: string[] = [];
  const search = f.search?.trim();
  if (search) where.push(`p.name ILIKE ${p.add(containing(search))}`);
  if (f.created_by) where.push(`p.created_by = ${p.add(f.created_by)}`);
  if (f.available_for) where.push(`p.available_for = ${p.add(f.available_for)}`);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total =
    (await q.query<{ n: number }>(`SELECT count(*) AS n FROM admin_plans p ${whereSql}`, p.values)).rows[0]?.n ?? 0;
  const { rows } = await q.query<PlanRow>(`${SELECT_PLAN} ${whereSql} ORDER BY p.id DESC ${p.page(f)}`, p.values);
  return { rows: rows.map(toDto), total };
}

/** Inserts a plan with the given columns (stored-form values); answers its id. */
export async function insertPlan(tx: Queryable, columns: Record<string, SqlParam>, now: Date): Promise<number> {
  const p = new Params();
  const cols: string[] = ['created_at', 'updated_at'];
  const vals = [p.add(now), p.add(now)];
  for (const [col, value] of Object.entries(columns)) {
    cols.push(col);
    vals.push(p.add(value));
  }
  return (
    await tx.query<{ id: number }>(
      `INSERT INTO admin_plans (${cols.join(', ')}) VALUES (${vals.join(', ')}) RETURNING id`,
      p.values,
    )
  ).rows[0]!.id;
}

/** `UPDATE admin_plans SET …` for the given columns (stored-form values) and updated_at. */
export async function updatePlanColumns(
  tx: Queryable,
  id: number,
  columns: Record<string, SqlParam>,
  now: Date,
): Promise<void> {
  const p = new Params();
  const sets = [`updated_at = ${p.add(now)}`];
  for (const [col, value] of Object.entries(columns)) sets.push(`${col} = ${p.add(value)}`);
  await tx.query(`UPDATE admin_plans SET ${sets.join(', ')} WHERE id = ${p.add(id)}`, p.values);
}

/** Replaces the plan's modules; users on it hold them through user_held_modules at once. */
export async function setPlanModules(q: Queryable, planId: number, modules: readonly PlanModuleSlug[]): Promise<void> {
  await q.query('DELETE FROM admin_plan_modules WHERE plan_id = $1', [planId]);
  await q.query(
    'INSERT INTO admin_plan_modules (plan_id, module_id) SELECT $1, id FROM modules WHERE slug = ANY($2::text[])',
    [planId, `{${modules.join(',')}}`],
  );
}

export async function deletePlan(tx: Queryable, id: number): Promise<void> {
  await tx.query('DELETE FROM admin_plans WHERE id = $1', [id]);
}
