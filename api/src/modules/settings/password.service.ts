import { hashPassword } from '../../auth/passwords';
import type { Clock } from '../../clock';
import type { Db } from '../../db';
import { unprocessable } from '../../http/errors';
import { passwordMatches } from './account.service';
import { revokeOtherSessions, setPasswordHash } from './password.repository';

/**
 * Changes the user's password when `current` is the one they have, and signs out every other session;
 * the one making the change (`tokenId`) stays signed in.
 */
export async function changePassword(
  { db, clock }: { db: Db; clock: Clock },
  user: { id: number; tokenId: number },
  current: string,
  password: string,
): Promise<void> {
  if (!(await passwordMatches(db, user.id, current)))
    throw unprocessable('settings.wrong_password', 'current_password');
  const hash = await hashPassword(password);
  const now = clock.now();
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, hash, now);
    await revokeOtherSessions(tx, user.id, user.tokenId, now);
  });
}
