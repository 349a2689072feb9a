import type { FastifyInstance } from 'fastify';
import { PLAN_MODULE_SLUGS, type PlanModuleSlug } from '@leadsmith/shared/constants';
import type { Queryable } from '../../db';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { isUniqueViolation } from '../../db';
import { ApiError, unprocessable } from '../../http/errors';
import { Message, MessageProperties, Nullable, Page, pageOf, StringEnum, Type, type Static } from '../../http/contract';
import { nameSchema } from '../../http/schemas';
import { say } from '../../routes/respond';
import {
  adminOnly,
  changes,
  idParamsSchema,
  notFound,
  Params,
  pageQueryProperties,
  writeAudit,
  type PageOf,
  type PageQuery,
} from './common';

const CREATED_BY = ['system', 'partner'] as const;
const AVAILABLE_FOR = ['resellers', 'customers'] as const;

/** Spec §3 Plan. */
const PlanSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  created_by: StringEnum(CREATED_BY),
  available_for: StringEnum(AVAILABLE_FOR),
  allow_related_accounts: Type.Boolean(),
  payment_product_id: Nullable(Type.String()),
  crm_plan_id: Nullable(Type.String()),
  /** The modules a user on the plan holds besides its own (ADR 050). */
  modules: Type.Array(StringEnum(PLAN_MODULE_SLUGS)),
  users_count: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type PlanDto = Static<typeof PlanSchema>;
const SavedPlan = Type.Object({ ...MessageProperties, plan: PlanSchema });

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

async function loadPlan(q: Queryable, id: number, lock = false): Promise<PlanDto | null> {
  const { rows } = await q.query<PlanRow>(`${SELECT_PLAN} WHERE p.id = $1${lock ? ' FOR UPDATE OF p' : ''}`, [id]);
  return rows[0] ? toDto(rows[0]) : null;
}

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

/** Replaces the plan's modules; users on it hold them through user_held_modules at once. */
async function setPlanModules(q: Queryable, planId: number, modules: readonly PlanModuleSlug[]): Promise<void> {
  await q.query('DELETE FROM admin_plan_modules WHERE plan_id = $1', [planId]);
  await q.query(
    'INSERT INTO admin_plan_modules (plan_id, module_id) SELECT $1, id FROM modules WHERE slug = ANY($2::text[])',
    [planId, `{${modules.join(',')}}`],
  );
}

const nullableText = { type: ['string', 'null'], maxLength: 200 };
const planProperties = {
  name: nameSchema,
  created_by: { type: 'string', enum: CREATED_BY },
  available_for: { type: 'string', enum: AVAILABLE_FOR },
  allow_related_accounts: { type: 'boolean' },
  payment_product_id: nullableText,
  crm_plan_id: nullableText,
  modules: {
    type: 'array',
    items: { type: 'string', enum: PLAN_MODULE_SLUGS },
    uniqueItems: true,
    maxItems: PLAN_MODULE_SLUGS.length,
  },
} as const;
const PLAN_COLUMNS = [
  'name',
  'created_by',
  'available_for',
  'allow_related_accounts',
  'payment_product_id',
  'crm_plan_id',
] as const;

interface PlanBody {
  name?: string;
  created_by?: PlanDto['created_by'];
  available_for?: PlanDto['available_for'];
  allow_related_accounts?: boolean;
  payment_product_id?: string | null;
  crm_plan_id?: string | null;
  modules?: PlanModuleSlug[];
}

interface ListQuery extends PageQuery {
  search?: string;
  created_by?: PlanDto['created_by'];
  available_for?: PlanDto['available_for'];
}

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

export function adminPlanRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const guard = adminOnly(api);

  api.get<{ Querystring: ListQuery }>(
    '/api/admin/plans',
    {
      ...guard,
      schema: {
        summary: 'List plans (search, filters, paginated)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...pageQueryProperties,
            search: { type: 'string', maxLength: 100 },
            created_by: { type: 'string', enum: CREATED_BY },
            available_for: { type: 'string', enum: AVAILABLE_FOR },
          },
        },
        response: { 200: Page(PlanSchema) },
      },
    },
    async (request): Promise<PageOf<PlanDto>> => {
      const q = request.query;
      const p = new Params();
      const where: string[] = [];
      const search = q.search?.trim();
      if (search) where.push(`p.name ILIKE ${p.add(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
      if (q.created_by) where.push(`p.created_by = ${p.add(q.created_by)}`);
      if (q.available_for) where.push(`p.available_for = ${p.add(q.available_for)}`);
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total =
        (await db.query<{ n: number }>(`SELECT count(*) AS n FROM admin_plans p ${whereSql}`, p.values)).rows[0]?.n ??
        0;
      const limit = p.add(q.pageSize);
      const offset = p.add((q.page - 1) * q.pageSize);
      const { rows } = await db.query<PlanRow>(
        `${SELECT_PLAN} ${whereSql} ORDER BY p.id DESC LIMIT ${limit} OFFSET ${offset}`,
        p.values,
      );
      return pageOf(rows.map(toDto), q, total);
    },
  );

  api.get<{ Params: { id: number } }>(
    '/api/admin/plans/:id',
    { ...guard, schema: { summary: 'One plan', params: idParamsSchema, response: { 200: PlanSchema } } },
    async (request) => {
      const plan = await loadPlan(db, request.params.id);
      if (!plan) throw notFound();
      return plan;
    },
  );

  api.post<{ Body: PlanBody }>(
    '/api/admin/plans',
    {
      ...guard,
      schema: {
        summary: 'Create a plan and the modules it grants (audited)',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: planProperties,
          required: ['name', 'created_by', 'available_for'],
        },
        response: { 201: SavedPlan },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const now = clock.now();
      const plan = await uniqueName(() =>
        db.transaction(async (tx) => {
          const p = new Params();
          const cols: string[] = ['created_at', 'updated_at'];
          const vals = [p.add(now), p.add(now)];
          for (const col of PLAN_COLUMNS) {
            if (request.body[col] === undefined) continue;
            cols.push(col);
            vals.push(p.add(clean(request.body[col]) ?? null));
          }
          const id = (
            await tx.query<{ id: number }>(
              `INSERT INTO admin_plans (${cols.join(', ')}) VALUES (${vals.join(', ')}) RETURNING id`,
              p.values,
            )
          ).rows[0]!.id;
          if (request.body.modules?.length) await setPlanModules(tx, id, request.body.modules);
          const created = (await loadPlan(tx, id))!;
          await writeAudit(tx, {
            actorId: actor.id,
            action: 'create',
            entity: 'plan',
            entityId: id,
            after: auditView(created),
            at: now,
          });
          return created;
        }),
      );
      reply.code(201);
      return { ...say(request, 'admin.plan_created'), plan };
    },
  );

  api.put<{ Params: { id: number }; Body: PlanBody }>(
    '/api/admin/plans/:id',
    {
      ...guard,
      schema: {
        summary: 'Change a plan or the modules it grants (audited)',
        params: idParamsSchema,
        body: { type: 'object', additionalProperties: false, properties: planProperties, minProperties: 1 },
        response: { 200: SavedPlan },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const id = request.params.id;
      const now = clock.now();
      const plan = await uniqueName(() =>
        db.transaction(async (tx) => {
          const before = await loadPlan(tx, id, true);
          if (!before) throw notFound();
          const p = new Params();
          const sets = [`updated_at = ${p.add(now)}`];
          for (const col of PLAN_COLUMNS) {
            if (request.body[col] === undefined) continue;
            sets.push(`${col} = ${p.add(clean(request.body[col]) ?? null)}`);
          }
          await tx.query(`UPDATE admin_plans SET ${sets.join(', ')} WHERE id = ${p.add(id)}`, p.values);
          if (request.body.modules) await setPlanModules(tx, id, request.body.modules);
          const after = (await loadPlan(tx, id))!;
          const diff = changes(auditView(before), auditView(after));
          if (diff)
            await writeAudit(tx, {
              actorId: actor.id,
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
      return { ...say(request, 'admin.plan_updated'), plan };
    },
  );

  /** Spec §5: a plan in use cannot be deleted (422 admin.plan_in_use). Deleted users still count: restoring them keeps their plan. */
  api.delete<{ Params: { id: number } }>(
    '/api/admin/plans/:id',
    {
      ...guard,
      schema: { summary: 'Delete a plan no user is on (audited)', params: idParamsSchema, response: { 200: Message } },
    },
    async (request) => {
      const actor = currentUser(request);
      const id = request.params.id;
      const now = clock.now();
      await db.transaction(async (tx) => {
        const before = await loadPlan(tx, id, true);
        if (!before) throw notFound();
        if (before.users_count > 0) throw unprocessable('admin.plan_in_use', undefined, { count: before.users_count });
        await tx.query('DELETE FROM admin_plans WHERE id = $1', [id]);
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'delete',
          entity: 'plan',
          entityId: id,
          before: auditView(before),
          after: null,
          at: now,
        });
      });
      return say(request, 'admin.plan_deleted');
    },
  );
}
