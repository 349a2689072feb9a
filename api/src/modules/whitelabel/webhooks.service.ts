import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../db';
import { unprocessable } from '../../http/errors';
import { queueOf } from '../../queue/jobQueue';
import { enqueueWhitelabelDelivery } from '../../workers/whitelabelWebhook';
import { lockReseller } from './reseller.repository';
import type { Webhook, WebhookEvent } from './webhooks.schemas';
import { countWebhooks, insertWebhook, webhooksSubscribedTo, type WebhookValues } from './webhooks.repository';

export const MAX_WEBHOOKS = 10;

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
  for (const hook of await webhooksSubscribedTo(tx, ownerId, event))
    await enqueueWhitelabelDelivery(queueOf(db), tx, {
      hookId: hook.id,
      event,
      data,
      createdAt: now.toISOString(),
      deliveryId: `wl-webhook:${randomUUID()}`,
    });
}

/** Adds a webhook, at most MAX_WEBHOOKS per reseller (counted under the reseller's row lock). */
export async function createWebhook(db: Db, ownerId: number, v: WebhookValues, now: Date): Promise<Webhook> {
  return db.transaction(async (tx) => {
    await lockReseller(tx, ownerId);
    if ((await countWebhooks(tx, ownerId)) >= MAX_WEBHOOKS)
      throw unprocessable('whitelabel.webhook_limit', 'name', { n: MAX_WEBHOOKS });
    return insertWebhook(tx, ownerId, v, now);
  });
}
