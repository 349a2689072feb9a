import type { Queryable } from '../../db';
import type { PageWindow } from '../../http/contract';
import type { Webhook, WebhookEvent } from './webhooks.schemas';

const COLUMNS = 'id, name, url, events, secret, last_status, last_delivery_at, created_at, updated_at';

export interface WebhookValues {
  name: string;
  url: string;
  events: WebhookEvent[];
  secret: string;
}

export async function listWebhooks(q: Queryable, ownerId: number, { limit, offset }: PageWindow): Promise<Webhook[]> {
  const { rows } = await q.query<Webhook>(
    `SELECT ${COLUMNS} FROM whitelabel_webhooks WHERE owner_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [ownerId, limit, offset],
  );
  return rows;
}

export async function countWebhooks(q: Queryable, ownerId: number): Promise<number> {
  const count = await q.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM whitelabel_webhooks WHERE owner_id = $1',
    [ownerId],
  );
  return count.rows[0]?.total ?? 0;
}

export async function insertWebhook(q: Queryable, ownerId: number, v: WebhookValues, now: Date): Promise<Webhook> {
  const { rows } = await q.query<Webhook>(
    `INSERT INTO whitelabel_webhooks (owner_id, name, url, events, secret, created_at, updated_at) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $6) RETURNING ${COLUMNS}`,
    [ownerId, v.name, v.url, JSON.stringify(v.events), v.secret, now],
  );
  return rows[0]!;
}

/** A null secret keeps the stored one. Null when the webhook is not the owner's. */
export async function updateWebhook(
  q: Queryable,
  id: number,
  ownerId: number,
  v: Omit<WebhookValues, 'secret'> & { secret: string | null },
  now: Date,
): Promise<Webhook | null> {
  const { rows } = await q.query<Webhook>(
    `UPDATE whitelabel_webhooks SET name = $3, url = $4, events = $5::jsonb, secret = COALESCE($6, secret), updated_at = $7 WHERE id = $1 AND owner_id = $2 RETURNING ${COLUMNS}`,
    [id, ownerId, v.name, v.url, JSON.stringify(v.events), v.secret, now],
  );
  return rows[0] ?? null;
}

export async function deleteWebhook(q: Queryable, id: number, ownerId: number): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM whitelabel_webhooks WHERE id = $1 AND owner_id = $2', [id, ownerId]);
  return rowCount !== 0;
}

/** Where a queued delivery goes (any reseller's hook): its URL and signing secret; undefined once deleted. */
export async function queuedWebhookTarget(
  q: Queryable,
  id: number,
): Promise<{ id: number; url: string; secret: string } | undefined> {
  const { rows } = await q.query<{ id: number; url: string; secret: string }>(
    'SELECT id, url, secret FROM whitelabel_webhooks WHERE id = $1',
    [id],
  );
  return rows[0];
}

/** Where a webhook of the owner is sent, or null. */
export async function webhookTargetOf(
  q: Queryable,
  id: number,
  ownerId: number,
): Promise<{ id: number; url: string; secret: string } | null> {
  const { rows } = await q.query<{ id: number; url: string; secret: string }>(
    'SELECT id, url, secret FROM whitelabel_webhooks WHERE id = $1 AND owner_id = $2',
    [id, ownerId],
  );
  return rows[0] ?? null;
}

/** The owner's webhooks subscribed to `event`. */
export async function webhooksSubscribedTo(q: Queryable, ownerId: number, event: string): Promise<{ id: number }[]> {
  const { rows } = await q.query<{ id: number }>(
    'SELECT id FROM whitelabel_webhooks WHERE owner_id = $1 AND events @> jsonb_build_array($2::text)',
    [ownerId, event],
  );
  return rows;
}

/** The reseller a webhook belongs to, or null when it is gone. */
export async function webhookOwnerOf(q: Queryable, id: number): Promise<number | null> {
  const owner = (await q.query<{ owner_id: number }>('SELECT owner_id FROM whitelabel_webhooks WHERE id = $1', [id]))
    .rows[0];
  return owner ? owner.owner_id : null;
}

/** The last delivery's status (the HTTP status, or why it failed), now. */
export async function recordWebhookStatus(q: Queryable, id: number, status: string): Promise<void> {
  await q.query('UPDATE whitelabel_webhooks SET last_status = $2, last_delivery_at = now() WHERE id = $1', [
    id,
    status,
  ]);
}
