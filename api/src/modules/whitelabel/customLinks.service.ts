import type { Db } from '../../db';
import { unprocessable } from '../../http/errors';
import {
  countCustomLinks,
  insertCustomLink,
  type CustomLinkRow,
  type CustomLinkValues,
} from './customLinks.repository';
import { lockReseller } from './reseller.repository';

export const MAX_CUSTOM_LINKS = 20;

/** Adds a link, at most MAX_CUSTOM_LINKS per reseller (counted under the reseller's row lock). */
export async function createCustomLink(
  db: Db,
  ownerId: number,
  v: CustomLinkValues,
  now: Date,
): Promise<CustomLinkRow> {
  return db.transaction(async (tx) => {
    await lockReseller(tx, ownerId);
    if ((await countCustomLinks(tx, ownerId)) >= MAX_CUSTOM_LINKS)
      throw unprocessable('whitelabel.link_limit', 'title', { n: MAX_CUSTOM_LINKS });
    return insertCustomLink(tx, ownerId, v, now);
  });
}
