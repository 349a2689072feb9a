import { createHash, randomBytes } from 'node:crypto';
import { CREDIT_COSTS } from '@leadsmith/shared/constants';
import type { Db, Queryable } from '../../db';
import { secondsFromEnv } from '../../effects/externalEffects';
import { ApiError } from '../../http/errors';
import type { MailDeps } from '../../mail/templatedMail';
import { spendCredits } from '../../credits/ledger';
import { apolloWebhookPhone } from '../../providers/leads/apolloProvider';
import { providerById, type PhoneRevealStart } from '../../providers/leads';
import { queueOf } from '../../queue/jobQueue';
import { leadsEnriched } from './enrichmentEvents.service';
import {
  clearResultPending,
  deleteEffect,
  deleteRequestingReveal,
  dueReveals,
  insertReveal,
  lockReveal,
  markRequested,
  markResultPending,
  resultPhone,
  settleRevealState,
  storeRevealedPhone,
  type OpenReveal,
} from './phoneReveals.repository';

/**
 * Phone reveals answered later by a webhook (Apollo's mobile numbers, `phone_reveals`):
 *
 * 1. "get phones" opens a reveal per result before asking the vendor (`openPhoneReveal`: a random
 *    32-byte token; only its SHA-256 is stored) and hands the vendor `<PUBLIC_URL>/api/lead-sources/apollo/phones/<token>`;
 * 2. the vendor's synchronous answer marks it pending (`phoneRevealRequested`, in the enrichment's
 *    write transaction) and the result shows "phone on its way" (`data.phone_reveal = 'pending'`),
 *    charging nothing yet;
 * 3. the vendor's POST (`receivePhoneWebhook`) stores the number on the result and charges spec §9
 *    peoplePhoneEnrich once, in one transaction with the reveal's end; a replay finds the reveal ended
 *    and changes nothing. A reveal with no number, or whose owner can no longer pay, ends without a
 *    charge and the result may be asked again;
 * 4. a reveal nothing came for within PHONE_REVEAL_MINUTES: its source is polled once for the result
 *    (a webhook lost on the way), else it ends as not found, free (`expirePhoneReveals`, the
 *    `phone-reveal-expiry` queue tick).
 *
 * Locks are taken result first, then the reveal (the enrichment's store step holds the result when it
 * writes the reveal), so a webhook arriving during that step waits for it instead of deadlocking.
 */

/** How long a reveal waits for its webhook before it ends as not found (Apollo: "It can take several minutes"). */
export const PHONE_REVEAL_MINUTES = secondsFromEnv('PHONE_REVEAL_MINUTES', 30, 2, 1440);

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The result a reveal is about may be asked again (the `lead_lookup` effect of its get-phones is given back). */
const effectKey = (resultId: number | string) => `get-phones:${resultId}`;

export interface OpenedReveal {
  id: number;
  token: string;
}

/** Step 1: a reveal row (state `requesting`) and its token, written before the vendor is asked so an early webhook finds it. */
export async function openPhoneReveal(
  db: Queryable,
  reveal: { resultId: number; userId: number; source: string; reason: string; now: Date },
): Promise<OpenedReveal> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(reveal.now.getTime() + PHONE_REVEAL_MINUTES * 60_000);
  const id = await insertReveal(db, { ...reveal, tokenHash: hashOf(token), expires });
  return { id, token };
}

/** The vendor was not asked after all (its request failed): the reveal goes. */
export async function dropPhoneReveal(db: Queryable, id: number): Promise<void> {
  await deleteRequestingReveal(db, id);
}

/**
 * Step 2, in the enrichment's write transaction (the result row is locked): the vendor took the
 * request. True when a webhook will follow (the result shows "phone on its way"; its look-up stays
 * settled so no second request asks again meanwhile); false when the vendor matched nobody.
 */
export async function phoneRevealRequested(
  tx: Queryable,
  resultId: number,
  revealId: number,
  start: PhoneRevealStart,
  now: Date,
): Promise<boolean> {
  if ((await markRequested(tx, revealId, start, now)) !== 'pending') return false;
  await markResultPending(tx, resultId);
  return true;
}

/**
 * Ends an open reveal without a number (not found, expired, or its owner could not pay): the result
 * stops saying "on its way" and its look-up is given back, so a later "get phones" may ask again.
 */
async function endWithoutPhone(
  tx: Queryable,
  reveal: OpenReveal,
  state: 'not_found' | 'no_credits',
  now: Date,
): Promise<void> {
  await settleRevealState(tx, reveal.id, state, now);
  await clearResultPending(tx, reveal.result_id);
  await deleteEffect(tx, effectKey(reveal.result_id));
}

export type WebhookOutcome = 'found' | 'not_found' | 'no_credits' | 'duplicate';

type PhonePayload = Parameters<typeof apolloWebhookPhone>[0];

/** Stores a payload's number on an open reveal's result and charges it once, or ends the reveal without one (in the caller's transaction, the reveal locked). */
async function settleReveal(
  tx: Queryable,
  db: Db,
  reveal: OpenReveal,
  payload: PhonePayload,
  now: Date,
  mail?: MailDeps,
): Promise<WebhookOutcome> {
  const { phone, matched } = apolloWebhookPhone(payload, reveal.person_id);
  if (!matched && reveal.person_id) throw new ApiError(422, 'validation.invalid', { field: 'people' });
  const current = await resultPhone(tx, reveal.result_id);
  if (!phone || !current || current.phone !== null) {
    await endWithoutPhone(tx, reveal, 'not_found', now);
    return 'not_found';
  }
  const cost = CREDIT_COSTS.peoplePhoneEnrich;
  if (!(await spendCredits(tx, reveal.user_id, cost, reveal.reason, { mail, now }))) {
    await endWithoutPhone(tx, reveal, 'no_credits', now);
    return 'no_credits';
  }
  await storeRevealedPhone(
    tx,
    { id: reveal.id, resultId: reveal.result_id },
    phone,
    cost,
    now,
    effectKey(reveal.result_id),
  );
  await leadsEnriched(tx, queueOf(db), reveal.user_id, 'get-phones', [reveal.result_id]);
  return 'found';
}

const isOpen = (reveal: OpenReveal) => reveal.state === 'requesting' || reveal.state === 'pending';

/**
 * Step 3: the vendor's POST for a token. Stores the number and charges it once; a reveal already
 * ended (a replay, or one that expired) changes nothing. Null when the token is unknown.
 */
export async function receivePhoneWebhook(
  db: Db,
  token: string,
  payload: PhonePayload,
  now: Date,
  mail?: MailDeps,
): Promise<WebhookOutcome | null> {
  return db.transaction(async (tx) => {
    const reveal = await lockReveal(tx, { tokenHash: hashOf(token) });
    if (!reveal) return null;
    if (!isOpen(reveal)) return 'duplicate';
    return settleReveal(tx, db, reveal, payload, now, mail);
  });
}

/** Asks the source for a reveal's result by its request id (Apollo's Poll Webhook Result): the payload, 'pending', or null when it has none. */
export type PollPhoneReveal = (source: string, requestId: string) => Promise<PhonePayload | 'pending' | null>;

/** The installed source of that id, when it can be polled (people sources: Apollo). */
const pollInstalled: PollPhoneReveal = async (source, requestId) => {
  const provider = providerById(source, 'people');
  if (provider.id !== source || !provider.pollPhoneReveal) return null;
  return provider.pollPhoneReveal(requestId);
};

/**
 * Step 4: every reveal still open at `now` past its expiry. Its source is asked once for the result
 * (a webhook that never reached us: Apollo keeps results 30 days), no transaction open meanwhile; a
 * result found then is stored and charged as the webhook would have been, anything else (still
 * pending, unknown, the source unreachable) ends the reveal as not found, free. Returns how many ended.
 */
export async function expirePhoneReveals(
  db: Db,
  now: Date,
  poll: PollPhoneReveal = pollInstalled,
  mail?: MailDeps,
): Promise<number> {
  const due = await dueReveals(db, now);
  let ended = 0;
  for (const { id, source, request_id: requestId } of due) {
    let payload: PhonePayload | null = null;
    if (requestId) {
      try {
        const answer = await poll(source, requestId);
        payload = answer && answer !== 'pending' ? answer : null;
      } catch {
        payload = null;
      }
    }
    ended += await db.transaction(async (tx) => {
      const reveal = await lockReveal(tx, { id });
      if (!reveal || !isOpen(reveal)) return 0;
      if (payload) {
        try {
          await settleReveal(tx, db, reveal, payload, now, mail);
          return 1;
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
        }
      }
      await endWithoutPhone(tx, reveal, 'not_found', now);
      return 1;
    });
  }
  return ended;
}
