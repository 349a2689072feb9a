/**
 * The SQL of phone reveals answered later by a webhook (table `phone_reveals`, and the result and look-up effect a
 * reveal is about). The steps and their rules are in phoneReveals.service.ts.
 */
import type { Queryable } from '../../db';
import type { PhoneRevealStart } from '../../providers/leads';

export interface OpenReveal {
  id: number;
  result_id: number;
  user_id: number;
  reason: string;
  person_id: string | null;
  state: string;
}

/** Which reveal: by the hash of its token, or by id. */
export type RevealKey = { tokenHash: string } | { id: number };

/** Inserts a reveal (state `requesting`); answers its id. */
export async function insertReveal(
  q: Queryable,
  reveal: { resultId: number; userId: number; source: string; tokenHash: string; reason: string; expires: Date },
): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO phone_reveals (result_id, user_id, source, token_hash, reason, expires_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::int AS id`,
    [reveal.resultId, reveal.userId, reveal.source, reveal.tokenHash, reveal.reason, reveal.expires],
  );
  return rows[0]!.id;
}

/** Deletes the reveal while it is still `requesting`. */
export async function deleteRequestingReveal(q: Queryable, id: number): Promise<void> {
  await q.query(`DELETE FROM phone_reveals WHERE id = $1 AND state = 'requesting'`, [id]);
}

/**
 * The vendor's answer to a `requesting` reveal: `pending` when a webhook will follow, else `not_found` (settled now).
 * Answers the state it got, or undefined when the reveal was no longer requesting.
 */
export async function markRequested(
  q: Queryable,
  revealId: number,
  start: PhoneRevealStart,
  now: Date,
): Promise<string | undefined> {
  const { rows } = await q.query<{ state: string }>(
    `UPDATE phone_reveals SET state = CASE WHEN $2 THEN 'pending' ELSE 'not_found' END, person_id = $3, request_id = $4,
            settled_at = CASE WHEN $2 THEN NULL ELSE $5::timestamptz END
      WHERE id = $1 AND state = 'requesting' RETURNING state`,
    [revealId, start.pending, start.personId, start.requestId, now],
  );
  return rows[0]?.state;
}

/** The result shows "phone on its way". */
export async function markResultPending(q: Queryable, resultId: number): Promise<void> {
  await q.query(`UPDATE campaign_results SET data = jsonb_set(data, '{phone_reveal}', '"pending"') WHERE id = $1`, [
    resultId,
  ]);
}

/** Ends the reveal in `state` (settled now). */
export async function settleRevealState(
  q: Queryable,
  revealId: number,
  state: 'not_found' | 'no_credits',
  now: Date,
): Promise<void> {
  await q.query(`UPDATE phone_reveals SET state = $2, settled_at = $3 WHERE id = $1`, [revealId, state, now]);
}

/** The result stops saying "phone on its way". */
export async function clearResultPending(q: Queryable, resultId: number): Promise<void> {
  await q.query(`UPDATE campaign_results SET data = data - 'phone_reveal' WHERE id = $1`, [resultId]);
}

/** Deletes the external effect of `key` (the look-up is given back: it may be asked again). */
export async function deleteEffect(q: Queryable, key: string): Promise<void> {
  await q.query(`DELETE FROM external_effects WHERE key = $1`, [key]);
}

/**
 * The reveal, locked result first then the reveal (the enrichment's store step holds the result when it writes the
 * reveal, so a webhook arriving meanwhile waits instead of deadlocking); null when unknown.
 */
export async function lockReveal(q: Queryable, where: RevealKey): Promise<OpenReveal | null> {
  const [column, value] = 'tokenHash' in where ? ['token_hash', where.tokenHash] : ['id', where.id];
  const found = (
    await q.query<{ result_id: number }>(`SELECT result_id::int AS result_id FROM phone_reveals WHERE ${column} = $1`, [
      value,
    ])
  ).rows[0];
  if (!found) return null;
  await q.query('SELECT 1 FROM campaign_results WHERE id = $1 FOR UPDATE', [found.result_id]);
  const { rows } = await q.query<OpenReveal>(
    `SELECT id::int AS id, result_id::int AS result_id, user_id, reason, person_id, state FROM phone_reveals WHERE ${column} = $1 FOR UPDATE`,
    [value],
  );
  return rows[0] ?? null;
}

/** The result's phone (null when it has none), or undefined when the result is gone. */
export async function resultPhone(q: Queryable, resultId: number): Promise<{ phone: string | null } | undefined> {
  return (await q.query<{ phone: string | null }>('SELECT phone FROM campaign_results WHERE id = $1', [resultId]))
    .rows[0];
}

/** Stores the revealed number on the result, charged `cost`, and ends the reveal as found; settles the look-up `effectKey` if still sending. */
export async function storeRevealedPhone(
  q: Queryable,
  reveal: { id: number; resultId: number },
  phone: string,
  cost: number,
  now: Date,
  effectKey: string,
): Promise<void> {
  await q.query(
    `UPDATE campaign_results SET phone = $2, credits = credits + $3, data = data - 'phone_reveal' WHERE id = $1`,
    [reveal.resultId, phone, cost],
  );
  await q.query(`UPDATE phone_reveals SET state = 'found', phone = $2, credits = $3, settled_at = $4 WHERE id = $1`, [
    reveal.id,
    phone,
    cost,
    now,
  ]);
  // A webhook ahead of the enrichment's own write: its look-up is settled here (that write then finds it done and skips the row).
  await q.query(
    `UPDATE external_effects SET state = 'done', outcome = '{"found":1}'::jsonb, finished_at = now() WHERE key = $1 AND state = 'sending'`,
    [effectKey],
  );
}

/** Up to 500 reveals still open past their expiry at `now`, oldest first. */
export async function dueReveals(
  q: Queryable,
  now: Date,
): Promise<{ id: number; source: string; request_id: string | null }[]> {
  return (
    await q.query<{ id: number; source: string; request_id: string | null }>(
      `SELECT id::int AS id, source, request_id FROM phone_reveals WHERE state IN ('requesting', 'pending') AND expires_at <= $1 ORDER BY id LIMIT 500`,
      [now],
    )
  ).rows;
}
