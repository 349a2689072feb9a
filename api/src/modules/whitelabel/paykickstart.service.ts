import { randomBytes } from 'node:crypto';
import type { Db } from '../../db';
import { unprocessable } from '../../http/errors';
import type { JobQueue } from '../../queue/jobQueue';
import { PAYKICKSTART_IPN } from '../../workers/paykickstartIpn';
import {
  insertPaykickstartEvent,
  ownsPackage,
  paykickstartOf,
  replacePaykickstartProducts,
  upsertPaykickstart,
} from './paykickstart.repository';
import { sealSecret } from './smtp.service';

export interface PaykickstartInput {
  secret_key?: string;
  campaign_id?: string | null;
  products: { product_id: string; package_id: number }[];
}

/**
 * Connects PayKickstart in one transaction: the secret key (required the first time, sealed under
 * APP_SECRET), the campaign, and each product mapped once to one of the reseller's packages.
 */
export async function savePaykickstart(
  db: Db,
  appSecret: string,
  owner: number,
  body: PaykickstartInput,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await paykickstartOf(tx, owner);
    if (!row && !body.secret_key) throw unprocessable('validation.required', 'secret_key');
    const seen = new Set<string>();
    for (const [i, p] of body.products.entries()) {
      if (seen.has(p.product_id)) throw unprocessable('billing.paykickstart_product_twice', `products.${i}.product_id`);
      seen.add(p.product_id);
      if (!(await ownsPackage(tx, p.package_id, owner)))
        throw unprocessable('whitelabel.package_unknown', `products.${i}.package_id`);
    }
    const sealed = body.secret_key ? sealSecret(appSecret, body.secret_key) : row!.secret_sealed;
    await upsertPaykickstart(
      tx,
      owner,
      {
        ipnToken: randomBytes(24).toString('base64url'),
        secretSealed: sealed,
        campaignId: body.campaign_id === undefined ? (row?.campaign_id ?? null) : body.campaign_id || null,
      },
      now,
    );
    await replacePaykickstartProducts(tx, owner, body.products);
  });
}

/** Stores a verified IPN by its event id and queues it to be applied once (workers/paykickstartIpn.ts); false for a replay. */
export async function storeIpnEvent(
  db: Db,
  queue: JobQueue,
  e: { eventId: string; type: string; payload: unknown; receivedAt: Date; ownerId: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await insertPaykickstartEvent(tx, e))) return false;
    await queue.send(PAYKICKSTART_IPN, { eventId: e.eventId }, { tx });
    return true;
  });
}
