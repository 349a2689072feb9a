import type { Queryable } from '../../db';

export async function emailTaken(q: Queryable, email: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM users WHERE email = $1', [email])).rowCount > 0;
}

/** Locks a pending sign-up's row and answers its status (undefined when there is none). */
export async function lockSignupStatus(q: Queryable, signupId: number): Promise<string | undefined> {
  return (
    await q.query<{ status: string }>('SELECT status FROM whitelabel_signups WHERE id = $1 FOR UPDATE', [signupId])
  ).rows[0]?.status;
}

/** The sign-up refused after its payment: the payment is to be refunded. */
export async function markSignupRefunding(
  q: Queryable,
  signupId: number,
  paymentRef: string | null,
  now: Date,
): Promise<void> {
  await q.query(`UPDATE whitelabel_signups SET status = 'refunding', payment_ref = $2, updated_at = $3 WHERE id = $1`, [
    signupId,
    paymentRef,
    now,
  ]);
}

export async function markSignupCompleted(
  q: Queryable,
  signupId: number,
  paymentRef: string | null,
  subscriptionId: number,
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE whitelabel_signups SET status = 'completed', payment_ref = $2, subscription_id = $3, updated_at = $4 WHERE id = $1`,
    [signupId, paymentRef, subscriptionId, now],
  );
}

export async function setYearlyInterval(q: Queryable, subscriptionId: number): Promise<void> {
  await q.query(`UPDATE whitelabel_subscriptions SET billing_interval = 'year' WHERE id = $1`, [subscriptionId]);
}

/** The account's Stripe customer (one per account: the first stored stays). */
export async function insertPaymentCustomer(
  q: Queryable,
  userId: number,
  customerRef: string,
  now: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO payment_customers (user_id, provider, customer_ref, created_at) VALUES ($1, 'stripe', $2, $3) ON CONFLICT DO NOTHING`,
    [userId, customerRef, now],
  );
}

/** A share lock on the package's row (orders a sign-up's price check against a price change). */
export async function sharePackage(q: Queryable, packageId: number): Promise<void> {
  await q.query('SELECT 1 FROM whitelabel_packages WHERE id = $1 FOR SHARE', [packageId]);
}
