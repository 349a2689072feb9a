import type { Queryable } from '../../db';

/** The SQL of the PayKickstart events' subscriptions and payments (ADR 058). */

/** The reseller's subscription billed by PayKickstart under this invoice id, row locked. */
export async function lockPaykickstartSubscription(
  tx: Queryable,
  ownerId: number,
  invoiceId: string,
): Promise<{ id: number; customer_id: number; status: string } | undefined> {
  const { rows } = await tx.query<{ id: number; customer_id: number; status: string }>(
    `SELECT id, customer_id, status FROM whitelabel_subscriptions WHERE owner_id = $1 AND billing_provider = 'paykickstart' AND provider_subscription_ref = $2 FOR UPDATE`,
    [ownerId, invoiceId],
  );
  return rows[0];
}

/** Whether PayKickstart's transaction is recorded as a payment already. */
export async function paykickstartPaymentSeen(tx: Queryable, transactionId: string): Promise<boolean> {
  const seen = await tx.query(
    `SELECT 1 FROM whitelabel_payments WHERE provider = 'paykickstart' AND provider_ref = $1`,
    [transactionId],
  );
  return Boolean(seen.rows[0]);
}

export async function insertPaykickstartPayment(
  tx: Queryable,
  payment: { ownerId: number; subscriptionId: number; amountCents: number; transactionId: string; at: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO whitelabel_payments (owner_id, subscription_id, amount_cents, kind, status, provider, provider_ref, created_at)
     VALUES ($1, $2, $3, 'charge', 'succeeded', 'paykickstart', $4, $5)`,
    [payment.ownerId, payment.subscriptionId, payment.amountCents, payment.transactionId, payment.at],
  );
}

/** The package the reseller mapped the PayKickstart product to, if any. */
export async function mappedPackageId(tx: Queryable, ownerId: number, productId: string): Promise<number | undefined> {
  const mapped = await tx.query<{ package_id: number }>(
    'SELECT package_id FROM whitelabel_paykickstart_products WHERE owner_id = $1 AND product_id = $2',
    [ownerId, productId],
  );
  return mapped.rows[0]?.package_id;
}

/** The account with this (normalised) email, any parent. */
export async function userByEmail(
  tx: Queryable,
  email: string,
): Promise<{ id: number; parent_id: number | null } | undefined> {
  const known = await tx.query<{ id: number; parent_id: number | null }>(
    'SELECT id, parent_id FROM users WHERE email = $1',
    [email],
  );
  return known.rows[0];
}

/** The subscription is billed by PayKickstart under this invoice id (null: none given). */
export async function setPaykickstartRef(
  tx: Queryable,
  subscriptionId: number,
  invoiceId: string | null,
): Promise<void> {
  await tx.query(
    `UPDATE whitelabel_subscriptions SET billing_provider = 'paykickstart', provider_subscription_ref = $2 WHERE id = $1`,
    [subscriptionId, invoiceId],
  );
}

/** PayKickstart's transaction, recorded as succeeded, is refunded. */
export async function refundPaykickstartPayment(tx: Queryable, transactionId: string, at: Date): Promise<void> {
  await tx.query(
    `UPDATE whitelabel_payments SET status = 'refunded', refunded_at = $2 WHERE provider = 'paykickstart' AND provider_ref = $1 AND status = 'succeeded'`,
    [transactionId, at],
  );
}
