import type { Clock } from '../../clock';
import { licenseValidSql } from '../../users/license';
import { queueOf, type JobQueue } from '../../queue/jobQueue';
import type { Db, Queryable } from '../../db';
import type { SearchType } from '../../providers/leads';
import { hasActions, runPendingActions } from './autopilotActions';
import { listNotTrashedSql } from '../../modules/leadSearch/listOperations.repository';
import { startSearch } from '../../modules/leadSearch/startSearch.service';
import { nextRunAfter, type Repeat } from '../../schedule/recurrence';
import { sendTemplatedMail, type MailDeps } from '../../mail/templatedMail';

/** The first run of a new (or resumed) autopilot starts this long after saving (spec §4: "shortly after"). */
export const FIRST_RUN_DELAY_MS = Number(process.env.LEAD_SEARCH_AUTOPILOT_FIRST_RUN_MS ?? 5_000);
/** How often the scheduler looks for due autopilots and finished runs. */
export const AUTOPILOT_TICK_MS = Number(process.env.LEAD_SEARCH_AUTOPILOT_TICK_MS ?? 2_000);
/** Most autopilots started per tick (the rest wait for the next tick). */
export const AUTOPILOT_BATCH = 10;

export { REPEATS, type Repeat } from '../../schedule/recurrence';

/** Why a run did not add results, stored as a code the UI translates. */
/** Why a run stopped or failed: at its start, or its search's end (`search_failed`: the queue gave up on it; `source_error`: the source refused it). */
export type RunError =
  | 'no_credits'
  | 'limit_reached'
  | 'job_running'
  | 'webhook_missing'
  | 'search_failed'
  | 'source_error'
  | 'list_in_trash';

/** A run's end from its search's: a search that failed fails the run, with the reason as its error code. */
function runEnd(
  jobStatus: string | null,
  stopReason: string | null,
): { status: 'done' | 'stopped' | 'failed'; error: RunError | null } {
  if (jobStatus === 'done' || jobStatus === null) return { status: 'done', error: null };
  if (stopReason === 'no_credits') return { status: 'stopped', error: 'no_credits' };
  if (stopReason === 'failed') return { status: 'failed', error: 'search_failed' };
  if (stopReason === 'source_error') return { status: 'failed', error: 'source_error' };
  return { status: 'stopped', error: null };
}

interface ClaimedRow {
  id: number;
  user_id: number;
  campaign_id: number;
  type: 'basic' | 'webhook';
  repeat: Repeat;
  location: string;
  filters: Record<string, unknown>;
  max_results: number;
  scheduled_for: Date | string;
  schedule_anchor: Date | string | null;
  time_zone: string;
}

export interface TickOutcome {
  started: number[];
  finished: number[];
}

/**
 * Claims the due autopilots: the rows whose next_run_at has come are locked (SKIP LOCKED) and get
 * their next slot (api/src/schedule: the first slot after now in the autopilot's time zone, or none
 * for one-time) and a run row in the same transaction, so two schedulers (or a restart in the
 * middle) never start the same slot twice; the unique (autopilot_id, scheduled_for) index backs
 * that up. Each claimed run then starts a search job through part 1's job machinery. An autopilot whose list is in the
 * trash is not claimed: its due slot waits and runs at the first tick after the list is restored (ADR 034); nor is
 * one of an account whose licence has expired: its slot waits for the renewal (ADR 046).
 */
export async function startDueRuns(db: Db, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const claimed = (
      await tx.query<ClaimedRow>(
        `SELECT a.id, a.user_id, a.campaign_id, a.type, a.repeat, a.location, a.filters, a.max_results, a.next_run_at AS scheduled_for, a.schedule_anchor, a.time_zone
           FROM autopilots a
          WHERE a.status = 'active' AND a.next_run_at <= $1::timestamptz
            AND NOT EXISTS (SELECT 1 FROM autopilot_runs r WHERE r.autopilot_id = a.id AND r.status = 'running')
            AND ${listNotTrashedSql('a')} AND ${licenseValidSql('a.user_id', '$1')}
          ORDER BY a.next_run_at LIMIT ${AUTOPILOT_BATCH} FOR UPDATE SKIP LOCKED`,
        [now.toISOString()],
      )
    ).rows;
    const runIds: number[] = [];
    for (const row of claimed) {
      const slot = new Date(row.scheduled_for);
      const next = nextRunAfter(
        { repeat: row.repeat, anchor: new Date(row.schedule_anchor ?? slot), timeZone: row.time_zone },
        now,
      );
      await tx.query('UPDATE autopilots SET next_run_at = $2, last_run_at = $3, updated_at = $3 WHERE id = $1', [
        row.id,
        next?.toISOString() ?? null,
        now.toISOString(),
      ]);
      const run = (
        await tx.query<{ id: number }>(
          `INSERT INTO autopilot_runs (autopilot_id, status, scheduled_for, started_at) VALUES ($1, 'running', $2, $3)
           ON CONFLICT (autopilot_id, scheduled_for) DO NOTHING RETURNING id`,
          [row.id, new Date(row.scheduled_for).toISOString(), now.toISOString()],
        )
      ).rows[0];
      if (!run) continue;
      runIds.push(run.id);
      const outcome = await startScheduledSearch(tx, queueOf(db), row, now);
      if (typeof outcome === 'number') {
        await tx.query('UPDATE autopilot_runs SET job_id = $2 WHERE id = $1', [run.id, outcome]);
      } else {
        await tx.query(`UPDATE autopilot_runs SET status = $2, finished_at = $3, error = $4 WHERE id = $1`, [
          run.id,
          outcome === 'no_credits' ? 'stopped' : 'failed',
          now.toISOString(),
          outcome,
        ]);
        await afterRun(tx, row.id, row.repeat, outcome);
      }
    }
    return runIds;
  });
}

/** A search started by a schedule or a saved search (not by the search form). */
export interface ScheduledSearch {
  user_id: number;
  campaign_id: number;
  location: string;
  filters: Record<string, unknown>;
  /** Most leads it adds: it takes what is left of the monthly search limit, up to this. */
  max_results: number;
  /** A webhook autopilot needs its list's webhook. */
  type?: 'basic' | 'webhook';
  /** Leave out the leads the account already holds (saved searches: only new leads, never charged twice). */
  skip_known?: boolean;
}

/**
 * Starts and queues the search job of an autopilot run or a saved search (startSearch.ts: the rules of
 * POST /api/searches; a run takes what is left of the monthly search limit, up to its maximum), or says
 * why it cannot.
 */
export async function startScheduledSearch(
  tx: Queryable,
  queue: JobQueue,
  a: ScheduledSearch,
  now: Date,
): Promise<number | RunError> {
  const campaign = (
    await tx.query<{
      id: number;
      list_type: SearchType;
      is_demo: boolean;
      webhook_url: string | null;
      trashed: boolean;
    }>(
      'SELECT id, list_type, is_demo, webhook_url, deleted_at IS NOT NULL AS trashed FROM campaigns WHERE id = $1 AND user_id = $2 FOR UPDATE',
      [a.campaign_id, a.user_id],
    )
  ).rows[0]!;
  if (campaign.trashed) return 'list_in_trash';
  if (a.type === 'webhook' && !campaign.webhook_url) return 'webhook_missing';
  const started = await startSearch(
    tx,
    queue,
    {
      userId: a.user_id,
      campaign,
      location: a.location,
      filters: a.filters,
      count: { upTo: a.max_results },
      skipKnown: a.skip_known,
    },
    now,
  );
  return 'jobId' in started ? started.jobId : started.refused;
}

/** After a run: out of credits stops the autopilot with its reason; a one-time autopilot is complete. */
async function afterRun(
  tx: Queryable,
  autopilotId: number,
  repeat: Repeat | string,
  error: RunError | null,
): Promise<void> {
  if (error === 'no_credits') {
    await tx.query(
      `UPDATE autopilots SET status = 'stopped', stop_reason = 'no_credits', next_run_at = NULL, updated_at = now() WHERE id = $1`,
      [autopilotId],
    );
  } else if (repeat === 'one-time') {
    await tx.query(
      `UPDATE autopilots SET status = 'completed', next_run_at = NULL, updated_at = now() WHERE id = $1 AND status = 'active'`,
      [autopilotId],
    );
  }
}

/**
 * The autopilot alert (issue 33): a run that ended with new results mails its owner, in the
 * transaction that ends the run (the run leaves `running` once, so it is mailed once).
 */
export async function mailRunResults(tx: Queryable, mail: MailDeps, runId: number): Promise<void> {
  const run = (
    await tx.query<{ user_id: number; results_added: number; autopilot: string; list: string }>(
      `SELECT a.user_id, r.results_added, a.name AS autopilot, c.name AS list
         FROM autopilot_runs r JOIN autopilots a ON a.id = r.autopilot_id JOIN campaigns c ON c.id = a.campaign_id
        WHERE r.id = $1 AND r.status <> 'running'`,
      [runId],
    )
  ).rows[0];
  if (!run || run.results_added <= 0) return;
  await sendTemplatedMail(tx, mail, {
    kind: 'autopilot_alert',
    userId: run.user_id,
    vars: { autopilot: run.autopilot, count: String(run.results_added), list: run.list },
  });
}

/**
 * Records the runs whose search job has ended: results added, credits spent, error. A run with
 * steps after its search (enrichment, AI prompts, CRM, webhook: autopilotActions.ts) stays running
 * with its actions pending; the same tick carries them out. With `mail`, a run ended with results
 * mails its autopilot alert.
 */
export async function finishRuns(db: Db, now: Date, mail?: MailDeps): Promise<number[]> {
  return db.transaction(async (tx) => {
    const rows = (
      await tx.query<{
        id: number;
        autopilot_id: number;
        repeat: Repeat;
        job_status: string | null;
        stop_reason: string | null;
        produced: number;
        credits_charged: number;
        type: 'basic' | 'webhook';
        enrichment: boolean;
        ai_prompts: string[];
        crm: string | null;
      }>(
        `SELECT r.id, r.autopilot_id, a.repeat, j.status AS job_status, j.stop_reason, COALESCE(j.produced, 0) AS produced, COALESCE(j.credits_charged, 0) AS credits_charged,
                a.type, a.enrichment, a.ai_prompts, a.crm
           FROM autopilot_runs r JOIN autopilots a ON a.id = r.autopilot_id LEFT JOIN search_jobs j ON j.id = r.job_id
          WHERE r.status = 'running' AND r.actions_state IS NULL AND (j.id IS NULL OR j.status <> 'running')
          ORDER BY r.id LIMIT 50 FOR UPDATE OF r`,
      )
    ).rows;
    for (const row of rows) {
      const { status, error } = runEnd(row.job_status, row.stop_reason);
      if (error === null && row.job_status !== null && row.produced > 0 && hasActions(row)) {
        await tx.query(
          `UPDATE autopilot_runs SET results_added = $2, credits_spent = $3, actions_state = 'pending' WHERE id = $1`,
          [row.id, row.produced, row.credits_charged],
        );
        continue;
      }
      await tx.query(
        `UPDATE autopilot_runs SET status = $2, finished_at = $3, results_added = $4, credits_spent = $5, error = $6 WHERE id = $1`,
        [row.id, status, now.toISOString(), row.produced, row.credits_charged, error],
      );
      await afterRun(tx, row.autopilot_id, row.repeat, error);
      if (mail) await mailRunResults(tx, mail, row.id);
    }
    return rows.map((r) => r.id);
  });
}

/** One scheduler pass: record finished runs and carry out their post-search steps, then start the due ones. */
export async function autopilotTick(db: Db, clock: Clock, mail?: MailDeps): Promise<TickOutcome> {
  const finished = await finishRuns(db, clock.now(), mail);
  await runPendingActions(
    db,
    clock,
    async (tx, autopilotId, repeat, error, runId) => {
      await afterRun(tx, autopilotId, repeat, error);
      if (mail) await mailRunResults(tx, mail, runId);
    },
    mail,
  );
  const started = await startDueRuns(db, clock.now());
  return { started, finished };
}
