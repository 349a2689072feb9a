import { randomBytes } from 'node:crypto';
import { hashToken } from '../../auth/tokens';
import type { Clock } from '../../clock';
import type { Db } from '../../db';
import { unprocessable } from '../../http/errors';
import { refuseAtLimit } from './account.service';
import { countApiKeys, insertApiKey, type ApiKeyRow } from './apiKeys.repository';

/** API keys look like `lsk_<43 base64url chars>`; only their sha256 is stored. */
export const API_KEY_PREFIX = 'lsk_';

/** Per user; a revoked key still counts until it is deleted. */
export const MAX_API_KEYS = 25;

/** Makes a key for the user (refused at MAX_API_KEYS); the key itself is in the answer only. */
export async function createApiKey(
  { db, clock }: { db: Db; clock: Clock },
  userId: number,
  name: string,
): Promise<{ row: ApiKeyRow; key: string }> {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    await refuseAtLimit(tx, userId, countApiKeys, MAX_API_KEYS, () =>
      unprocessable('settings.api_key_limit', 'name', { n: MAX_API_KEYS }),
    );
    return insertApiKey(tx, {
      userId,
      name: name.trim(),
      prefix: key.slice(0, API_KEY_PREFIX.length + 6),
      hash: hashToken(key),
      at: clock.now(),
    });
  });
  return { row, key };
}
