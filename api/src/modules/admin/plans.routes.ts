import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { Message, MessageProperties, Page, pageOf, StringEnum, Type } from '../../http/contract';
import { say } from '../../http/respond';
import { adminOnly, idParamsSchema, notFound, pageQueryProperties } from './common';
import { listPlans, loadPlan } from './plans.repository';
import { AVAILABLE_FOR, CREATED_BY, PlanCreateBody, PlanEditBody, PlanSchema } from './plans.schemas';
import { createPlan, deletePlan, updatePlan } from './plans.service';

const SavedPlan = Type.Object({ ...MessageProperties, plan: PlanSchema });

export function adminPlanRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = adminOnly(api);

  app.get(
    '/api/admin/plans',
    {
      ...guard,
      schema: {
        summary: 'List plans (search, filters, paginated)',
        querystring: Type.Object(
          {
            ...pageQueryProperties,
            search: Type.Optional(Type.String({ maxLength: 100 })),
            created_by: Type.Optional(StringEnum(CREATED_BY)),
            available_for: Type.Optional(StringEnum(AVAILABLE_FOR)),
          },
          { additionalProperties: false },
        ),
        response: { 200: Page(PlanSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listPlans(db, q);
      return pageOf(rows, q, total);
    },
  );

  app.get(
    '/api/admin/plans/:id',
    { ...guard, schema: { summary: 'One plan', params: idParamsSchema, response: { 200: PlanSchema } } },
    async (request) => {
      const plan = await loadPlan(db, request.params.id);
      if (!plan) throw notFound();
      return plan;
    },
  );

  app.post(
    '/api/admin/plans',
    {
      ...guard,
      schema: {
        summary: 'Create a plan and the modules it grants (audited)',
        body: PlanCreateBody,
        response: { 201: SavedPlan },
      },
    },
    async (request, reply) => {
      const plan = await createPlan(db, { actorId: currentUser(request).id, now: clock.now() }, request.body);
      reply.code(201);
      return { ...say(request, 'admin.plan_created'), plan };
    },
  );

  app.put(
    '/api/admin/plans/:id',
    {
      ...guard,
      schema: {
        summary: 'Change a plan or the modules it grants (audited)',
        params: idParamsSchema,
        body: PlanEditBody,
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
  app.delete(
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
