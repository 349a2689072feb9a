import type { Clock } from '../../clock';
import { queueOf, type JobQueue } from '../../queue/jobQueue';
import type { Db, Queryable } from '../../db';
import { hasActions, runPendingActions } from './autopilotActions.service';
import { startSearch } from './startSearch.service';
import { nextRunAfter, type Repeat } from '../../schedule/recurrence';
import { sendTemplatedMail, type MailDeps } from '../../mail/templatedMail';
import {
  claimDueAutopilots,
  completeAutopilot,
  endSearchRun,
  endUnstartedRun,
  insertRun,
  lockEndedSearchRuns,
  lockScheduledList,
  markRunActionsPending,
  runAlert,
  setAutopilotNextRun,
  setRunJob,
  stopAutopilotNoCredits,
} from './autopilots.repository';

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
    const claimed = await claimDueAutopilots(tx, now, AUTOPILOT_BATCH);
    const runIds: number[] = [];
    for (const row of claimed) {
      const slot = new Date(row.scheduled_for);
      const next = nextRunAfter(
        { repeat: row.repeat, anchor: new Date(row.schedule_anchor ?? slot), timeZone: row.time_zone },
        now,
      );
      await setAutopilotNextRun(tx, row.id, next, now);
      const runId = await insertRun(tx, row.id, new Date(row.scheduled_for), now);
      if (runId === null) continue;
      runIds.push(runId);
      const outcome = await startScheduledSearch(tx, queueOf(db), row, now);
      if (typeof outcome === 'number') {
        await setRunJob(tx, runId, outcome);
      } else {
        await endUnstartedRun(tx, runId, outcome === 'no_credits' ? 'stopped' : 'failed', now, outcome);
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
  const campaign = await lockScheduledList(tx, a.user_id, a.campaign_id);
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
  if (error === 'no_credits') await stopAutopilotNoCredits(tx, autopilotId);
  else if (repeat === 'one-time') await completeAutopilot(tx, autopilotId);
}

/**
 * The autopilot alert (issue 33): a run that ended with new results mails its owner, in the
 * transaction that ends the run (the run leaves `running` once, so it is mailed once).
 */
export async function mailRunResults(tx: Queryable, mail: MailDeps, runId: number): Promise<void> {
  const run = await runAlert(tx, runId);
  if (!run || run.results_added <= 0) return;
  await sendTemplatedMail(tx, mail, {
    kind: 'autopilot_alert',
    userId: run.user_id,
    vars: { autopilot: run.autopilot, count: String(run.results_added), list: run.list },
  });
}

/**
 * Records the runs whose search job has ended: results added, credits spent, error. A run with
 * steps after its search (enrichment, AI prompts, CRM, webhook: autopilotActions.service.ts) stays running
 * with its actions pending; the same tick carries them out. With `mail`, a run ended with results
 * mails its autopilot alert.
 */
export async function finishRuns(db: Db, now: Date, mail?: MailDeps): Promise<number[]> {
  return db.transaction(async (tx) => {
    const rows = await lockEndedSearchRuns(tx);
    for (const row of rows) {
      const { status, error } = runEnd(row.job_status, row.stop_reason);
      if (error === null && row.job_status !== null && row.produced > 0 && hasActions(row)) {
        await markRunActionsPending(tx, row.id, row.produced, row.credits_charged);
        continue;
      }
      await endSearchRun(tx, row.id, {
        status,
        now,
        resultsAdded: row.produced,
        creditsSpent: row.credits_charged,
        error,
      });
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
