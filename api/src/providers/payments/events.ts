import type { Db } from '../../db';
import type { JobQueue } from '../../queue/jobQueue';
import type { PaymentEvent, PaymentProviderName } from './types';
import { insertPaymentEvent, markPaymentEventProcessed, unprocessedPaymentEvent } from './events.repository';

export const PAYMENT_EVENT_JOB = 'payment-event';

/** The event types the app acts on (Stripe's names; the sandbox emits the same). */
export const HANDLED_EVENT_TYPES = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.processing',
  'payment_intent.requires_action',
  'charge.refunded',
  'setup_intent.succeeded',
  'checkout.session.completed',
  'checkout.session.expired',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;

export type PaymentEventHandler = (event: PaymentEvent, provider: PaymentProviderName) => Promise<void>;

/**
 * The provider's events, processed once each (issue 25, ADR 019):
 * 1. `recordPaymentEvent` stores the event by its id and enqueues its job in the same transaction;
 *    a replay (Stripe retries a delivery, an attacker resends a captured one) finds the id and stops.
 * 2. The queued job runs the handlers of its type, then marks the event processed. A job that dies
 *    half-way runs again (pg-boss retry): handlers are idempotent on our rows (a charge settles and is
 *    credited once, a card is inserted once, a period is granted once), so the effect happens once.
 */
export interface PaymentEvents {
  on(type: (typeof HANDLED_EVENT_TYPES)[number], handler: PaymentEventHandler): void;
  record(provider: PaymentProviderName, event: PaymentEvent): Promise<boolean>;
}

export function createPaymentEvents(db: Db, queue: JobQueue, now: () => Date): PaymentEvents {
  const handlers = new Map<string, PaymentEventHandler[]>();

  queue.define<{ provider: PaymentProviderName; eventId: string }>(
    PAYMENT_EVENT_JOB,
    { expireInSeconds: 60, retryLimit: 5, retryDelay: 10, retryBackoff: true, concurrency: 2 },
    async ({ provider, eventId }) => {
      const row = await unprocessedPaymentEvent(db, provider, eventId);
      if (!row) return;
      for (const handler of handlers.get(row.type) ?? []) await handler(row.payload, provider);
      await markPaymentEventProcessed(db, provider, eventId, now());
    },
  );

  return {
    on(type, handler) {
      handlers.set(type, [...(handlers.get(type) ?? []), handler]);
    },
    async record(provider, event) {
      return db.transaction(async (tx) => {
        if (!(await insertPaymentEvent(tx, provider, event, now()))) return false;
        await queue.send(PAYMENT_EVENT_JOB, { provider, eventId: event.id }, { tx });
        return true;
      });
    },
  };
}

/** Metadata of the event's object (our references: `charge_id`, `user_id`, `whitelabel_payment_id`). */
export function metadataOf(event: PaymentEvent): Record<string, string> {
  return event.data.object.metadata ?? {};
}
