/**
 * One POST of a reseller's webhook delivery, shared by the `whitelabel-webhook` worker
 * (api/src/workers/whitelabelWebhook.ts) and the test event of webhooks.routes.ts.
 */
import type { Db } from '../../db';
import { postSigned, sendsLegacyHeaders, type PostOutcome } from '../../net/signedPost';
import { recordWebhookStatus, webhookOwnerOf } from './webhooks.repository';

/** One POST of a delivery (queued, or the test event): the body carries its delivery id, the hook's last status is recorded. */
export async function deliverQueued(
  db: Db,
  hook: { id: number; url: string; secret: string },
  d: { event: string; data: unknown; createdAt: string; deliveryId: string },
): Promise<PostOutcome> {
  const body = JSON.stringify({ event: d.event, delivery_id: d.deliveryId, created_at: d.createdAt, data: d.data });
  const owner = await webhookOwnerOf(db, hook.id);
  const legacy = owner !== null ? await sendsLegacyHeaders(db, owner) : false;
  const outcome = await postSigned(hook.url, body, {
    secret: hook.secret,
    event: d.event,
    deliveryId: d.deliveryId,
    legacy,
  });
  await recordWebhookStatus(db, hook.id, outcome.ok ? String(outcome.status) : outcome.error);
  return outcome;
}
