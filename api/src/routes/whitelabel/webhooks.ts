import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../../db';
import type { AppDeps } from '../../http/context';
import { Message, MessageProperties, Nullable, Page, StringEnum, Timestamp, Type } from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import { checkOutboundUrl } from '../../net/outbound';
import { queueOf } from '../../queue/jobQueue';
import { enqueueWhitelabelDelivery } from '../../workers/whitelabelWebhook';
import { say } from '../respond';
import { deliverQueued } from './webhookDelivery';
import {
  idParamsSchema,
  Issues,
  notFound,
  pageQuerySchema,
  resellerGuard,
  resellerIdOf,
  type PageQuery,
  type Paginated,
} from '../../modules/whitelabel/common';

/** Spec §3 Webhook: name, URL, subscription events, secret. Deliveries are POSTs signed with the secret. */
export const WEBHOOK_EVENTS = [
  'subscription.created',
  'subscription.updated',
  'subscription.canceled',
  'subscription.refunded',
  'subscription.restored',
  'subscription.reactivated',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const MAX_WEBHOOKS = 10;

export interface Webhook {
  id: number;
  name: string;
  url: string;
  events: WebhookEvent[];
  secret: string;
  last_status: string | null;
  last_delivery_at: string | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS = 'id, name, url, events, secret, last_status, last_delivery_at, created_at, updated_at';
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

/**
 * Queues `event` for every webhook of the reseller subscribed to it, inside the transaction that
 * makes the change (`tx`): the deliveries exist if and only if the change commits, so a crash
 * between the commit and the queueing cannot lose one. One `whitelabel-webhook` job per hook
 * (api/src/workers/whitelabelWebhook.ts), each delivered once with its delivery id, retried when
 * the receiver is down.
 */
export async function dispatchEvent(
  db: Db,
  tx: Queryable,
  ownerId: number,
  event: WebhookEvent,
  data: unknown,
  now: Date,
): Promise<void> {
  const { rows } = await tx.query<{ id: number }>(
    'SELECT id FROM whitelabel_webhooks WHERE owner_id = $1 AND events @> jsonb_build_array($2::text)',
    [ownerId, event],
  );
  for (const hook of rows)
    await enqueueWhitelabelDelivery(queueOf(db), tx, {
      hookId: hook.id,
      event,
      data,
      createdAt: now.toISOString(),
      deliveryId: `wl-webhook:${randomUUID()}`,
    });
}

const bodySchema = objectSchema(
  {
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
    url: { type: 'string', minLength: 1, maxLength: 2000 },
    events: {
      type: 'array',
      minItems: 1,
      maxItems: WEBHOOK_EVENTS.length,
      uniqueItems: true,
      items: { type: 'string', enum: WEBHOOK_EVENTS },
    },
    secret: { type: ['string', 'null'], maxLength: 200 },
  },
  ['name', 'url', 'events'],
);

interface WebhookBody {
  name: string;
  url: string;
  events: WebhookEvent[];
  secret?: string | null;
}

/** The check every webhook kind gets at save (api/src/net/outbound.ts); the send checks again at connect time. */
async function checkUrl(url: string): Promise<void> {
  const issues = new Issues();
  issues.url('url', url.trim());
  issues.throwIfAny();
  const verdict = await checkOutboundUrl(url);
  if (!verdict.ok && verdict.reason === 'private_address') throw unprocessable('settings.address_refused', 'url');
}

export function webhookRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  const guard = resellerGuard(app);

  app.get<{ Querystring: PageQuery }>(
    '/api/whitelabel/webhooks',
    {
      onRequest: guard,
      schema: {
        summary: 'Your webhooks (paginated), with the events one can subscribe to',
        querystring: objectSchema(pageQuerySchema),
        response: { 200: Page(WebhookSchema, { events: Type.Array(StringEnum(WEBHOOK_EVENTS)) }) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const { page, pageSize } = request.query;
      const { rows } = await db.query<Webhook>(
        `SELECT ${COLUMNS} FROM whitelabel_webhooks WHERE owner_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
        [owner, pageSize, (page - 1) * pageSize],
      );
      const count = await db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM whitelabel_webhooks WHERE owner_id = $1',
        [owner],
      );
      const result: Paginated<Webhook> & { events: readonly string[] } = {
        data: rows,
        currentPage: page,
        pageSize,
        total: count.rows[0]?.total ?? 0,
        events: WEBHOOK_EVENTS,
      };
      return result;
    },
  );

  app.post<{ Body: WebhookBody }>(
    '/api/whitelabel/webhooks',
    { onRequest: guard, schema: { summary: 'Add a webhook', body: bodySchema, response: { 201: SavedWebhook } } },
    async (request, reply) => {
      const owner = await resellerIdOf(db, request);
      const b = request.body;
      await checkUrl(b.url);
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [owner]);
        const count = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM whitelabel_webhooks WHERE owner_id = $1',
          [owner],
        );
        if ((count.rows[0]?.n ?? 0) >= MAX_WEBHOOKS)
          throw unprocessable('whitelabel.webhook_limit', 'name', { n: MAX_WEBHOOKS });
        const { rows } = await tx.query<Webhook>(
          `INSERT INTO whitelabel_webhooks (owner_id, name, url, events, secret, created_at, updated_at) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $6) RETURNING ${COLUMNS}`,
          [
            owner,
            b.name.trim(),
            b.url.trim(),
            JSON.stringify(b.events),
            b.secret?.trim() || `whsec_${randomBytes(24).toString('hex')}`,
            now,
          ],
        );
        return rows[0]!;
      });
      reply.code(201);
      return { ...say(request, 'whitelabel.webhook_created'), data: row };
    },
  );

  app.put<{ Params: { id: number }; Body: WebhookBody }>(
    '/api/whitelabel/webhooks/:id',
    {
      onRequest: guard,
      schema: {
        summary: 'Change a webhook',
        params: idParamsSchema,
        body: bodySchema,
        response: { 200: SavedWebhook },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const b = request.body;
      await checkUrl(b.url);
      const { rows } = await db.query<Webhook>(
        `UPDATE whitelabel_webhooks SET name = $3, url = $4, events = $5::jsonb, secret = COALESCE($6, secret), updated_at = $7 WHERE id = $1 AND owner_id = $2 RETURNING ${COLUMNS}`,
        [
          request.params.id,
          owner,
          b.name.trim(),
          b.url.trim(),
          JSON.stringify(b.events),
          b.secret?.trim() || null,
          clock.now(),
        ],
      );
      if (!rows[0]) throw notFound();
      return { ...say(request, 'whitelabel.webhook_updated'), data: rows[0] };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/whitelabel/webhooks/:id',
    { onRequest: guard, schema: { summary: 'Delete a webhook', params: idParamsSchema, response: { 200: Message } } },
    async (request) => {
      const { rowCount } = await db.query('DELETE FROM whitelabel_webhooks WHERE id = $1 AND owner_id = $2', [
        request.params.id,
        await resellerIdOf(db, request),
      ]);
      if (rowCount === 0) throw notFound();
      return say(request, 'whitelabel.webhook_deleted');
    },
  );

  app.post<{ Params: { id: number } }>(
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
      const { rows } = await db.query<{ id: number; url: string; secret: string }>(
        'SELECT id, url, secret FROM whitelabel_webhooks WHERE id = $1 AND owner_id = $2',
        [request.params.id, await resellerIdOf(db, request)],
      );
      const hook = rows[0];
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
