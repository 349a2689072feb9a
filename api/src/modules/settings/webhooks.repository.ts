import type { Queryable } from '../../db';
import type { WebhookEvent } from '../../workers/settingsWebhook';
import type { PageWindow } from '../../http/contract';

export interface WebhookRow {
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

export async function listWebhooks(
  db: Queryable,
  accountId: number,
  { limit, offset }: PageWindow,
): Promise<WebhookRow[]> {
  const { rows } = await db.query<WebhookRow>(
    `SELECT ${COLUMNS} FROM settings_webhooks WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [accountId, limit, offset],
  );
  return rows;
}

export async function countWebhooks(db: Queryable, accountId: number): Promise<number> {
  const count = await db.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM settings_webhooks WHERE user_id = $1',
    [accountId],
  );
  return count.rows[0]?.total ?? 0;
}

interface WebhookInput {
  name: string;
  url: string;
  events: readonly WebhookEvent[];
}

export async function insertWebhook(
  tx: Queryable,
  accountId: number,
  hook: WebhookInput & { secret: string },
  now: Date,
): Promise<WebhookRow> {
  return (
    await tx.query<WebhookRow>(
      `INSERT INTO settings_webhooks (user_id, name, url, events, secret, created_at, updated_at) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $6) RETURNING ${COLUMNS}`,
      [accountId, hook.name, hook.url, JSON.stringify(hook.events), hook.secret, now],
    )
  ).rows[0]!;
}

/** Changes the account's webhook (its secret only when one is given); undefined when it has none of that id. */
export async function updateWebhook(
  db: Queryable,
  id: number,
  accountId: number,
  hook: WebhookInput & { secret: string | null },
  now: Date,
): Promise<WebhookRow | undefined> {
  const { rows } = await db.query<WebhookRow>(
    `UPDATE settings_webhooks SET name = $3, url = $4, events = $5::jsonb, secret = COALESCE($6, secret), updated_at = $7 WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [id, accountId, hook.name, hook.url, JSON.stringify(hook.events), hook.secret, now],
  );
  return rows[0];
}

/** Whether the account had that webhook (it is gone now). */
export async function deleteWebhook(db: Queryable, id: number, accountId: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM settings_webhooks WHERE id = $1 AND user_id = $2', [id, accountId]);
  return rowCount > 0;
}

export async function webhookOf(db: Queryable, id: number, accountId: number): Promise<WebhookRow | undefined> {
  return (
    await db.query<WebhookRow>(`SELECT ${COLUMNS} FROM settings_webhooks WHERE id = $1 AND user_id = $2`, [
      id,
      accountId,
    ])
  ).rows[0];
}

/** The account's webhooks (a team member's user id: its owner's) subscribed to `event`, in id order. */
export async function subscribedWebhookIds(db: Queryable, userId: number, event: WebhookEvent): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT w.id FROM settings_webhooks w
      WHERE w.user_id = (SELECT COALESCE(u.team_owner_id, u.id) FROM users u WHERE u.id = $1) AND w.events ? $2
      ORDER BY w.id`,
    [userId, event],
  );
  return rows.map((r) => r.id);
}

/** Where a queued delivery goes: the hook's URL, its signing secret and its account; undefined once deleted. */
export async function webhookTarget(
  db: Queryable,
  id: number,
): Promise<{ id: number; url: string; secret: string; user_id: number } | undefined> {
  return (
    await db.query<{ id: number; url: string; secret: string; user_id: number }>(
      'SELECT id, url, secret, user_id FROM settings_webhooks WHERE id = $1',
      [id],
    )
  ).rows[0];
}

/** The last send's HTTP status (null: no answer) and time. */
export async function recordWebhookSend(db: Queryable, id: number, status: number | null, at: Date): Promise<void> {
  await db.query('UPDATE settings_webhooks SET last_status = $2, last_sent_at = $3 WHERE id = $1', [id, status, at]);
}
