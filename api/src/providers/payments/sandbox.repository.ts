import type { Queryable } from '../../db';
import type { ChargeStatus } from './types';

/** The SQL of the embedded payments sandbox's own tables (settings_sandbox_*, ADR 058). */

export type SandboxBehaviour = 'succeed' | 'decline' | 'decline_later' | 'processing' | 'authenticate';

export interface SandboxChargeRow {
  id: string;
  status: ChargeStatus;
  behaviour: SandboxBehaviour;
  created_at: string;
  amount_cents: number;
  metadata: Record<string, string> | null;
  connected_account: string | null;
}

export async function sandboxCharge(q: Queryable, ref: string): Promise<SandboxChargeRow | undefined> {
  return (
    await q.query<SandboxChargeRow>(
      `SELECT c.id, c.status, m.behaviour, c.created_at, c.amount_cents, c.metadata, c.connected_account
           FROM settings_sandbox_charges c JOIN settings_sandbox_payment_methods m ON m.id = c.payment_method_id WHERE c.id = $1`,
      [ref],
    )
  ).rows[0];
}

export async function insertSetupIntent(
  q: Queryable,
  setupId: string,
  customerRef: string,
  metadata: unknown,
  at: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO settings_sandbox_setup_intents (id, customer_ref, status, metadata, created_at) VALUES ($1, $2, 'requires_payment_method', $3::jsonb, $4) ON CONFLICT (id) DO NOTHING`,
    [setupId, customerRef, JSON.stringify(metadata), at],
  );
}

export async function setupIntent(
  q: Queryable,
  setupIntentId: string,
): Promise<{ customer_ref: string; status: string; payment_method_id: string | null } | undefined> {
  return (
    await q.query<{ customer_ref: string; status: string; payment_method_id: string | null }>(
      'SELECT customer_ref, status, payment_method_id FROM settings_sandbox_setup_intents WHERE id = $1',
      [setupIntentId],
    )
  ).rows[0];
}

export async function insertPaymentMethod(
  q: Queryable,
  method: { id: string; brand: string; last4: string; behaviour: SandboxBehaviour; at: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO settings_sandbox_payment_methods (id, brand, last4, number_hash, behaviour, created_at) VALUES ($1, $2, $3, NULL, $4, $5) ON CONFLICT (id) DO NOTHING`,
    [method.id, method.brand, method.last4, method.behaviour, method.at],
  );
}

export async function setupSucceeded(q: Queryable, setupIntentId: string, methodId: string): Promise<void> {
  await q.query(
    `UPDATE settings_sandbox_setup_intents SET status = 'succeeded', payment_method_id = $2 WHERE id = $1`,
    [setupIntentId, methodId],
  );
}

/** The card's test behaviour, while it is attached. */
export async function attachedMethodBehaviour(q: Queryable, ref: string): Promise<SandboxBehaviour | undefined> {
  return (
    await q.query<{ behaviour: SandboxBehaviour }>(
      'SELECT behaviour FROM settings_sandbox_payment_methods WHERE id = $1 AND detached_at IS NULL',
      [ref],
    )
  ).rows[0]?.behaviour;
}

export async function chargeCountOf(q: Queryable, paymentMethodRef: string): Promise<number> {
  const used = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM settings_sandbox_charges WHERE payment_method_id = $1',
    [paymentMethodRef],
  );
  return used.rows[0]?.n ?? 0;
}

export async function insertCharge(
  q: Queryable,
  charge: {
    id: string;
    paymentMethodRef: string;
    amountCents: number;
    currency: string;
    status: ChargeStatus;
    description: string;
    metadata: unknown;
    connectedAccount: string | null;
    applicationFeeCents: number;
    at: Date;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO settings_sandbox_charges (id, payment_method_id, amount_cents, currency, status, description, metadata, connected_account, application_fee_cents, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
    [
      charge.id,
      charge.paymentMethodRef,
      charge.amountCents,
      charge.currency,
      charge.status,
      charge.description,
      JSON.stringify(charge.metadata),
      charge.connectedAccount,
      charge.applicationFeeCents,
      charge.at,
    ],
  );
}

/** A processing charge settles as succeeded; whether this call settled it. */
export async function settleProcessingCharge(q: Queryable, ref: string): Promise<boolean> {
  const settled = await q.query(
    "UPDATE settings_sandbox_charges SET status = 'succeeded' WHERE id = $1 AND status = 'processing'",
    [ref],
  );
  return settled.rowCount === 1;
}

/** A succeeded charge is refunded; whether this call refunded it. */
export async function refundSucceededCharge(q: Queryable, ref: string, at: Date): Promise<boolean> {
  const changed = await q.query(
    "UPDATE settings_sandbox_charges SET status = 'refunded', refunded_at = $2 WHERE id = $1 AND status = 'succeeded'",
    [ref, at],
  );
  return changed.rowCount === 1;
}

export async function detachMethod(q: Queryable, ref: string, at: Date): Promise<void> {
  await q.query('UPDATE settings_sandbox_payment_methods SET detached_at = $2 WHERE id = $1 AND detached_at IS NULL', [
    ref,
    at,
  ]);
}

/** A charge waiting for authentication succeeds; whether this call changed it. */
export async function authenticateCharge(q: Queryable, ref: string): Promise<boolean> {
  const changed = await q.query(
    "UPDATE settings_sandbox_charges SET status = 'succeeded' WHERE id = $1 AND status = 'requires_action'",
    [ref],
  );
  return changed.rowCount === 1;
}
