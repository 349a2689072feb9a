import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../http/context';
import { MessageProperties, Nullable, Page, StringEnum, Timestamp, Type } from '../../http/contract';
import { emailSchema, objectSchema } from '../../http/schemas';
import { paymentsFor } from '../../providers/payments';
import { registerSubscriptionEvents } from '../../providers/payments/subscriptionEvents';
import { say } from '../../http/respond';
import { idParamsSchema, pageQuerySchema, resellerGuard, resellerIdOf, type PageQuery, type Paginated } from './common';
import { subscriptionOf, usageEventPage, type Subscription, type SubscriptionStatus } from './subscriptions.repository';
import {
  createSubscription,
  editSubscription,
  listSubscriptions,
  loadSubscription,
  refundSubscription,
  registerRefundEvents,
  transitionSubscription,
  type NewSubscription,
  type Transition,
} from './subscriptions.service';

const SubscriptionSchema = Type.Object({
  id: Type.Integer(),
  customer_id: Type.Integer(),
  customer_name: Type.String(),
  email: Type.String(),
  username: Type.String(),
  package_id: Type.Integer(),
  plan_name: Type.String(),
  additional_credits: Type.Integer(),
  welcome_email: Type.Boolean(),
  status: StringEnum(['active', 'past_due', 'canceled'] as const),
  managed_by: StringEnum(['manual', 'provider'] as const),
  billing_provider: StringEnum(['sandbox', 'stripe', 'paykickstart'] as const, {
    description: 'Who collects the renewals.',
  }),
  source: StringEnum(['reseller', 'sales_page'] as const),
  cancel_at_period_end: Type.Boolean(),
  current_period_end: Timestamp(),
  canceled_at: Nullable(Timestamp()),
  refundable: Type.Boolean(),
  created_at: Timestamp(),
});
const SavedSubscription = Type.Object({ ...MessageProperties, data: SubscriptionSchema });
const UsageEvent = Type.Object({
  id: Type.Integer(),
  subscription_id: Type.Integer(),
  customer_name: Type.String(),
  username: Type.String(),
  event: Type.String(),
  detail: Type.Record(Type.String(), Type.Unknown()),
  created_at: Timestamp(),
});
/** The schemas of the subscription routes whose handlers are written on one line. */
const schemas = {
  usage: {
    summary: 'What happened to your subscriptions (paginated), newest first',
    querystring: objectSchema(pageQuerySchema),
    response: { 200: Page(UsageEvent) },
  },
  one: { summary: 'One subscription', params: idParamsSchema, response: { 200: SubscriptionSchema } },
  transition: (action: string) => ({
    summary: `${action[0]!.toUpperCase()}${action.slice(1)} a subscription`,
    params: idParamsSchema,
    response: { 200: SavedSubscription },
  }),
  refund: {
    summary: "Refund a subscription's last payment (and cancel it)",
    params: idParamsSchema,
    response: { 200: SavedSubscription },
  },
};

const USERNAME = '^[A-Za-z0-9_.-]+$';
const createSchema = objectSchema(
  {
    customer_name: { type: 'string', minLength: 1, maxLength: 150, pattern: '\\S' },
    email: emailSchema,
    username: { type: 'string', minLength: 3, maxLength: 60, pattern: USERNAME },
    package_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    additional_credits: { type: 'integer', minimum: 0, maximum: 10_000_000, default: 0 },
    welcome_email: { type: 'boolean', default: false },
  },
  ['customer_name', 'email', 'username', 'package_id'],
);
const editSchema = objectSchema(
  {
    customer_name: { type: 'string', minLength: 1, maxLength: 150, pattern: '\\S' },
    username: { type: 'string', minLength: 3, maxLength: 60, pattern: USERNAME },
    package_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    additional_credits: { type: 'integer', minimum: 0, maximum: 10_000_000, default: 0 },
  },
  ['customer_name', 'username', 'package_id'],
);

export function subscriptionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const payments = paymentsFor(deps);
  registerSubscriptionEvents(payments, db, () => clock.now());
  const guard = resellerGuard(app);

  app.get<{ Querystring: PageQuery & { status?: SubscriptionStatus } }>(
    '/api/whitelabel/subscriptions',
    {
      onRequest: guard,
      schema: {
        summary: 'Your subscriptions (paginated), newest first',
        querystring: objectSchema({
          ...pageQuerySchema,
          status: { type: 'string', enum: ['active', 'past_due', 'canceled'] },
        }),
        response: { 200: Page(SubscriptionSchema) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const { page, pageSize } = request.query;
      const { rows, total } = await listSubscriptions(db, owner, request.query, clock.now());
      const result: Paginated<Subscription> = { data: rows, currentPage: page, pageSize, total };
      return result;
    },
  );

  app.get<{ Querystring: PageQuery }>(
    '/api/whitelabel/subscriptions/usage-history',
    { onRequest: guard, schema: schemas.usage },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const { page, pageSize } = request.query;
      const { rows, total } = await usageEventPage(db, owner, page, pageSize);
      return { data: rows, currentPage: page, pageSize, total };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/whitelabel/subscriptions/:id',
    { onRequest: guard, schema: schemas.one },
    async (request) => loadSubscription(db, await resellerIdOf(db, request), request.params.id, clock.now()),
  );

  app.post<{ Body: NewSubscription }>(
    '/api/whitelabel/subscriptions',
    {
      onRequest: guard,
      schema: {
        summary: 'Add a subscription (and its customer account)',
        body: createSchema,
        response: { 201: SavedSubscription },
      },
    },
    async (request, reply) => {
      const owner = await resellerIdOf(db, request);
      const id = await createSubscription(deps, owner, request.body, request.lang);
      const data = await subscriptionOf(db, owner, id);
      reply.code(201);
      return { ...say(request, 'whitelabel.subscription_created'), data };
    },
  );

  app.put<{ Params: { id: number }; Body: Omit<NewSubscription, 'email' | 'welcome_email'> }>(
    '/api/whitelabel/subscriptions/:id',
    {
      onRequest: guard,
      schema: {
        summary: "Change a subscription's package or additional credits",
        params: idParamsSchema,
        body: editSchema,
        response: { 200: SavedSubscription },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      await editSubscription(deps, owner, request.params.id, request.body);
      const data = await subscriptionOf(db, owner, request.params.id);
      return { ...say(request, 'whitelabel.subscription_updated'), data };
    },
  );

  /** Spec §4 subscription transitions (subscriptions.service.ts). */
  const transition = (action: Transition) => async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const owner = await resellerIdOf(db, request);
    await transitionSubscription(deps, payments, owner, request.params.id, action);
    const data = await subscriptionOf(db, owner, request.params.id);
    return { ...say(request, `whitelabel.subscription_${action}`), data };
  };

  /** Spec §4 refund: the last payment goes back and the subscription ends at once, once (subscriptions.service.ts). */
  async function refund(request: FastifyRequest<{ Params: { id: number } }>) {
    const owner = await resellerIdOf(db, request);
    const id = request.params.id;
    await refundSubscription(deps, payments, owner, id);
    return { ...say(request, 'whitelabel.subscription_refund'), data: await subscriptionOf(db, owner, id) };
  }

  app.post<{ Params: { id: number } }>(
    '/api/whitelabel/subscriptions/:id/cancel',
    { onRequest: guard, schema: schemas.transition('cancel') },
    transition('cancel'),
  );
  app.post<{ Params: { id: number } }>(
    '/api/whitelabel/subscriptions/:id/restore',
    { onRequest: guard, schema: schemas.transition('restore') },
    transition('restore'),
  );
  app.post<{ Params: { id: number } }>(
    '/api/whitelabel/subscriptions/:id/reactivate',
    { onRequest: guard, schema: schemas.transition('reactivate') },
    transition('reactivate'),
  );
  app.post<{ Params: { id: number } }>(
    '/api/whitelabel/subscriptions/:id/refund',
    { onRequest: guard, schema: schemas.refund },
    refund,
  );
  registerRefundEvents(deps, payments);
}
