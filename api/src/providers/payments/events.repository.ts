import type { Queryable } from '../../db';
import type { PaymentEvent, PaymentProviderName } from './types';

/** The SQL of the payment providers' stored events (payment_events, ADR 058). */

/** Stores the event by its id; false when the id was stored already (a replay). */
export async function insertPaymentEvent(
  q: Queryable,
  provider: PaymentProviderName,
  event: PaymentEvent,
  receivedAt: Date,
): Promise<boolean> {
  const inserted = await q.query(
    `INSERT INTO payment_events (provider, event_id, type, payload, received_at) VALUES ($1, $2, $3, $4::jsonb, $5) ON CONFLICT (provider, event_id) DO NOTHING`,
    [provider, event.id, event.type, JSON.stringify(event), receivedAt],
  );
  return inserted.rowCount === 1;
}

/** The stored event while it is not processed yet. */
export async function unprocessedPaymentEvent(
  q: Queryable,
  provider: PaymentProviderName,
  eventId: string,
): Promise<{ payload: PaymentEvent; type: string } | undefined> {
  return (
    await q.query<{ payload: PaymentEvent; type: string }>(
      'SELECT payload, type FROM payment_events WHERE provider = $1 AND event_id = $2 AND processed_at IS NULL',
      [provider, eventId],
    )
  ).rows[0];
}

export async function markPaymentEventProcessed(
  q: Queryable,
  provider: PaymentProviderName,
  eventId: string,
  at: Date,
): Promise<void> {
  await q.query(
    'UPDATE payment_events SET processed_at = $3 WHERE provider = $1 AND event_id = $2 AND processed_at IS NULL',
    [provider, eventId, at],
  );
}
