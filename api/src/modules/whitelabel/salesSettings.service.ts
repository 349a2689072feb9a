import type { Queryable } from '../../db';
import { unprocessable } from '../../http/errors';
import { isBusinessAccountDone } from './businessAccount.repository';
import { upsertSalesSettings, type SalesSettings, type SalesSettingsInput } from './salesSettings.repository';

/** Saves a package's sales settings; spec §8: "cannot create sales settings page until the business account form is done". */
export async function saveSalesSettings(
  q: Queryable,
  owner: number,
  packageId: number,
  input: SalesSettingsInput,
  now: Date,
): Promise<SalesSettings> {
  if (!(await isBusinessAccountDone(q, owner))) throw unprocessable('whitelabel.sales_needs_account');
  return upsertSalesSettings(q, packageId, input, now);
}
