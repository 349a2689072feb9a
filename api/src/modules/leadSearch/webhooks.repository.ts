import type { Queryable, SqlParam } from '../../db';
import type { SearchType } from '../../providers/leads';

/**
 * List webhooks (columns `webhook_url`, `webhook_secret` of `campaigns`) and the rows a delivery sends: the SQL of
 * webhooks.service.ts, listWebhookDelivery.service.ts and the `list-webhook-check` worker.
 */
export interface WebhookRow {
  webhook_url: string | null;
  webhook_secret: string | null;
}

/** The webhook of the user's list, or null when the list is not the user's. */
export async function findListWebhook(db: Queryable, userId: number, listId: number): Promise<WebhookRow | null> {
  const { rows } = await db.query<WebhookRow>(
    'SELECT webhook_url, webhook_secret FROM campaigns WHERE id = $1 AND user_id = $2',
    [listId, userId],
  );
  return rows[0] ?? null;
}

export async function saveListWebhook(
  db: Queryable,
  userId: number,
  listId: number,
  url: string,
  secret: string,
): Promise<void> {
  await db.query(
    'UPDATE campaigns SET webhook_url = $3, webhook_secret = $4, updated_at = now() WHERE id = $1 AND user_id = $2',
    [listId, userId, url, secret],
  );
}

/**
 * Locks (FOR UPDATE) the ids of up to `limit` results matching `where` that a webhook send may take: not still being
 * looked up, and not "sending" under a CRM send job.
 */
export async function lockWebhookSendable(
  tx: Queryable,
  where: { sql: string; params: SqlParam[] },
  limit: number,
): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    `SELECT r.id::int AS id FROM campaign_results r
          WHERE ${where.sql} AND r.email_status <> 'looking' AND NOT (r.crm_status = 'sending' AND r.crm_job_id IS NOT NULL)
          ORDER BY r.id LIMIT ${limit} FOR UPDATE`,
    where.params,
  );
  return rows.map((r) => r.id);
}

/** Results a webhook send refuses because they are on the do-not-contact list (unsent, `crm_error = 'suppressed'`). */
export async function markWebhookSuppressed(tx: Queryable, ids: number[], detail: string): Promise<void> {
  await tx.query(
    `UPDATE campaign_results SET crm_status = 'unsent', crm_job_id = NULL, crm_provider = NULL, crm_error = 'suppressed', crm_error_detail = $2 WHERE id = ANY($1::bigint[])`,
    [`{${ids.join(',')}}`, detail],
  );
}

/** Results a webhook delivery takes: "sending" with no CRM job, replacing what an earlier send left on them. */
export async function markWebhookSending(tx: Queryable, ids: number[]): Promise<void> {
  await tx.query(
    `UPDATE campaign_results SET crm_status = 'sending', crm_job_id = NULL, crm_provider = NULL, crm_error = NULL, crm_error_detail = NULL WHERE id = ANY($1::bigint[])`,
    [`{${ids.join(',')}}`],
  );
}

/** The results a delivery posts, as the receiver gets them. */
export async function webhookDeliveryResults(
  db: Queryable,
  listId: number,
  resultIds: number[],
): Promise<(Record<string, unknown> & { id: number })[]> {
  const { rows } = await db.query<Record<string, unknown> & { id: number }>(
    `SELECT r.id::int AS id, r.name, r.company, r.job_title, r.email, r.email_status, r.phone, r.website, r.city, r.data FROM campaign_results r
        WHERE r.campaign_id = $1 AND r.id = ANY($2::bigint[]) ORDER BY r.id`,
    [listId, `{${resultIds.join(',')}}`],
  );
  return rows;
}

/** The owner of a list, or null when it is gone. */
export async function listOwnerId(db: Queryable, listId: number): Promise<number | null> {
  const { rows } = await db.query<{ user_id: number }>('SELECT user_id FROM campaigns WHERE id = $1', [listId]);
  return rows[0]?.user_id ?? null;
}

/** A delivery's rows still "sending" (under no CRM job) become sent or unsent. */
export async function settleWebhookRows(tx: Queryable, resultIds: number[], delivered: boolean): Promise<void> {
  await tx.query(
    `UPDATE campaign_results SET crm_status = $2, sent = sent OR $3 WHERE id = ANY($1::bigint[]) AND crm_status = 'sending' AND crm_job_id IS NULL`,
    [`{${resultIds.join(',')}}`, delivered ? 'sent' : 'unsent', delivered],
  );
}

/**
 * A list with its webhook, whoever owns it (an autopilot run's list, a delivery's check), or undefined when the list
 * is gone.
 */
export async function listWithWebhook(
  db: Queryable,
  listId: number,
): Promise<(WebhookRow & { id: number; name: string; type: SearchType }) | undefined> {
  const { rows } = await db.query<WebhookRow & { id: number; name: string; type: SearchType }>(
    'SELECT id, name, list_type AS type, webhook_url, webhook_secret FROM campaigns WHERE id = $1',
    [listId],
  );
  return rows[0];
}
