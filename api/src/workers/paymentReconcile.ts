import type { JobQueue } from '../queue/jobQueue';

export const PAYMENT_RECONCILE = 'payment-reconcile';

/**
 * Settles charges left processing (issue 25): every five minutes, by the queue's scheduler (one run
 * per slot across processes), charges whose answer was lost or whose webhook never came are asked
 * again with their reference or their idempotency key (createWalletService.reconcile).
 */
export function definePaymentReconcileWorker(queue: JobQueue, service: { reconcile(): Promise<number> }): void {
  queue.define(
    PAYMENT_RECONCILE,
    { expireInSeconds: 120, retryLimit: 2, retryDelay: 30, concurrency: 1, policy: 'singleton', cron: '*/5 * * * *' },
    async () => {
      await service.reconcile();
    },
  );
}
