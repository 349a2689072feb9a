import { randomBytes, randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import {
  Message,
  MessageProperties,
  Nullable,
  OrNull,
  Page,
  PageQuery,
  StringEnum,
  Timestamp,
  Type,
  pageOf,
  pageWindow,
} from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { checkOutboundUrl } from '../../net/outbound';
import { say } from '../../http/respond';
import { deliverQueued } from './webhookDelivery.service';
import { idParamsSchema, Issues, notFound, resellerGuard, resellerIdOf } from './common';
import { WEBHOOK_EVENTS } from './webhooks.schemas';
import { countWebhooks, deleteWebhook, listWebhooks, updateWebhook, webhookTargetOf } from './webhooks.repository';
import { createWebhook } from './webhooks.service';

const WebhookSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  events: Type.Array(StringEnum(WEBHOOK_EVENTS)),
  secret: Type.String(),
  last_status: Nullable(Type.String({ description: "The last delivery's HTTP status, or why it failed." })),
  last_delivery_at: Nullable(Timestamp()),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});
const SavedWebhook = Type.Object({ ...MessageProperties, data: WebhookSchema });

const WebhookBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    url: Type.String({ minLength: 1, maxLength: 2000 }),
    events: Type.Array(StringEnum(WEBHOOK_EVENTS), {
      minItems: 1,
      maxItems: WEBHOOK_EVENTS.length,
      uniqueItems: true,
    }),
    secret: Type.Optional(OrNull(Type.String({ maxLength: 200 }))),
  },
  { additionalProperties: false },
);

/** The check every webhook kind gets at save (api/src/net/outbound.ts); the send checks again at connect time. */
async function checkUrl(url: string): Promise<void> {
  const issues = new Issues();
  issues.url('url', url.trim());
  issues.throwIfAny();
  const verdict = await checkOutboundUrl(url);
  if (!verdict.ok && verdict.reason === 'private_address') throw unprocessable('settings.address_refused', 'url');
}

export function webhookRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = resellerGuard(api);

  app.get(
    '/api/whitelabel/webhooks',
    {
      onRequest: guard,
      schema: {
        summary: 'Your webhooks (paginated), with the events one can subscribe to',
        querystring: PageQuery,
        response: { 200: Page(WebhookSchema, { events: Type.Array(StringEnum(WEBHOOK_EVENTS)) }) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const rows = await listWebhooks(db, owner, pageWindow(request.query));
      const total = await countWebhooks(db, owner);
      return { ...pageOf(rows, request.query, total), events: [...WEBHOOK_EVENTS] };
    },
  );

  app.post(
    '/api/whitelabel/webhooks',
    { onRequest: guard, schema: { summary: 'Add a webhook', body: WebhookBody, response: { 201: SavedWebhook } } },
    async (request, reply) => {
      const owner = await resellerIdOf(db, request);
      const b = request.body;
      await checkUrl(b.url);
      const row = await createWebhook(
        db,
        owner,
        {
          name: b.name.trim(),
          url: b.url.trim(),
          events: b.events,
          secret: b.secret?.trim() || `whsec_${randomBytes(24).toString('hex')}`,
        },
        clock.now(),
      );
      reply.code(201);
      return { ...say(request, 'whitelabel.webhook_created'), data: row };
    },
  );

  app.put(
    '/api/whitelabel/webhooks/:id',
    {
      onRequest: guard,
      schema: {
        summary: 'Change a webhook',
        params: idParamsSchema,
        body: WebhookBody,
        response: { 200: SavedWebhook },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const b = request.body;
      await checkUrl(b.url);
      const data = await updateWebhook(
        db,
        request.params.id,
        owner,
        { name: b.name.trim(), url: b.url.trim(), events: b.events, secret: b.secret?.trim() || null },
        clock.now(),
      );
      if (!data) throw notFound();
      return { ...say(request, 'whitelabel.webhook_updated'), data };
    },
  );

  app.delete(
    '/api/whitelabel/webhooks/:id',
    { onRequest: guard, schema: { summary: 'Delete a webhook', params: idParamsSchema, response: { 200: Message } } },
    async (request) => {
      if (!(await deleteWebhook(db, request.params.id, await resellerIdOf(db, request)))) throw notFound();
      return say(request, 'whitelabel.webhook_deleted');
    },
  );

  app.post(
    '/api/whitelabel/webhooks/:id/test',
    {
      onRequest: guard,
      schema: {
        summary: "Send a test event now; answers the receiver's HTTP status",
        params: idParamsSchema,
        response: { 200: Type.Object({ ...MessageProperties, status: Type.Integer() }) },
      },
    },
    async (request) => {
      const hook = await webhookTargetOf(db, request.params.id, await resellerIdOf(db, request));
      if (!hook) throw notFound();
      const outcome = await deliverQueued(db, hook, {
        event: 'webhook.test',
        data: { message: 'test' },
        createdAt: clock.now().toISOString(),
        deliveryId: `wl-webhook-test:${randomUUID()}`,
      });
      if (!outcome.ok) throw unprocessable('whitelabel.webhook_unreachable', 'url', { reason: outcome.error });
      return {
        ...say(request, 'whitelabel.webhook_test_sent', { status: String(outcome.status) }),
        status: outcome.status,
      };
    },
  );
}
