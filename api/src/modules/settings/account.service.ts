import { verifyPassword } from '../../auth/passwords';
import type { Queryable } from '../../db';
import { ApiError } from '../../http/errors';
import { lockUser, passwordHashOf } from './account.repository';

export const notFound = (): ApiError => new ApiError(404, 'not_found');

/** Whether `password` is the user's current one (changing the password and deleting the account ask for it). */
export async function passwordMatches(db: Queryable, userId: number, password: string): Promise<boolean> {
  const stored = await passwordHashOf(db, userId);
  return stored !== undefined && (await verifyPassword(password, stored));
}

/**
 * An account's add that a limit caps (API keys, webhooks, crawls running): in the caller's transaction, the
 * account's row is locked so two quick adds cannot both pass, then `count` is compared with `limit` and
 * `refusal` thrown when the account is at it.
 */
export async function refuseAtLimit(
  tx: Queryable,
  accountId: number,
  count: (tx: Queryable, accountId: number) => Promise<number>,
  limit: number,
  refusal: () => ApiError,
): Promise<void> {
  await lockUser(tx, accountId);
  if ((await count(tx, accountId)) >= limit) throw refusal();
}
