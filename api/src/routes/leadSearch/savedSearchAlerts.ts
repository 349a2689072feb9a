import type { Clock } from '../../clock';
import { licenseValidSql } from '../../users/license';
import type { Db, Queryable } from '../../db';
import { sendTemplatedMail, type MailDeps } from '../../mail/templatedMail';
import { queueOf, type JobQueue } from '../../queue/jobQueue';
import { nextRunAfter } from '../../schedule/recurrence';
import { startScheduledSearch, type RunError } from './autopilotScheduler';
import { listNotTrashedSql } from '../../modules/leadSearch/listOperations.repository';

/** How often a saved search alerts: never, once a day or once a week (counted from when it was turned on). */
export const SAVED_SEARCH_ALERTS = ['off', 'daily', 'weekly'] as const;
export type SavedSearchAlert = (typeof SAVED_SEARCH_ALERTS)[number];

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
 * out every lead the account already holds (searchJobs.ts `skip_known`: never stored, never charged
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
  const run = (
    await tx.query<{ id: number }>(
      `INSERT INTO saved_search_runs (saved_search_id, user_id, trigger, scheduled_for, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (saved_search_id, scheduled_for) DO NOTHING RETURNING id`,
      [input.savedSearchId, input.userId, input.trigger, input.scheduledFor?.toISOString() ?? null, now.toISOString()],
    )
  ).rows[0];
  if (!run) return { runId: null, outcome: null };
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
  if (typeof outcome === 'number') {
    await tx.query('UPDATE saved_search_runs SET job_id = $2 WHERE id = $1', [run.id, outcome]);
  } else {
    await tx.query('UPDATE saved_search_runs SET status = $2, error = $3, finished_at = $4 WHERE id = $1', [
      run.id,
      outcome === 'no_credits' ? 'stopped' : 'failed',
      outcome,
      now.toISOString(),
    ]);
  }
  return { runId: run.id, outcome };
}

interface DueRow {
  id: number;
  user_id: number;
  campaign_id: number;
  location: string;
  filters: Record<string, unknown>;
  count: number;
  alert: Exclude<SavedSearchAlert, 'off'>;
  scheduled_for: Date | string;
  alert_anchor: Date | string | null;
  time_zone: string;
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
    const due = (
      await tx.query<DueRow>(
        `SELECT id, user_id, campaign_id, location, filters, count, alert, next_alert_at AS scheduled_for, alert_anchor, time_zone
           FROM saved_searches s WHERE alert <> 'off' AND next_alert_at <= $1::timestamptz AND ${listNotTrashedSql('s')} AND ${licenseValidSql('s.user_id', '$1')}
          ORDER BY next_alert_at LIMIT ${ALERT_BATCH} FOR UPDATE SKIP LOCKED`,
        [now.toISOString()],
      )
    ).rows;
    const runIds: number[] = [];
    for (const row of due) {
      const slot = new Date(row.scheduled_for);
      const next = nextRunAfter(
        { repeat: row.alert, anchor: new Date(row.alert_anchor ?? slot), timeZone: row.time_zone },
        now,
      );
      await tx.query('UPDATE saved_searches SET next_alert_at = $2 WHERE id = $1', [
        row.id,
        next?.toISOString() ?? null,
      ]);
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

interface EndedRow {
  id: number;
  user_id: number;
  trigger: 'manual' | 'alert';
  job_status: string | null;
  stop_reason: string | null;
  produced: number;
  credits_charged: number;
  search: string;
  list: string;
}

/**
 * Records the runs whose search has ended (new leads, credits spent, why it stopped). An alert that
 * found new leads is shown in the app (GET /api/saved-searches/alerts) and, with `mail`, mailed as
 * `saved_search_alert` through the one mail path (the reseller's brand) in the transaction that ends
 * the run: a run leaves `running` once, so it is mailed once.
 */
export async function finishSavedSearchRuns(db: Db, now: Date, mail?: MailDeps): Promise<number[]> {
  return db.transaction(async (tx) => {
    const rows = (
      await tx.query<EndedRow>(
        `SELECT r.id, r.user_id, r.trigger, j.status AS job_status, j.stop_reason, COALESCE(j.produced, 0) AS produced, COALESCE(j.credits_charged, 0) AS credits_charged,
                s.name AS search, c.name AS list
           FROM saved_search_runs r JOIN saved_searches s ON s.id = r.saved_search_id JOIN campaigns c ON c.id = s.campaign_id
           LEFT JOIN search_jobs j ON j.id = r.job_id
          WHERE r.status = 'running' AND (j.id IS NULL OR j.status <> 'running')
          ORDER BY r.id LIMIT 50 FOR UPDATE OF r SKIP LOCKED`,
      )
    ).rows;
    for (const row of rows) {
      const status =
        row.job_status === 'stopped'
          ? row.stop_reason === 'failed' || row.stop_reason === 'source_error'
            ? 'failed'
            : 'stopped'
          : 'done';
      const error = row.job_status === 'stopped' ? row.stop_reason : null;
      await tx.query(
        'UPDATE saved_search_runs SET status = $2, error = $3, new_leads = $4, credits_spent = $5, finished_at = $6 WHERE id = $1',
        [row.id, status, error, row.produced, row.credits_charged, now.toISOString()],
      );
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
