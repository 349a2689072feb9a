import type { Db } from '../../db';
import { unprocessable } from '../../http/errors';
import { domainHolderOf, insertBusinessAccount, updateBusinessAccount } from './businessAccount.repository';
import type { BusinessAccount, BusinessAccountInput } from './businessAccount.schemas';
import { lockReseller } from './reseller.repository';

/**
 * Saves the reseller's branding (its own business_settings row) under its row lock; a domain another
 * account holds is refused (422 whitelabel.domain_taken).
 */
export async function saveBusinessAccount(
  db: Db,
  resellerId: number,
  input: BusinessAccountInput,
  now: Date,
): Promise<BusinessAccount> {
  return db.transaction(async (tx) => {
    await lockReseller(tx, resellerId);
    const other = await domainHolderOf(tx, input.domain);
    if (other && other.owner_user_id !== resellerId) throw unprocessable('whitelabel.domain_taken', 'domain');
    return (
      (await updateBusinessAccount(tx, resellerId, input, now)) ??
      (await insertBusinessAccount(tx, resellerId, input, now))
    );
  });
}
