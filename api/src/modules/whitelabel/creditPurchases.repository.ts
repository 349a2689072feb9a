import type { Queryable } from '../../db';
import type { PageWindow } from '../../http/contract';

/** The columns of walletPaymentProperties; `c` is the charge, `u` its customer, `w` the customer's wallet. */
export const WALLET_PAYMENT_COLUMNS = `c.id, u.id AS customer_id, trim(concat_ws(' ', u.first_name, u.last_name)) AS customer_name, u.email, c.kind, c.amount_cents, c.credits,
    c.status, c.created_at, c.refund_requested_at, c.refund_failure_code, c.refund_taken_credits, c.refund_shortfall_credits, COALESCE(w.additional, 0) AS wallet_additional`;

const SELECT = `SELECT ${WALLET_PAYMENT_COLUMNS}, c.connected_account IS NOT NULL AS paid_to_you
  FROM settings_payment_charges c JOIN users u ON u.id = c.user_id LEFT JOIN credit_wallets w ON w.user_id = u.id`;

/** One wallet payment of a reseller's customer (walletPaymentProperties and paid_to_you). */
export interface CreditPurchaseRow {
  id: number;
  customer_id: number;
  customer_name: string;
  email: string;
  kind: 'card_validation' | 'top_up' | 'auto_top_up';
  amount_cents: number;
  credits: number;
  status: 'processing' | 'requires_action' | 'succeeded' | 'failed' | 'refunded';
  created_at: Date;
  refund_requested_at: Date | null;
  refund_failure_code: string | null;
  refund_taken_credits: number | null;
  refund_shortfall_credits: number | null;
  wallet_additional: number;
  paid_to_you: boolean;
}

/** The wallet payments of the reseller's customers made through this provider, newest first. */
export async function listCreditPurchases(
  q: Queryable,
  ownerId: number,
  provider: string,
  { limit, offset }: PageWindow,
): Promise<CreditPurchaseRow[]> {
  const { rows } = await q.query<CreditPurchaseRow>(
    `${SELECT} WHERE u.parent_id = $1 AND c.provider = $2 ORDER BY c.id DESC LIMIT $3 OFFSET $4`,
    [ownerId, provider, limit, offset],
  );
  return rows;
}

export async function countCreditPurchases(q: Queryable, ownerId: number, provider: string): Promise<number> {
  const count = await q.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM settings_payment_charges c JOIN users u ON u.id = c.user_id WHERE u.parent_id = $1 AND c.provider = $2',
    [ownerId, provider],
  );
  return count.rows[0]?.total ?? 0;
}

/** One wallet payment of the reseller's customers through this provider, or null. */
export async function creditPurchaseOf(
  q: Queryable,
  id: number,
  ownerId: number,
  provider: string,
): Promise<CreditPurchaseRow | null> {
  const { rows } = await q.query<CreditPurchaseRow>(
    `${SELECT} WHERE c.id = $1 AND u.parent_id = $2 AND c.provider = $3`,
    [id, ownerId, provider],
  );
  return rows[0] ?? null;
}
