import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db';
import { claimEffects, EFFECT_LEASE_SECONDS, releaseEffect, settleEffects } from '../effects/externalEffects';
import { postSigned, sendsLegacyHeaders } from '../net/signedPost';
import { recordWebhookSend, subscribedWebhookIds, webhookTarget } from '../modules/settings/webhooks.repository';
import type { JobQueue } from '../queue/jobQueue';

export const SETTINGS_WEBHOOK = 'settings-webhook';
/** Attempts after the first while the receiver fails (backoff from 10 s: 10, 20, 40, 80, 160 s). */
export const SETTINGS_WEBHOOK_RETRIES = 5;

import type { WebhookEvent } from '@leadsmith/shared/constants';

export { WEBHOOK_EVENTS, type WebhookEvent } from '@leadsmith/shared/constants';

interface Delivery {
  hookId: number;
  event: WebhookEvent;
  data: unknown;
  createdAt: string;
  /** `webhook:<uuid>`: the external_effects key, the body's `delivery_id` and `X-Webhook-Delivery`. */
  deliveryId: string;
}

/**
 * Queues `event` for every webhook of the account of `userId` (a team member's change goes to the
 * owner's webhooks) subscribed to it, inside the transaction that makes the change (`tx`): the
 * deliveries exist if and only if the change commits. One `settings-webhook` job per hook, each
 * with its own delivery id. Returns how many were queued.
 */
export async function queueWebhookEvent(
  queue: JobQueue,
  tx: Queryable,
  userId: number,
  event: WebhookEvent,
  data: unknown,
  now: Date,
): Promise<number> {
  const hookIds = await subscribedWebhookIds(tx, userId, event);
  for (const hookId of hookIds) {
    const delivery: Delivery = {
      hookId,
      event,
      data,
      createdAt: now.toISOString(),
      deliveryId: `webhook:${randomUUID()}`,
    };
    await queue.send(SETTINGS_WEBHOOK, delivery, { tx });
  }
  return hookIds.length;
}

/** The body every delivery carries (signed with the hook's secret, `X-Webhook-Signature`). */
export function webhookBody(
  hookId: number,
  d: { event: string; data: unknown; createdAt: string; deliveryId: string },
): string {
  return JSON.stringify({
    event: d.event,
    delivery_id: d.deliveryId,
    webhook_id: hookId,
    sent_at: d.createdAt,
    data: d.data,
  });
}

/**
 * A custom webhook delivery: its delivery id is recorded in external_effects before the POST and
 * settled after, so a second worker or a retry after a crash never POSTs a delivered event again;
 * a receiver that is down or answers non-2xx gets it again with the same id (backoff,
 * SETTINGS_WEBHOOK_RETRIES times), after which the delivery is recorded as failed. The hook's
 * `last_status` / `last_sent_at` follow every attempt. No transaction is open during the POST.
 */
export function defineSettingsWebhookWorker(queue: JobQueue, db: Db, now: () => Date): void {
  queue.define<Delivery>(
    SETTINGS_WEBHOOK,
    {
      expireInSeconds: EFFECT_LEASE_SECONDS,
      retryLimit: SETTINGS_WEBHOOK_RETRIES,
      retryDelay: 10,
      retryBackoff: true,
      concurrency: 4,
    },
    async (delivery, job) => {
      const hook = await webhookTarget(db, delivery.hookId);
      if (!hook) return;
      if (!(await claimEffects(db, 'webhook', [delivery.deliveryId])).size) return;
      const outcome = await postSigned(hook.url, webhookBody(hook.id, delivery), {
        secret: hook.secret,
        event: delivery.event,
        deliveryId: delivery.deliveryId,
        legacy: await sendsLegacyHeaders(db, hook.user_id),
      });
      const ok = outcome.ok && outcome.status >= 200 && outcome.status < 300;
      await recordWebhookSend(db, hook.id, outcome.ok ? outcome.status : null, now());
      if (!ok && job.retryCount < SETTINGS_WEBHOOK_RETRIES) {
        await releaseEffect(db, delivery.deliveryId);
        throw new Error(`webhook ${hook.id} answered ${outcome.ok ? outcome.status : outcome.error}`);
      }
      await db.transaction((tx) =>
        settleEffects(tx, [
          {
            key: delivery.deliveryId,
            ok,
            outcome: { status: outcome.ok ? outcome.status : null, error: outcome.ok ? null : outcome.error },
          },
        ]),
      );
    },
  );
}
