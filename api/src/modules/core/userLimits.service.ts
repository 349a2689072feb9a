import type { Db } from '../../db';
import { applyLimitReset } from '../../users/limitReset';
import { lockLimits, type LimitsRow } from './userLimits.repository';

/** The user's limit and wallet; the monthly reset happens lazily, on the first read after its date (row locked). */
export async function limitsWithReset(db: Db, userId: number, today: string): Promise<LimitsRow> {
  return db.transaction(async (tx) => {
    const before = await lockLimits(tx, userId);
    if (!before) throw new Error(`user ${userId} not found`);
    const { reset, lastResetDate } = await applyLimitReset(tx, userId, today);
    if (reset)
      return {
        ...before,
        searches_used: 0,
        last_reset_date: lastResetDate,
        limit_reset_anchor: before.limit_reset_anchor ?? before.last_reset_date,
      };
    return before;
  });
}
