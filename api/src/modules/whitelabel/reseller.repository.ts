import type { Queryable } from '../../db';
import { lockUserRow } from '../../users/users';

/**
 * The reseller account a user works on: a team member (users.team_owner_id set) works on its
 * owner's packages, subscriptions and settings; everyone else on their own.
 */
export async function resellerAccountOf(q: Queryable, userId: number): Promise<number> {
  const { rows } = await q.query<{ account_id: number }>(
    'SELECT COALESCE(team_owner_id, id) AS account_id FROM users WHERE id = $1',
    [userId],
  );
  return rows[0]?.account_id ?? userId;
}

/** Locks the reseller's user row: the per-reseller limits (links, courses, webhooks…) are counted under it. */
export const lockReseller = lockUserRow;
