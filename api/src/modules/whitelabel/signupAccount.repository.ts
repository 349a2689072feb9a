import type { Queryable } from '../../db';
import type { Language } from '../../i18n/messages';
import type { BillingInterval } from '../../providers/payments';

/** What the sales page's form asked, kept with the sign-up until its account is made. */
export interface SignupForm {
  email: string;
  firstName: string;
  lastName: string;
  answers: Record<string, string>;
  lang: Language;
  /** A partner's referral code the sales page was opened with (`?ref=`); absent on sign-ups stored before it was kept. */
  ref?: string | null;
}

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

/** A sign-up waiting for its payment (Stripe Checkout) or its card (Stripe Billing); answers its id. */
export async function insertPendingSignup(
  q: Queryable,
  s: {
    ownerId: number;
    packageId: number;
    email: string;
    form: SignupForm;
    hash: string;
    amountCents: number;
    interval?: string;
  },
  now: Date,
): Promise<number> {
  return (
    s.interval === undefined
      ? await q.query<{ id: number }>(
          `INSERT INTO whitelabel_signups (owner_id, package_id, email, form, password_hash, amount_cents, status, created_at, updated_at)
           VALUES ($1, $2, $3, $4::jsonb, $5, $6, 'pending', $7, $7) RETURNING id`,
          [s.ownerId, s.packageId, s.email, JSON.stringify(s.form), s.hash, s.amountCents, now],
        )
      : await q.query<{ id: number }>(
          `INSERT INTO whitelabel_signups (owner_id, package_id, email, form, password_hash, amount_cents, billing_interval, status, created_at, updated_at)
           VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, 'pending', $8, $8) RETURNING id`,
          [s.ownerId, s.packageId, s.email, JSON.stringify(s.form), s.hash, s.amountCents, s.interval, now],
        )
  ).rows[0]!.id;
}

export async function setSignupCheckout(q: Queryable, signupId: number, checkoutRef: string): Promise<void> {
  await q.query('UPDATE whitelabel_signups SET checkout_ref = $2 WHERE id = $1', [signupId, checkoutRef]);
}

export async function setSignupBillingCheckout(
  q: Queryable,
  signupId: number,
  checkoutRef: string,
  customerRef: string,
): Promise<void> {
  await q.query('UPDATE whitelabel_signups SET checkout_ref = $2, customer_ref = $3 WHERE id = $1', [
    signupId,
    checkoutRef,
    customerRef,
  ]);
}

export interface SignupRow {
  owner_id: number;
  package_id: number;
  email: string;
  form: SignupForm;
  password_hash: string;
  amount_cents: number;
  billing_interval: BillingInterval;
  customer_ref: string | null;
  status: string;
  subscription_ref: string | null;
  payment_ref: string | null;
  created_at: Date;
}

export async function signupById(q: Queryable, signupId: number): Promise<SignupRow | undefined> {
  return (
    await q.query<SignupRow>(
      'SELECT owner_id, package_id, email, form, password_hash, amount_cents, billing_interval, customer_ref, status, subscription_ref, payment_ref, created_at FROM whitelabel_signups WHERE id = $1',
      [signupId],
    )
  ).rows[0];
}

/** Ends a pending sign-up; false when it was not pending any more. */
export async function endPendingSignup(
  q: Queryable,
  signupId: number,
  status: 'failed' | 'expired',
  failureCode: string | null,
  now: Date,
): Promise<boolean> {
  const ended = await q.query(
    `UPDATE whitelabel_signups SET status = $2, failure_code = $3, updated_at = $4 WHERE id = $1 AND status = 'pending'`,
    [signupId, status, failureCode, now],
  );
  return ended.rowCount === 1;
}

export async function setSignupSubscriptionRef(q: Queryable, signupId: number, subscriptionRef: string): Promise<void> {
  await q.query('UPDATE whitelabel_signups SET subscription_ref = $2 WHERE id = $1', [signupId, subscriptionRef]);
}

/** A refunding sign-up whose payment went back. */
export async function markSignupRefunded(q: Queryable, signupId: number, now: Date): Promise<void> {
  await q.query(
    `UPDATE whitelabel_signups SET status = 'refunded', updated_at = $2 WHERE id = $1 AND status = 'refunding'`,
    [signupId, now],
  );
}

/** Sign-ups pending or refunding, not touched since `before`, oldest first (50 at a time). */
export async function stuckSignups(
  q: Queryable,
  before: Date,
): Promise<{ id: number; checkout_ref: string | null; created_at: Date }[]> {
  const { rows } = await q.query<{ id: number; checkout_ref: string | null; created_at: Date }>(
    `SELECT id, checkout_ref, created_at FROM whitelabel_signups WHERE status IN ('pending', 'refunding') AND updated_at < $1 ORDER BY id LIMIT 50`,
    [before],
  );
  return rows;
}
