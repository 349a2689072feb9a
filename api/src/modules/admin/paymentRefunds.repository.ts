/** The SQL of the administrator's wallet payments (settings_payment_charges of every customer). */
import type { Queryable } from '../../db';
import { WALLET_PAYMENT_COLUMNS } from '../whitelabel/creditPurchases.repository';
import { Params } from './common';
import { containing } from '../../db/like';

export type PaymentState = 'succeeded' | 'refunded' | 'failed' | 'pending';

/**
 * One page of the provider's wallet payments (newest first), by part of the customer's name or email and by state
 * (pending: processing or waiting for the bank), each with its customer's reseller; and how many match.
 * `T` is the row the caller's schema describes (WALLET_PAYMENT_COLUMNS, reseller_name, paid_to_reseller).
 */
export async function listPayments<T>(
  db: Queryable,
  provider: string,
  { page, pageSize, search, state }: { page: number; pageSize: number; search?: string; state?: PaymentState },
): Promise<{ rows: T[]; total: number }> {
  const p = new Params();
  const where = [`c.provider = ${p.add(provider)}`];
  if (search?.trim()) {
    const like = p.add(containing(search.trim()));
    where.push(`(u.email ILIKE ${like} OR concat_ws(' ', u.first_name, u.last_name) ILIKE ${like})`);
  }
  if (state === 'pending') where.push("c.status IN ('processing', 'requires_action')");
  else if (state) where.push(`c.status = ${p.add(state)}`);
  const from = `FROM settings_payment_charges c JOIN users u ON u.id = c.user_id LEFT JOIN credit_wallets w ON w.user_id = u.id LEFT JOIN users r ON r.id = u.parent_id WHERE ${where.join(' AND ')}`;
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, p.values)).rows[0]?.n ?? 0;
  const { rows } = await db.query<T>(
    `SELECT ${WALLET_PAYMENT_COLUMNS}, CASE WHEN r.id IS NULL THEN NULL ELSE COALESCE(NULLIF(trim(concat_ws(' ', r.first_name, r.last_name)), ''), r.email) END AS reseller_name,
                c.connected_account IS NOT NULL AS paid_to_reseller
           ${from} ORDER BY c.id DESC ${p.page({ page, pageSize })}`,
    p.values,
  );
  return { rows, total };
}

/** Is the charge one of the provider's. */
export async function paymentExists(db: Queryable, id: number, provider: string): Promise<boolean> {
  const known = await db.query('SELECT 1 FROM settings_payment_charges WHERE id = $1 AND provider = $2', [
    id,
    provider,
  ]);
  return known.rowCount > 0;
}
