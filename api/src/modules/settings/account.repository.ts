import type { Queryable } from '../../db';
import { lockUserRow } from '../../users/users';

/**
 * The account whose Settings data a user works on: a team member (users.team_owner_id set)
 * works on the team owner's business profile and training data; everyone else on their own.
 */
export async function accountIdOf(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ account_id: number }>(
    'SELECT COALESCE(team_owner_id, id) AS account_id FROM users WHERE id = $1',
    [userId],
  );
  return rows[0]?.account_id ?? userId;
}

/** Locks the user's row until the transaction ends: serialises the account's adds that a limit counts. */
export const lockUser = lockUserRow;

/** The user's stored password hash (undefined for no such user). */
export async function passwordHashOf(db: Queryable, userId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [userId]);
  return rows[0]?.password_hash;
}
