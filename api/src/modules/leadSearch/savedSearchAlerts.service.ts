/**
 * The runs of saved searches (a click or an alert period) and the alerts' tick: start the periods that are due,
 * record the runs whose search ended and mail the alerts that found new leads. The SQL is in
 * savedSearches.repository.ts.
 */
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db';
import { sendTemplatedMail, type MailDeps } from '../../mail/templatedMail';
import { queueOf, type JobQueue } from '../../queue/jobQueue';
import { nextRunAfter } from '../../schedule/recurrence';
import { startScheduledSearch, type RunError } from './autopilotScheduler.service';
import {
  endRun,
  finishRun,
  insertRun,
  lockDueAlerts,
  lockEndedRuns,
  setNextAlert,
  setRunJob,
} from './savedSearches.repository';
import { SAVED_SEARCH_ALERTS, type SavedSearchAlert } from './savedSearches.schemas';

export { SAVED_SEARCH_ALERTS, type SavedSearchAlert };

/** Most alerts started per tick (the rest wait for the next tick). */
const ALERT_BATCH = 10;

export interface SavedSearchRunInput {
  savedSearchId: number;
  userId: number;
  campaignId: number;
  location: string;
  filters: Record<string, unknown>;
  count: number;
  trigger: 'manual' | 'alert';
  /** The alert period's slot (null for a click). */
  scheduledFor: Date | null;
}

/**
 * Starts one run of a saved search in the caller's transaction: a search job into its list that leaves
 * out every lead the account already holds (searchJobs.service.ts `skip_known`: never stored, never charged
 * again; new leads are charged per spec §9, demo data never). An alert period's run is unique per slot,
 * so a second scheduler claiming the same period adds nothing. Returns the run id (null when the period
 * already has one) and the job id or why no search could start.
 */
export async function startSavedSearchRun(
  tx: Queryable,
  queue: JobQueue,
  input: SavedSearchRunInput,
  now: Date,
): Promise<{ runId: number | null; outcome: number | RunError | null }> {
  const runId = await insertRun(tx, input, now);
  if (runId === undefined) return { runId: null, outcome: null };
  const outcome = await startScheduledSearch(
    tx,
    queue,
    {
      user_id: input.userId,
      campaign_id: input.campaignId,
      location: input.location,
      filters: input.filters,
      max_results: input.count,
      skip_known: true,
    },
    now,
  );
  if (typeof outcome === 'number') await setRunJob(tx, runId, outcome);
  else await endRun(tx, runId, outcome === 'no_credits' ? 'stopped' : 'failed', outcome, now);
  return { runId, outcome };
}

/**
 * Claims the saved searches whose alert period has come: locked (SKIP LOCKED), moved to their next
 * slot and given their period's run in one transaction, so two worker processes (or the cron and the
 * tick at once) never run a period twice; the unique (saved_search_id, scheduled_for) backs that up. A saved search
 * whose list is in the trash is not claimed: its period waits for the list's restore (ADR 034); nor is one of an
 * account whose licence has expired (ADR 046).
 */
export async function startDueAlerts(db: Db, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const due = await lockDueAlerts(tx, now, ALERT_BATCH);
    const runIds: number[] = [];
    for (const row of due) {
      const slot = new Date(row.scheduled_for);
      const next = nextRunAfter(
        { repeat: row.alert, anchor: new Date(row.alert_anchor ?? slot), timeZone: row.time_zone },
        now,
      );
      await setNextAlert(tx, row.id, next);
      const { runId } = await startSavedSearchRun(
        tx,
        queueOf(db),
        {
          savedSearchId: row.id,
          userId: row.user_id,
          campaignId: row.campaign_id,
          location: row.location,
          filters: row.filters,
          count: row.count,
          trigger: 'alert',
          scheduledFor: slot,
        },
        now,
      );
      if (runId !== null) runIds.push(runId);
    }
    return runIds;
  });
}

/**
 * Records the runs whose search has ended (new leads, credits spent, why it stopped). An alert that
 * found new leads is shown in the app (GET /api/saved-searches/alerts) and, with `mail`, mailed as
 * `saved_search_alert` through the one mail path (the reseller's brand) in the transaction that ends
 * the run: a run leaves `running` once, so it is mailed once.
 */
export async function finishSavedSearchRuns(db: Db, now: Date, mail?: MailDeps): Promise<number[]> {
  return db.transaction(async (tx) => {
    const rows = await lockEndedRuns(tx);
    for (const row of rows) {
      const status =
        row.job_status === 'stopped'
          ? row.stop_reason === 'failed' || row.stop_reason === 'source_error'
            ? 'failed'
            : 'stopped'
          : 'done';
      const error = row.job_status === 'stopped' ? row.stop_reason : null;
      await finishRun(tx, row.id, { status, error, newLeads: row.produced, creditsSpent: row.credits_charged }, now);
      if (mail && row.trigger === 'alert' && row.produced > 0) {
        await sendTemplatedMail(tx, mail, {
          kind: 'saved_search_alert',
          userId: row.user_id,
          vars: { search: row.search, count: String(row.produced), list: row.list },
        });
      }
    }
    return rows.map((r) => r.id);
  });
}

/** One pass: record the runs that ended (and mail their alerts), then start the alerts that are due. */
export async function savedSearchTick(
  db: Db,
  clock: Clock,
  mail?: MailDeps,
): Promise<{ started: number[]; finished: number[] }> {
  const finished = await finishSavedSearchRuns(db, clock.now(), mail);
  const started = await startDueAlerts(db, clock.now());
  return { started, finished };
}
