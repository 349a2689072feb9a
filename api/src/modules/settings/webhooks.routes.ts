import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import {
  Message,
  MessageProperties,
  Nullable,
  Page,
  PageQuery,
  StringEnum,
  Timestamp,
  Type,
  pageOf,
  pageWindow,
} from '../../http/contract';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../workers/settingsWebhook';
import { say } from '../../http/respond';
import { requestAccountId } from './account.routes';
import { idParamsSchema } from './account.schemas';
import { notFound } from './account.service';
import { countWebhooks, deleteWebhook, listWebhooks } from './webhooks.repository';
import { changeWebhook, createWebhook, sendTestEvent } from './webhooks.service';

export { WEBHOOK_EVENTS, type WebhookEvent };

const WebhookItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  events: Type.Array(StringEnum(WEBHOOK_EVENTS)),
  secret: Type.String(),
  last_status: Nullable(Type.Integer()),
  last_sent_at: Nullable(Timestamp()),
  created_at: Timestamp(),
});
const SavedWebhook = Type.Object({ ...MessageProperties, data: WebhookItem });

const WebhookBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    url: Type.String({ minLength: 1, maxLength: 2000, format: 'uri', pattern: '^https?://' }),
    events: Type.Array(StringEnum(WEBHOOK_EVENTS), {
      minItems: 1,
      maxItems: WEBHOOK_EVENTS.length,
      uniqueItems: true,
    }),
    secret: Type.Optional(Type.String({ minLength: 8, maxLength: 200, pattern: '^\\S+$' })),
  },
  { additionalProperties: false },
);

/**
 * Custom webhook connections (spec §3 Webhook: name, URL, subscription events, secret). The events
 * are queued by the changes that cause them (`queueWebhookEvent` in api/src/workers/settingsWebhook.ts)
 * and delivered by the queue.
 */
export function settingsWebhookRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { onRequest: api.requireAuth };

  app.get(
    '/api/integrations/webhooks',
    {
      ...guard,
      schema: {
        summary: 'Your webhooks (paginated), with the events one can subscribe to',
        querystring: PageQuery,
        response: { 200: Page(WebhookItem, { events: Type.Array(StringEnum(WEBHOOK_EVENTS)) }) },
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const rows = await listWebhooks(db, accountId, pageWindow(request.query));
      return {
        ...pageOf(rows, request.query, await countWebhooks(db, accountId)),
        events: [...WEBHOOK_EVENTS],
      };
    },
  );

  app.post(
    '/api/integrations/webhooks',
    {
      ...guard,
      schema: {
        summary: 'Add a webhook (a secret is generated when none is given)',
        body: WebhookBody,
        response: { 201: SavedWebhook },
      },
    },
    async (request, reply) => {
      const accountId = await requestAccountId(db, request);
      const row = await createWebhook({ db, clock }, accountId, request.body);
      reply.code(201);
      return { ...say(request, 'settings.webhook_created'), data: row };
    },
  );

  app.put(
    '/api/integrations/webhooks/:id',
    {
      ...guard,
      schema: {
        summary: 'Change a webhook',
        params: idParamsSchema,
        body: WebhookBody,
        response: { 200: SavedWebhook },
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const row = await changeWebhook({ db, clock }, accountId, request.params.id, request.body);
      return { ...say(request, 'settings.webhook_updated'), data: row };
    },
  );

  app.delete(
    '/api/integrations/webhooks/:id',
    { ...guard, schema: { summary: 'Delete a webhook', params: idParamsSchema, response: { 200: Message } } },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      if (!(await deleteWebhook(db, request.params.id, accountId))) throw notFound();
      return say(request, 'settings.webhook_deleted');
    },
  );

  /** Sends a signed test event now and answers with the receiver's HTTP status. */
  app.post(
    '/api/integrations/webhooks/:id/test',
    {
      ...guard,
      schema: {
        summary: "Send a signed test event now; answers the receiver's HTTP status",
        params: idParamsSchema,
        response: { 200: Type.Object({ ...MessageProperties, status: Type.Integer(), ok: Type.Boolean() }) },
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const status = await sendTestEvent({ db, clock }, accountId, request.params.id);
      return {
        ...say(request, 'settings.webhook_test_sent', { status }),
        status,
        ok: status >= 200 && status < 300,
      };
    },
  );
}
