import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Message, MessageProperties, Nullable, Page, StringEnum, Timestamp, Type } from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import { checkOutboundUrl } from '../../net/outbound';
import { postSigned, sendsLegacyHeaders } from '../../net/signedPost';
import { WEBHOOK_EVENTS, webhookBody, type WebhookEvent } from '../../workers/settingsWebhook';
import { say } from '../../routes/respond';
import { requestAccountId } from './account.routes';
import {
  idParamsSchema,
  pageQuerySchema,
  type PageQuery,
  type Paginated,
} from './account.schemas';
import { notFound } from './account.service';

export { WEBHOOK_EVENTS, type WebhookEvent };
export const MAX_WEBHOOKS = 50;

interface WebhookRow {
  id: number;
  name: string;
  url: string;
  events: WebhookEvent[];
  secret: string;
  last_status: number | null;
  last_sent_at: string | null;
  created_at: string;
}

const COLUMNS = 'id, name, url, events, secret, last_status, last_sent_at, created_at';
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

const bodyProperties = {
  name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
  url: { type: 'string', minLength: 1, maxLength: 2000, format: 'uri', pattern: '^https?://' },
  events: {
    type: 'array',
    minItems: 1,
    maxItems: WEBHOOK_EVENTS.length,
    uniqueItems: true,
    items: { type: 'string', enum: WEBHOOK_EVENTS },
  },
  secret: { type: 'string', minLength: 8, maxLength: 200, pattern: '^\\S+$' },
} as const;

type WebhookBody = { name: string; url: string; events: WebhookEvent[]; secret?: string };

/**
 * Refuses URLs that point at private or loopback addresses (unless OUTBOUND_ALLOW_HOSTS lists them).
 * A name that does not resolve yet is kept: the send checks again at connect time.
 */
async function checkTarget(raw: string): Promise<void> {
  const verdict = await checkOutboundUrl(raw);
  if (verdict.ok || verdict.reason === 'unresolvable') return;
  throw unprocessable(verdict.reason === 'invalid_url' ? 'validation.url' : 'settings.address_refused', 'url');
}

/**
 * Custom webhook connections (spec §3 Webhook: name, URL, subscription events, secret). The events
 * are queued by the changes that cause them (`queueWebhookEvent` in api/src/workers/settingsWebhook.ts)
 * and delivered by the queue.
 */
export function settingsWebhookRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  const guard = { onRequest: app.requireAuth };

  app.get<{ Querystring: PageQuery }>(
    '/api/integrations/webhooks',
    {
      ...guard,
      schema: {
        summary: 'Your webhooks (paginated), with the events one can subscribe to',
        querystring: objectSchema(pageQuerySchema),
        response: { 200: Page(WebhookItem, { events: Type.Array(StringEnum(WEBHOOK_EVENTS)) }) },
      },
    },
    async (request): Promise<Paginated<WebhookRow> & { events: readonly string[] }> => {
      const accountId = await requestAccountId(db, request);
      const { page, pageSize } = request.query;
      const { rows } = await db.query<WebhookRow>(
        `SELECT ${COLUMNS} FROM settings_webhooks WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
        [accountId, pageSize, (page - 1) * pageSize],
      );
      const count = await db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM settings_webhooks WHERE user_id = $1',
        [accountId],
      );
      return { data: rows, currentPage: page, pageSize, total: count.rows[0]?.total ?? 0, events: WEBHOOK_EVENTS };
    },
  );

  app.post<{ Body: WebhookBody }>(
    '/api/integrations/webhooks',
    {
      ...guard,
      schema: {
        summary: 'Add a webhook (a secret is generated when none is given)',
        body: objectSchema(bodyProperties, ['name', 'url', 'events']),
        response: { 201: SavedWebhook },
      },
    },
    async (request, reply) => {
      const accountId = await requestAccountId(db, request);
      const { name, url, events, secret } = request.body;
      await checkTarget(url);
      const row = await db.transaction(async (tx) => {
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [accountId]);
        const count = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM settings_webhooks WHERE user_id = $1',
          [accountId],
        );
        if ((count.rows[0]?.n ?? 0) >= MAX_WEBHOOKS)
          throw unprocessable('settings.webhook_limit', 'name', { n: MAX_WEBHOOKS });
        const now = clock.now();
        return (
          await tx.query<WebhookRow>(
            `INSERT INTO settings_webhooks (user_id, name, url, events, secret, created_at, updated_at) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $6) RETURNING ${COLUMNS}`,
            [
              accountId,
              name.trim(),
              url.trim(),
              JSON.stringify(events),
              secret ?? `whsec_${randomBytes(24).toString('base64url')}`,
              now,
            ],
          )
        ).rows[0]!;
      });
      reply.code(201);
      return { ...say(request, 'settings.webhook_created'), data: row };
    },
  );

  app.put<{ Params: { id: number }; Body: WebhookBody }>(
    '/api/integrations/webhooks/:id',
    {
      ...guard,
      schema: {
        summary: 'Change a webhook',
        params: idParamsSchema,
        body: objectSchema(bodyProperties, ['name', 'url', 'events']),
        response: { 200: SavedWebhook },
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const { name, url, events, secret } = request.body;
      await checkTarget(url);
      const { rows } = await db.query<WebhookRow>(
        `UPDATE settings_webhooks SET name = $3, url = $4, events = $5::jsonb, secret = COALESCE($6, secret), updated_at = $7 WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
        [request.params.id, accountId, name.trim(), url.trim(), JSON.stringify(events), secret ?? null, clock.now()],
      );
      if (!rows[0]) throw notFound();
      return { ...say(request, 'settings.webhook_updated'), data: rows[0] };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/integrations/webhooks/:id',
    { ...guard, schema: { summary: 'Delete a webhook', params: idParamsSchema, response: { 200: Message } } },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const { rowCount } = await db.query('DELETE FROM settings_webhooks WHERE id = $1 AND user_id = $2', [
        request.params.id,
        accountId,
      ]);
      if (rowCount === 0) throw notFound();
      return say(request, 'settings.webhook_deleted');
    },
  );

  /** Sends a signed test event now and answers with the receiver's HTTP status. */
  app.post<{ Params: { id: number } }>(
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
      const hook = (
        await db.query<WebhookRow>(`SELECT ${COLUMNS} FROM settings_webhooks WHERE id = $1 AND user_id = $2`, [
          request.params.id,
          accountId,
        ])
      ).rows[0];
      if (!hook) throw notFound();
      const now = clock.now();
      const deliveryId = `webhook-test:${randomUUID()}`;
      const body = webhookBody(hook.id, {
        event: 'test',
        deliveryId,
        createdAt: now.toISOString(),
        data: { message: 'Test event', subscribed_events: hook.events },
      });
      const outcome = await postSigned(hook.url, body, {
        secret: hook.secret,
        event: 'test',
        deliveryId,
        legacy: await sendsLegacyHeaders(db, accountId),
      });
      await db.query('UPDATE settings_webhooks SET last_status = $2, last_sent_at = $3 WHERE id = $1', [
        hook.id,
        outcome.ok ? outcome.status : null,
        now,
      ]);
      if (!outcome.ok) {
        if (outcome.error === 'address_refused') throw unprocessable('settings.address_refused', 'url');
        throw unprocessable('settings.webhook_unreachable', 'url');
      }
      return {
        ...say(request, 'settings.webhook_test_sent', { status: outcome.status }),
        status: outcome.status,
        ok: outcome.status >= 200 && outcome.status < 300,
      };
    },
  );
}
