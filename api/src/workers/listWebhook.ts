import type { Clock } from '../clock';
import type { Db, Queryable } from '../db';
import { claimEffects, EFFECT_LEASE_SECONDS, settleEffects } from '../effects/externalEffects';
import type { JobQueue } from '../queue/jobQueue';
import { deliverListWebhook } from '../modules/leadSearch/listWebhookDelivery.service';
import { listWithWebhook, settleWebhookRows } from '../modules/leadSearch/webhooks.repository';

export const LIST_WEBHOOK_CHECK = 'list-webhook-check';

/** Seconds after a list webhook delivery starts before its check looks at it: the lease plus a margin. */
export const WEBHOOK_CHECK_DELAY_SECONDS = EFFECT_LEASE_SECONDS + 5;

interface CheckData {
  deliveryId: string;
  listId: number;
  resultIds: number[];
}

/** Queues the check of a delivery, in the transaction that marks its rows "sending". */
export async function enqueueWebhookCheck(queue: JobQueue, data: CheckData, tx: Queryable): Promise<void> {
  await queue.send(LIST_WEBHOOK_CHECK, data, {
    tx,
    startAfter: new Date(Date.now() + WEBHOOK_CHECK_DELAY_SECONDS * 1000),
  });
}

/**
 * The check of a list webhook delivery: nothing to do when the delivery was recorded (the usual
 * case); when it is still "sending" past its lease, the process that sent it died before recording
 * the outcome, so it is delivered again with the same delivery id and its rows leave "sending".
 */
export function defineListWebhookWorker(queue: JobQueue, db: Db, clock: Clock): void {
  queue.define<CheckData>(
    LIST_WEBHOOK_CHECK,
    { expireInSeconds: EFFECT_LEASE_SECONDS, retryLimit: 5, retryDelay: 30, concurrency: 2 },
    async ({ deliveryId, listId, resultIds }) => {
      const owned = await claimEffects(db, 'webhook', [deliveryId]);
      if (!owned.size) return;
      const list = await listWithWebhook(db, listId);
      if (!list?.webhook_url || !list.webhook_secret) {
        // The list or its webhook went away: the rows cannot be delivered.
        await db.transaction(async (tx) => {
          await settleEffects(tx, [{ key: deliveryId, ok: false, outcome: { reason: 'webhook_missing' } }]);
          await settleWebhookRows(tx, resultIds, false);
        });
        return;
      }
      await deliverListWebhook(
        db,
        clock,
        deliveryId,
        { id: list.id, name: list.name, type: list.type },
        { url: list.webhook_url, secret: list.webhook_secret },
        resultIds,
      );
    },
  );
}
