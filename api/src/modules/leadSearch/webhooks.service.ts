import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Db, SqlParam } from '../../db';
import { claimEffects } from '../../effects/externalEffects';
import { unprocessable, validationError } from '../../http/errors';
import type { SearchType } from '../../providers/leads';
import { queueOf } from '../../queue/jobQueue';
import { notFound } from './campaigns.service';
import { enqueueWebhookCheck } from '../../workers/listWebhook';
import { deliverListWebhook, WEBHOOK_MAX_ROWS } from './listWebhookDelivery.service';
import { suppressedAmong, suppressionDetail } from './suppressions.repository';
import { checkWebhookUrl } from './webhookGuard';
import {
  findListWebhook,
  lockWebhookSendable,
  markWebhookSending,
  markWebhookSuppressed,
  saveListWebhook,
  type WebhookRow,
} from './webhooks.repository';

/** The webhook of the user's list; 404 when the list is not the user's. */
export async function webhookOf(db: Db, userId: number, listId: number): Promise<WebhookRow> {
  const row = await findListWebhook(db, userId, listId);
  if (!row) throw notFound();
  return row;
}

/**
 * Sets a list's webhook URL (checked against private addresses: 400 `url`, 422 private or unresolvable) and keeps its
 * signing secret, or makes one when it has none or a new one is asked for.
 */
export async function setListWebhook(
  db: Db,
  userId: number,
  listId: number,
  rawUrl: string,
  regenerateSecret: boolean,
): Promise<{ url: string; secret: string }> {
  const current = await webhookOf(db, userId, listId);
  const verdict = await checkWebhookUrl(rawUrl.trim());
  if (!verdict.ok) {
    if (verdict.reason === 'invalid_url') throw validationError({ field: 'url', code: 'validation.url' });
    throw unprocessable(
      verdict.reason === 'private_address' ? 'leadSearch.webhook_private_address' : 'leadSearch.webhook_unresolvable',
      'url',
    );
  }
  const secret = !current.webhook_secret || regenerateSecret ? randomBytes(24).toString('hex') : current.webhook_secret;
  await saveListWebhook(db, userId, listId, verdict.url.toString(), secret);
  return { url: verdict.url.toString(), secret };
}

/**
 * Sends results of a list to its webhook (one signed POST of at most WEBHOOK_MAX_ROWS results; the
 * list toolbar's action and webhook autopilots). Spec §4: the rows go sending → sent / unsent. The
 * URL is checked again at send time (the host may resolve elsewhere now: DNS rebinding).
 *
 * Exactly once: the delivery gets an id (`delivery_id` in the body, `X-Webhook-Delivery` header)
 * recorded in external_effects in the transaction that marks the rows "sending", together with a
 * queued check that runs after the lease. The POST happens outside any transaction; its outcome and
 * the rows' statuses are recorded together. If the process dies in between, the check finds the
 * delivery still "sending" and delivers it again with the same id (receivers drop a repeat), so no
 * row stays "sending" longer than EFFECT_LEASE_SECONDS + the check's delay.
 */
export async function sendToListWebhook(
  db: Db,
  clock: Clock,
  list: { id: number; name: string; type: SearchType },
  hook: { url: string; secret: string },
  where: { sql: string; params: SqlParam[] },
): Promise<{ sent: number; unsent: number }> {
  const deliveryId = `list-webhook:${list.id}:${randomUUID()}`;
  // Mark first (own transaction) so the list shows "sending".
  const rows = await db.transaction(async (tx) => {
    const picked = await lockWebhookSendable(tx, where, WEBHOOK_MAX_ROWS);
    // A webhook send replaces what an earlier, finished CRM send left on the row (crmSend.service.ts); rows a
    // CRM send still holds ("sending" under its job) are left to it, or its answer would be lost.
    // Rows on the do-not-contact list are refused, each with the reason, and left out of the delivery.
    const suppressed = await suppressedAmong(tx, picked);
    for (const by of new Set(suppressed.values())) {
      const refusedIds = [...suppressed].filter(([, b]) => b === by).map(([id]) => id);
      await markWebhookSuppressed(tx, refusedIds, suppressionDetail(by));
    }
    const sending = picked.filter((id) => !suppressed.has(id));
    if (sending.length) {
      await markWebhookSending(tx, sending);
      await claimEffects(tx, 'webhook', [deliveryId]);
      await enqueueWebhookCheck(queueOf(db), { deliveryId, listId: list.id, resultIds: sending }, tx);
    }
    return { sending, refused: suppressed.size };
  });
  if (!rows.sending.length) return { sent: 0, unsent: rows.refused };
  const outcome = await deliverListWebhook(db, clock, deliveryId, list, hook, rows.sending);
  return { sent: outcome.sent, unsent: outcome.unsent + rows.refused };
}
