import type { Queryable } from '../db';

/**
 * Exactly-once external effects (table `external_effects`). Each call to the outside world is
 * named by an idempotency key derived from the work (e.g. `crm:<job>:<result>`):
 *
 * 1. `claimEffects` records the keys as "sending" before the call, in its own short statement (no
 *    transaction is held across the call). A key already done or failed is never claimed again; a
 *    key "sending" under a live lease belongs to another worker.
 * 2. The call carries the key (webhook bodies and an `Idempotency-Key` header) so a receiver can
 *    drop a repeat.
 * 3. `settleEffects` records the outcome, in the same transaction as the rows the outcome changes.
 *
 * A worker that dies between 1 and 3 leaves its keys "sending": once the lease has run out the job
 * queue's retry claims them again with the same keys (so the receiver sees the same id twice at
 * most, and drops it). The lease equals the queue's job expiry, so the retry finds it expired.
 */
export const EFFECT_LEASE_SECONDS = secondsFromEnv('QUEUE_JOB_EXPIRE_SECONDS', 60, 2, 3600);

/** An operator's (or a test's) setting in seconds; a bad value stops the start naming the variable. */
export function secondsFromEnv(key: string, fallback: number, min: number, max: number): number {
  const raw = process.env[key]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max)
    throw new Error(`Invalid environment variable ${key}: expected an integer between ${min} and ${max}, got "${raw}"`);
  return n;
}

export type EffectKind = 'crm_push' | 'webhook' | 'ai_call' | 'email' | 'charge' | 'lead_lookup';

export interface EffectOutcome {
  key: string;
  ok: boolean;
  /** What the receiver answered (status, error code, detail), kept for support. */
  outcome?: Record<string, unknown>;
}

const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/**
 * Records `keys` as being sent by this caller. Returns the keys it now owns: new ones, and ones a
 * dead worker left "sending" past the lease. Everything else is skipped by the caller.
 */
export async function claimEffects(db: Queryable, kind: EffectKind, keys: readonly string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const { rows } = await db.query<{ key: string }>(
    `INSERT INTO external_effects (key, kind, state) SELECT k, $2, 'sending' FROM unnest($1::text[]) AS k
     ON CONFLICT (key) DO UPDATE SET attempts = external_effects.attempts + 1, started_at = now()
      WHERE external_effects.state = 'sending' AND external_effects.started_at < now() - make_interval(secs => $3)
     RETURNING key`,
    [textArray(keys), kind, EFFECT_LEASE_SECONDS],
  );
  return new Set(rows.map((r) => r.key));
}

/** Records the outcome of calls this caller claimed (call it in the transaction that records their effect on our rows). */
export async function settleEffects(tx: Queryable, outcomes: readonly EffectOutcome[]): Promise<void> {
  if (!outcomes.length) return;
  await tx.query(
    `UPDATE external_effects e SET state = CASE WHEN o.ok THEN 'done' ELSE 'failed' END, outcome = o.outcome, finished_at = now()
       FROM jsonb_to_recordset($1::jsonb) AS o(key text, ok boolean, outcome jsonb)
      WHERE e.key = o.key AND e.state = 'sending'`,
    [JSON.stringify(outcomes.map((o) => ({ key: o.key, ok: o.ok, outcome: o.outcome ?? null })))],
  );
}

/**
 * When a claimed key was first sent, by the caller's clock: `now` on its first claim, kept (in its
 * outcome, until it is settled) through releases and later claims. A caller whose receiver forgets
 * keys after a while (Stripe: 24 hours) tells from it whether a retry may be taken as a new request.
 */
export async function firstSentAt(db: Queryable, key: string, now: Date): Promise<Date> {
  const { rows } = await db.query<{ at: string }>(
    `UPDATE external_effects SET outcome = COALESCE(outcome, jsonb_build_object('first_sent_at', $2::text))
      WHERE key = $1 RETURNING outcome->>'first_sent_at' AS at`,
    [key, now.toISOString()],
  );
  return rows[0]?.at ? new Date(rows[0].at) : now;
}

/** Gives back a claimed key whose call did not happen (a refused connection): the next attempt may make it. */
export async function releaseEffect(db: Queryable, key: string): Promise<void> {
  await db.query(`UPDATE external_effects SET started_at = '-infinity' WHERE key = $1 AND state = 'sending'`, [key]);
}

/**
 * On an embedded database one process owns all the work: "sending" rows at start were left by a
 * process that died, so their lease ends now instead of after EFFECT_LEASE_SECONDS.
 */
export async function releaseOrphanedEffects(db: Queryable): Promise<void> {
  await db.query(`UPDATE external_effects SET started_at = '-infinity' WHERE state = 'sending'`);
}
