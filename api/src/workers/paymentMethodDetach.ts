import { claimEffects, releaseEffect, settleEffects } from '../effects/externalEffects';
import type { Db } from '../db';
import type { PaymentProviderName, PaymentsProvider } from '../providers/payments';
import type { JobQueue } from '../queue/jobQueue';

export const PAYMENT_METHOD_DETACH = 'payment-method-detach';

export interface DetachJob {
  provider: PaymentProviderName;
  ref: string;
}

const detachKey = (job: DetachJob) => `detach:${job.provider}:${job.ref}`;

/**
 * A card deleted in the wallet is detached from its customer at the provider (issue 25): queued in the
 * transaction that deletes our row, sent once as an external effect (claimed before the call, settled
 * after; a lost answer releases it and the queue's retry sends it again — detaching a detached card is
 * done already). A card of another provider than the configured one is left as it is.
 */
export function definePaymentMethodDetachWorker(queue: JobQueue, db: Db, provider: PaymentsProvider): void {
  queue.define<DetachJob>(
    PAYMENT_METHOD_DETACH,
    { expireInSeconds: 60, retryLimit: 5, retryDelay: 10, retryBackoff: true, concurrency: 2 },
    async (job) => {
      if (job.provider !== provider.name) return;
      const key = detachKey(job);
      if (!(await claimEffects(db, 'charge', [key])).has(key)) return;
      try {
        await provider.detachPaymentMethod(job.ref);
      } catch (error) {
        await releaseEffect(db, key);
        throw error;
      }
      await db.transaction((tx) => settleEffects(tx, [{ key, ok: true, outcome: { status: 'detached' } }]));
    },
  );
}
