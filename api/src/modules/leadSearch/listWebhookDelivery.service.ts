/**
 * A list webhook's delivery: one signed POST of results (outside any transaction), then its outcome
 * and the rows' statuses together. Sends (webhooks.service.ts: the toolbar, autopilots) and the
 * `list-webhook-check` worker (api/src/workers/listWebhook.ts, a delivery left "sending") both deliver
 * through it; workflows sign their posts with webhookSignature.
 */
import { createHmac } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Db } from '../../db';
import { settleEffects } from '../../effects/externalEffects';
import type { SearchType } from '../../providers/leads';
import { guardedPost, sendsLegacyHeaders, webhookHeaders } from '../../net/signedPost';
import { checkWebhookUrl } from './webhookGuard';
import { listOwnerId, settleWebhookRows, webhookDeliveryResults } from './webhooks.repository';

/** Most results one send handles (one bounded POST to the receiver). */
export const WEBHOOK_MAX_ROWS = 500;
export const WEBHOOK_TIMEOUT_MS = 5000;

/** `sha256=<hex>` of `<timestamp>.<body>` under the list's secret: what a receiver checks. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The old `X-Leadsmith-*` header names too, for a list of an account no reseller owns (ADR 031). */
async function listOwnerGetsLegacyHeaders(db: Db, listId: number): Promise<boolean> {
  const owner = await listOwnerId(db, listId);
  return owner !== null ? sendsLegacyHeaders(db, owner) : false;
}

/** The POST of one delivery (outside any transaction), then its outcome and the rows' statuses together. */
export async function deliverListWebhook(
  db: Db,
  clock: Clock,
  deliveryId: string,
  list: { id: number; name: string; type: SearchType },
  hook: { url: string; secret: string },
  resultIds: number[],
): Promise<{ sent: number; unsent: number }> {
  const results = await webhookDeliveryResults(db, list.id, resultIds);
  const body = JSON.stringify({ event: 'leads.sent', delivery_id: deliveryId, list, results });
  const timestamp = String(Math.floor(clock.now().getTime() / 1000));
  let delivered = false;
  let status: number | null = null;
  const verdict = await checkWebhookUrl(hook.url);
  if (verdict.ok) {
    // Pinned to the address the guard checks at connect time; redirects are not followed.
    const outcome = await guardedPost(
      verdict.url,
      body,
      webhookHeaders(
        { delivery: deliveryId, timestamp, signature: webhookSignature(hook.secret, timestamp, body) },
        { legacy: await listOwnerGetsLegacyHeaders(db, list.id) },
      ),
      { timeoutMs: WEBHOOK_TIMEOUT_MS },
    );
    delivered = outcome.ok && outcome.status >= 200 && outcome.status < 300;
    status = outcome.ok ? outcome.status : null;
  }
  await db.transaction(async (tx) => {
    await settleEffects(tx, [{ key: deliveryId, ok: delivered, outcome: { status, results: resultIds.length } }]);
    await settleWebhookRows(tx, resultIds, delivered);
  });
  return delivered ? { sent: resultIds.length, unsent: 0 } : { sent: 0, unsent: resultIds.length };
}
