import type { Queryable } from '../../db';

export type BillingType = 'stripe' | 'paykickstart';

/** The reseller's row of whitelabel_payment_accounts. */
export interface PaymentAccountRow {
  pending_account_id: string | null;
  billing_type: BillingType;
  mode: 'sandbox' | 'live' | null;
  account_id: string | null;
  connect_state: string | null;
  connected_at: string | null;
}

export async function paymentAccountOf(q: Queryable, owner: number): Promise<PaymentAccountRow | null> {
  const { rows } = await q.query<PaymentAccountRow>(
    'SELECT billing_type, mode, account_id, pending_account_id, connect_state, connected_at FROM whitelabel_payment_accounts WHERE owner_id = $1',
    [owner],
  );
  return rows[0] ?? null;
}

export async function saveBillingType(q: Queryable, owner: number, billingType: BillingType, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO whitelabel_payment_accounts (owner_id, billing_type, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (owner_id) DO UPDATE SET billing_type = EXCLUDED.billing_type, updated_at = EXCLUDED.updated_at`,
    [owner, billingType, now],
  );
}

/** The state a connection's callback must carry (a new one replaces the last). */
export async function saveConnectState(q: Queryable, owner: number, state: string, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO whitelabel_payment_accounts (owner_id, connect_state, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (owner_id) DO UPDATE SET connect_state = EXCLUDED.connect_state, updated_at = EXCLUDED.updated_at`,
    [owner, state, now],
  );
}

export async function userEmailOf(q: Queryable, userId: number): Promise<string> {
  return (await q.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId])).rows[0]!.email;
}

/** The Stripe account made for the reseller, waiting for its onboarding. */
export async function savePendingAccount(q: Queryable, owner: number, accountId: string): Promise<void> {
  await q.query('UPDATE whitelabel_payment_accounts SET pending_account_id = $2 WHERE owner_id = $1', [
    owner,
    accountId,
  ]);
}

export async function connectAccount(
  q: Queryable,
  owner: number,
  accountId: string,
  mode: 'sandbox' | 'live',
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE whitelabel_payment_accounts SET account_id = $2, mode = $3, connect_state = NULL, pending_account_id = NULL, connected_at = $4, updated_at = $4 WHERE owner_id = $1`,
    [owner, accountId, mode, now],
  );
}

export async function disconnectAccount(q: Queryable, owner: number, now: Date): Promise<void> {
  await q.query(
    'UPDATE whitelabel_payment_accounts SET account_id = NULL, mode = NULL, connected_at = NULL, updated_at = $2 WHERE owner_id = $1',
    [owner, now],
  );
}
