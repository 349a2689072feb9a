import type { Queryable } from '../../db';

/** Does a user (live or deleted) name the referral partner. */
export async function partnerInUse(tx: Queryable, partnerId: number): Promise<boolean> {
  const used = await tx.query('SELECT 1 FROM users WHERE referral_partner_id = $1 LIMIT 1', [partnerId]);
  return used.rowCount > 0;
}
