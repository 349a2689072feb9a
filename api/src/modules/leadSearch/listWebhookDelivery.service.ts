/**
 * A list webhook's delivery: one signed POST of results (outside any transaction), then its outcome
 * and the rows' statuses together. Sends (webhooks.service.ts: the toolbar, autopilots) and the
 * `list-webhook-check` worker (api/src/workers/listWebhook.ts, a delivery left "sending") both deliver
 * through it; a workflow's connection node posts its own body through postWebhookDelivery, as it does.
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

/**
 * The signed POST of one delivery to a list's webhook, with no transaction open: the URL is checked again at send
 * time (the host may resolve elsewhere now: DNS rebinding) and the connection pinned to the checked address;
 * redirects are not followed. `legacyHeaders` says whether the old header names go too (asked only when the URL
 * passes). Answers whether the receiver took it (2xx) and its status (null when nothing was posted or it failed).
 */
export async function postWebhookDelivery(
  clock: Clock,
  hook: { url: string; secret: string },
  deliveryId: string,
  body: string,
  legacyHeaders: () => Promise<boolean>,
): Promise<{ delivered: boolean; status: number | null }> {
  const timestamp = String(Math.floor(clock.now().getTime() / 1000));
  const verdict = await checkWebhookUrl(hook.url);
  if (!verdict.ok) return { delivered: false, status: null };
  const outcome = await guardedPost(
    verdict.url,
    body,
    webhookHeaders(
      { delivery: deliveryId, timestamp, signature: webhookSignature(hook.secret, timestamp, body) },
      { legacy: await legacyHeaders() },
    ),
    { timeoutMs: WEBHOOK_TIMEOUT_MS },
  );
  return {
    delivered: outcome.ok && outcome.status >= 200 && outcome.status < 300,
    status: outcome.ok ? outcome.status : null,
  };
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
  const { delivered, status } = await postWebhookDelivery(clock, hook, deliveryId, body, () =>
    listOwnerGetsLegacyHeaders(db, list.id),
  );
  await db.transaction(async (tx) => {
    await settleEffects(tx, [{ key: deliveryId, ok: delivered, outcome: { status, results: resultIds.length } }]);
    await settleWebhookRows(tx, resultIds, delivered);
  });
  return delivered ? { sent: resultIds.length, unsent: 0 } : { sent: 0, unsent: resultIds.length };
}
