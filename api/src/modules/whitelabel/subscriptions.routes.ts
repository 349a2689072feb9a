import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../http/context';
import {
  Defaulted,
  MessageProperties,
  Nullable,
  Page,
  PageQuery,
  StringEnum,
  Timestamp,
  Type,
} from '../../http/contract';
import { emailSchema } from '../../http/schemas';
import { paymentsFor } from '../../providers/payments';
import { registerSubscriptionEvents } from '../../providers/payments/subscriptionEvents';
import { say } from '../../http/respond';
import { idParamsSchema, notFound, pageQuerySchema, resellerGuard, resellerIdOf } from './common';
import { subscriptionOf, usageEventPage, type SubscriptionStatus } from './subscriptions.repository';
import {
  createSubscription,
  editSubscription,
  listSubscriptions,
  loadSubscription,
  refundSubscription,
  registerRefundEvents,
  transitionSubscription,
  type Transition,
} from './subscriptions.service';

const STATUSES = ['active', 'past_due', 'canceled'] as const satisfies readonly SubscriptionStatus[];

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
  status: StringEnum(STATUSES),
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
    querystring: PageQuery,
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
const CreateBody = Type.Object(
  {
    customer_name: Type.String({ minLength: 1, maxLength: 150, pattern: '\\S' }),
    email: emailSchema,
    username: Type.String({ minLength: 3, maxLength: 60, pattern: USERNAME }),
    package_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    additional_credits: Defaulted(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 })),
    welcome_email: Defaulted(Type.Boolean({ default: false })),
  },
  { additionalProperties: false },
);
const EditBody = Type.Object(
  {
    customer_name: Type.String({ minLength: 1, maxLength: 150, pattern: '\\S' }),
    username: Type.String({ minLength: 3, maxLength: 60, pattern: USERNAME }),
    package_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    additional_credits: Defaulted(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 })),
  },
  { additionalProperties: false },
);

export function subscriptionRoutes(api: FastifyInstance, deps: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock } = deps;
  const payments = paymentsFor(deps);
  registerSubscriptionEvents(payments, db, () => clock.now());
  const guard = resellerGuard(api);

  /** The subscription a change just saved (gone only if it was deleted in between). */
  const saved = async (owner: number, id: number) => {
    const data = await subscriptionOf(db, owner, id);
    if (!data) throw notFound();
    return data;
  };

  app.get(
    '/api/whitelabel/subscriptions',
    {
      onRequest: guard,
      schema: {
        summary: 'Your subscriptions (paginated), newest first',
        querystring: Type.Object(
          { ...pageQuerySchema, status: Type.Optional(StringEnum(STATUSES)) },
          { additionalProperties: false },
        ),
        response: { 200: Page(SubscriptionSchema) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const { page, pageSize } = request.query;
      const { rows, total } = await listSubscriptions(db, owner, request.query, clock.now());
      return { data: rows, currentPage: page, pageSize, total };
    },
  );

  app.get(
    '/api/whitelabel/subscriptions/usage-history',
    { onRequest: guard, schema: schemas.usage },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const { page, pageSize } = request.query;
      const { rows, total } = await usageEventPage(db, owner, page, pageSize);
      return { data: rows, currentPage: page, pageSize, total };
    },
  );

  app.get('/api/whitelabel/subscriptions/:id', { onRequest: guard, schema: schemas.one }, async (request) =>
    loadSubscription(db, await resellerIdOf(db, request), request.params.id, clock.now()),
  );

  app.post(
    '/api/whitelabel/subscriptions',
    {
      onRequest: guard,
      schema: {
        summary: 'Add a subscription (and its customer account)',
        body: CreateBody,
        response: { 201: SavedSubscription },
      },
    },
    async (request, reply) => {
      const owner = await resellerIdOf(db, request);
      const id = await createSubscription(deps, owner, request.body, request.lang);
      const data = await saved(owner, id);
      reply.code(201);
      return { ...say(request, 'whitelabel.subscription_created'), data };
    },
  );

  app.put(
    '/api/whitelabel/subscriptions/:id',
    {
      onRequest: guard,
      schema: {
        summary: "Change a subscription's package or additional credits",
        params: idParamsSchema,
        body: EditBody,
        response: { 200: SavedSubscription },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      await editSubscription(deps, owner, request.params.id, request.body);
      return { ...say(request, 'whitelabel.subscription_updated'), data: await saved(owner, request.params.id) };
    },
  );

  /** Spec §4 subscription transitions (subscriptions.service.ts). */
  async function transition(request: FastifyRequest, id: number, action: Transition) {
    const owner = await resellerIdOf(db, request);
    await transitionSubscription(deps, payments, owner, id, action);
    return { ...say(request, `whitelabel.subscription_${action}`), data: await saved(owner, id) };
  }

  app.post(
    '/api/whitelabel/subscriptions/:id/cancel',
    { onRequest: guard, schema: schemas.transition('cancel') },
    (request) => transition(request, request.params.id, 'cancel'),
  );
  app.post(
    '/api/whitelabel/subscriptions/:id/restore',
    { onRequest: guard, schema: schemas.transition('restore') },
    (request) => transition(request, request.params.id, 'restore'),
  );
  app.post(
    '/api/whitelabel/subscriptions/:id/reactivate',
    { onRequest: guard, schema: schemas.transition('reactivate') },
    (request) => transition(request, request.params.id, 'reactivate'),
  );
  /** Spec §4 refund: the last payment goes back and the subscription ends at once, once (subscriptions.service.ts). */
  app.post(
    '/api/whitelabel/subscriptions/:id/refund',
    { onRequest: guard, schema: schemas.refund },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const id = request.params.id;
      await refundSubscription(deps, payments, owner, id);
      return { ...say(request, 'whitelabel.subscription_refund'), data: await saved(owner, id) };
    },
  );
  registerRefundEvents(deps, payments);
}
