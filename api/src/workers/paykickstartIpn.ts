import type { Clock } from '../clock';
import type { Db } from '../db';
import { applyIpnEvent, type Ipn } from '../providers/paykickstart/events';
import { HANDLED_IPN_EVENTS, type HandledIpnEvent } from '../providers/paykickstart/ipn';
import type { MailDeps } from '../mail/templatedMail';
import type { JobQueue } from '../queue/jobQueue';
import { passwordHashFor } from '../modules/whitelabel/customers.service';
import { lockPaykickstartEvent, markPaykickstartEventProcessed } from '../modules/whitelabel/paykickstart.repository';

export const PAYKICKSTART_IPN = 'paykickstart-ipn';

export interface IpnJob {
  eventId: string;
}

/**
 * A verified PayKickstart IPN, stored by the route with its event id, applied here once: the event
 * row is locked and marked processed in the same transaction that changes the subscription, so a
 * retry, a replay or a second worker finds it done. Everything happens in the database (no network).
 */
export function definePaykickstartIpnWorker(queue: JobQueue, db: Db, clock: Clock, mail: MailDeps): void {
  queue.define<IpnJob>(
    PAYKICKSTART_IPN,
    { expireInSeconds: 120, retryLimit: 5, retryDelay: 5, retryBackoff: true, concurrency: 1 },
    async ({ eventId }) => {
      // A buyer who is new here gets a random password (they set their own through "Forgot password").
      const passwordHash = await passwordHashFor(null);
      await db.transaction(async (tx) => {
        const row = await lockPaykickstartEvent<Ipn>(tx, eventId);
        if (!row || row.processed_at) return;
        const now = clock.now();
        const outcome = (HANDLED_IPN_EVENTS as readonly string[]).includes(row.kind)
          ? await applyIpnEvent(tx, row.kind as HandledIpnEvent, row.payload, {
              ownerId: row.owner_id,
              now,
              passwordHash,
              mail,
            })
          : 'ignored';
        await markPaykickstartEventProcessed(tx, eventId, now, outcome);
      });
    },
  );
}
