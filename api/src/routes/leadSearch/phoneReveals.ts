import { createHash, randomBytes } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../../db';
import { secondsFromEnv } from '../../effects/externalEffects';
import { Nullable, Type } from '../../http/contract';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import type { MailDeps } from '../../mail/templatedMail';
import { spendCredits } from '../../credits/ledger';
import { APOLLO_PHONE_WEBHOOK_PATH, apolloWebhookPhone } from '../../providers/leads/apolloProvider';
import { providerById, type PhoneRevealStart } from '../../providers/leads';
import { queueOf } from '../../queue/jobQueue';
import { CREDIT_COSTS } from '@leadsmith/shared/constants';
import { leadsEnriched } from './enrichmentEvents';

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
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO phone_reveals (result_id, user_id, source, token_hash, reason, expires_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::int AS id`,
    [reveal.resultId, reveal.userId, reveal.source, hashOf(token), reveal.reason, expires],
  );
  return { id: rows[0]!.id, token };
}

/** The vendor was not asked after all (its request failed): the reveal goes. */
export async function dropPhoneReveal(db: Queryable, id: number): Promise<void> {
  await db.query(`DELETE FROM phone_reveals WHERE id = $1 AND state = 'requesting'`, [id]);
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
  const { rows } = await tx.query<{ state: string }>(
    `UPDATE phone_reveals SET state = CASE WHEN $2 THEN 'pending' ELSE 'not_found' END, person_id = $3, request_id = $4,
            settled_at = CASE WHEN $2 THEN NULL ELSE $5::timestamptz END
      WHERE id = $1 AND state = 'requesting' RETURNING state`,
    [revealId, start.pending, start.personId, start.requestId, now],
  );
  if (rows[0]?.state !== 'pending') return false;
  await tx.query(`UPDATE campaign_results SET data = jsonb_set(data, '{phone_reveal}', '"pending"') WHERE id = $1`, [
    resultId,
  ]);
  return true;
}

interface OpenReveal {
  id: number;
  result_id: number;
  user_id: number;
  reason: string;
  person_id: string | null;
  state: string;
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
  await tx.query(`UPDATE phone_reveals SET state = $2, settled_at = $3 WHERE id = $1`, [reveal.id, state, now]);
  await tx.query(`UPDATE campaign_results SET data = data - 'phone_reveal' WHERE id = $1`, [reveal.result_id]);
  await tx.query(`DELETE FROM external_effects WHERE key = $1`, [effectKey(reveal.result_id)]);
}

/** The open reveal of a token, locked (result first, see above); null when unknown. */
async function lockReveal(tx: Queryable, where: { tokenHash: string } | { id: number }): Promise<OpenReveal | null> {
  const [column, value] = 'tokenHash' in where ? ['token_hash', where.tokenHash] : ['id', where.id];
  const found = (
    await tx.query<{ result_id: number }>(
      `SELECT result_id::int AS result_id FROM phone_reveals WHERE ${column} = $1`,
      [value],
    )
  ).rows[0];
  if (!found) return null;
  await tx.query('SELECT 1 FROM campaign_results WHERE id = $1 FOR UPDATE', [found.result_id]);
  const { rows } = await tx.query<OpenReveal>(
    `SELECT id::int AS id, result_id::int AS result_id, user_id, reason, person_id, state FROM phone_reveals WHERE ${column} = $1 FOR UPDATE`,
    [value],
  );
  return rows[0] ?? null;
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
  const current = (
    await tx.query<{ phone: string | null }>('SELECT phone FROM campaign_results WHERE id = $1', [reveal.result_id])
  ).rows[0];
  if (!phone || !current || current.phone !== null) {
    await endWithoutPhone(tx, reveal, 'not_found', now);
    return 'not_found';
  }
  const cost = CREDIT_COSTS.peoplePhoneEnrich;
  if (!(await spendCredits(tx, reveal.user_id, cost, reveal.reason, { mail, now }))) {
    await endWithoutPhone(tx, reveal, 'no_credits', now);
    return 'no_credits';
  }
  await tx.query(
    `UPDATE campaign_results SET phone = $2, credits = credits + $3, data = data - 'phone_reveal' WHERE id = $1`,
    [reveal.result_id, phone, cost],
  );
  await tx.query(`UPDATE phone_reveals SET state = 'found', phone = $2, credits = $3, settled_at = $4 WHERE id = $1`, [
    reveal.id,
    phone,
    cost,
    now,
  ]);
  // A webhook ahead of the enrichment's own write: its look-up is settled here (that write then finds it done and skips the row).
  await tx.query(
    `UPDATE external_effects SET state = 'done', outcome = '{"found":1}'::jsonb, finished_at = now() WHERE key = $1 AND state = 'sending'`,
    [effectKey(reveal.result_id)],
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
  const due = (
    await db.query<{ id: number; source: string; request_id: string | null }>(
      `SELECT id::int AS id, source, request_id FROM phone_reveals WHERE state IN ('requesting', 'pending') AND expires_at <= $1 ORDER BY id LIMIT 500`,
      [now],
    )
  ).rows;
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

/** Apollo's phone webhook body (https://docs.apollo.io/reference/poll-webhook-result, request_type `phone`): only `people` is read. */
const PhoneNumber = Type.Object(
  {
    raw_number: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    sanitized_number: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    type_cd: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
    position: Type.Optional(Nullable(Type.Integer())),
  },
  { additionalProperties: true },
);
const WebhookBody = Type.Object(
  {
    status: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
    people: Type.Optional(
      Nullable(
        Type.Array(
          Type.Object(
            {
              id: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
              status: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
              phone_numbers: Type.Optional(Nullable(Type.Array(PhoneNumber, { maxItems: 50 }))),
            },
            { additionalProperties: true },
          ),
          { maxItems: 10 },
        ),
      ),
    ),
  },
  { additionalProperties: true },
);

/**
 * `POST /api/lead-sources/apollo/phones/:token`: Apollo's phone webhook. Public (Apollo signs
 * nothing): the token in the path is the credential, 256 random bits per reveal, stored hashed; the
 * payload must be about the person the reveal asked for. Answers 200 for a replay (Apollo may retry),
 * 404 for an unknown token.
 */
export function phoneRevealRoutes(api: FastifyInstance, { db, clock, mailer, config }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    `${APOLLO_PHONE_WEBHOOK_PATH}/:token`,
    {
      schema: {
        summary: "Apollo's phone reveal webhook (the mobile numbers of one People Enrichment request)",
        params: Type.Object(
          { token: Type.String({ minLength: 43, maxLength: 43, pattern: '^[A-Za-z0-9_-]+$' }) },
          { additionalProperties: false },
        ),
        body: WebhookBody,
        response: {
          200: Type.Object({
            received: Type.Boolean(),
            outcome: Type.Union([
              Type.Literal('found'),
              Type.Literal('not_found'),
              Type.Literal('no_credits'),
              Type.Literal('duplicate'),
            ]),
          }),
        },
      },
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    },
    async (request) => {
      const outcome = await receivePhoneWebhook(db, request.params.token, request.body, clock.now(), {
        mailer,
        config,
      });
      if (!outcome) throw new ApiError(404, 'not_found');
      return { received: true, outcome };
    },
  );
}
