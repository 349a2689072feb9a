import type { Db, Queryable } from '../db';
import { claimEffects, EFFECT_LEASE_SECONDS, releaseEffect, settleEffects } from '../effects/externalEffects';
import type { JobQueue } from '../queue/jobQueue';
import { deliverQueued } from '../modules/whitelabel/webhookDelivery.service';
import { queuedWebhookTarget } from '../modules/whitelabel/webhooks.repository';

export const WHITELABEL_WEBHOOK = 'whitelabel-webhook';
/** Attempts after the first while the receiver fails (backoff from 10 s). */
export const WHITELABEL_WEBHOOK_RETRIES = 5;

interface Delivery {
  hookId: number;
  event: string;
  data: unknown;
  createdAt: string;
  deliveryId: string;
}

/** Queues one delivery inside the caller's open transaction: it exists if and only if the change it reports commits. */
export async function enqueueWhitelabelDelivery(queue: JobQueue, tx: Queryable, delivery: Delivery): Promise<void> {
  await queue.send(WHITELABEL_WEBHOOK, delivery, { tx });
}

/**
 * A reseller's webhook delivery (subscription events): recorded by its delivery id before the POST
 * and settled after; a receiver that is down or answers non-2xx gets it again with the same id
 * (backoff, WHITELABEL_WEBHOOK_RETRIES times), after which the delivery is recorded as failed.
 */
export function defineWhitelabelWebhookWorker(queue: JobQueue, db: Db): void {
  queue.define<Delivery>(
    WHITELABEL_WEBHOOK,
    {
      expireInSeconds: EFFECT_LEASE_SECONDS,
      retryLimit: WHITELABEL_WEBHOOK_RETRIES,
      retryDelay: 10,
      retryBackoff: true,
      concurrency: 2,
    },
    async (delivery, job) => {
      const hook = await queuedWebhookTarget(db, delivery.hookId);
      if (!hook) return;
      if (!(await claimEffects(db, 'webhook', [delivery.deliveryId])).size) return;
      const outcome = await deliverQueued(db, hook, delivery);
      const ok = outcome.ok && outcome.status >= 200 && outcome.status < 300;
      if (!ok && job.retryCount < WHITELABEL_WEBHOOK_RETRIES) {
        await releaseEffect(db, delivery.deliveryId);
        throw new Error(`webhook ${hook.id} answered ${outcome.ok ? outcome.status : outcome.error}`);
      }
      await db.transaction((tx) =>
        settleEffects(tx, [{ key: delivery.deliveryId, ok, outcome: { status: outcome.ok ? outcome.status : null } }]),
      );
    },
  );
}
