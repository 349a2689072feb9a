import type { FastifyInstance } from 'fastify';
import { PLAN_MODULE_SLUGS } from '@leadsmith/shared/constants';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { Message, MessageProperties, Page, pageOf, Type } from '../../http/contract';
import { nameSchema } from '../../http/schemas';
import { say } from '../../http/respond';
import { adminOnly, idParamsSchema, notFound, pageQueryProperties, type PageOf } from './common';
import { listPlans, loadPlan, type ListQuery } from './plans.repository';
import { AVAILABLE_FOR, CREATED_BY, PlanSchema, type PlanBody, type PlanDto } from './plans.schemas';
import { createPlan, deletePlan, updatePlan } from './plans.service';

const SavedPlan = Type.Object({ ...MessageProperties, plan: PlanSchema });

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
      const { rows, total } = await listPlans(db, q);
      return pageOf(rows, q, total);
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
      const plan = await createPlan(db, { actorId: currentUser(request).id, now: clock.now() }, request.body);
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
      const plan = await updatePlan(
        db,
        request.params.id,
        { actorId: currentUser(request).id, now: clock.now() },
        request.body,
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
      await deletePlan(db, request.params.id, { actorId: currentUser(request).id, now: clock.now() });
      return say(request, 'admin.plan_deleted');
    },
  );
}
