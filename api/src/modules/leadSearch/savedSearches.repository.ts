/**
 * The SQL of saved searches (tables `saved_searches`, `saved_search_runs`): the searches, their runs and the alerts
 * that found new leads. The rules are in savedSearches.service.ts and savedSearchAlerts.service.ts.
 */
import type { Queryable } from '../../db';
import type { PageWindow } from '../../http/contract';
import type { SearchType } from '../../providers/leads';
import { listNotTrashedSql } from './listOperations.repository';
import { licenseValidSql } from '../../users/license';
import type { AlertDto, RunDto, SavedSearchAlert } from './savedSearches.schemas';

export interface SavedSearchRow {
  id: number;
  name: string;
  search_type: SearchType;
  campaign_id: number;
  campaign_name: string;
  list_type: SearchType;
  location: string;
  filters: Record<string, unknown>;
  count: number;
  alert: SavedSearchAlert;
  time_zone: string;
  next_alert_at: Date | string | null;
  created_at: Date | string;
}

const COLUMNS = `s.id, s.name, s.search_type, s.campaign_id, c.name AS campaign_name, c.list_type, s.location, s.filters, s.count, s.alert, s.time_zone, s.next_alert_at, s.created_at`;
const RUN_COLUMNS = `r.id, r.saved_search_id, r.trigger, r.scheduled_for, r.job_id, r.status, r.error, r.new_leads, r.credits_spent, r.created_at, r.finished_at`;

/** The user's saved search with its list's name and type, or undefined; `forUpdate` locks the saved search. */
export async function findSavedSearch(
  q: Queryable,
  userId: number,
  id: number,
  { forUpdate = false } = {},
): Promise<SavedSearchRow | undefined> {
  return (
    await q.query<SavedSearchRow>(
      `SELECT ${COLUMNS} FROM saved_searches s JOIN campaigns c ON c.id = s.campaign_id WHERE s.id = $1 AND s.user_id = $2${forUpdate ? ' FOR UPDATE OF s' : ''}`,
      [id, userId],
    )
  ).rows[0];
}

/** The last run of each saved search of `ids`. */
export async function lastRuns(q: Queryable, ids: number[]): Promise<Map<number, RunDto>> {
  if (!ids.length) return new Map();
  const { rows } = await q.query<RunDto>(
    `SELECT DISTINCT ON (r.saved_search_id) ${RUN_COLUMNS} FROM saved_search_runs r WHERE r.saved_search_id = ANY($1::int[]) ORDER BY r.saved_search_id, r.id DESC`,
    [`{${ids.join(',')}}`],
  );
  return new Map(rows.map((r) => [r.saved_search_id, r]));
}

/** How many saved searches the user has, and how many of their alerts found new leads not seen yet. */
export async function countSavedSearches(q: Queryable, userId: number): Promise<{ total: number; unseen: number }> {
  return (
    await q.query<{ total: number; unseen: number }>(
      `SELECT (SELECT count(*)::int FROM saved_searches WHERE user_id = $1) AS total,
              (SELECT count(*)::int FROM saved_search_runs WHERE user_id = $1 AND trigger = 'alert' AND new_leads > 0 AND NOT seen) AS unseen`,
      [userId],
    )
  ).rows[0]!;
}

/** A page of the user's saved searches, newest first. */
export async function listSavedSearches(
  q: Queryable,
  userId: number,
  { limit, offset }: PageWindow,
): Promise<SavedSearchRow[]> {
  return (
    await q.query<SavedSearchRow>(
      `SELECT ${COLUMNS} FROM saved_searches s JOIN campaigns c ON c.id = s.campaign_id WHERE s.user_id = $1 ORDER BY s.id DESC LIMIT ${limit} OFFSET ${offset}`,
      [userId],
    )
  ).rows;
}

/** The type of the user's list, or undefined when it is not theirs. */
export async function listTypeOf(q: Queryable, userId: number, campaignId: number): Promise<SearchType | undefined> {
  return (
    await q.query<{ list_type: SearchType }>('SELECT list_type FROM campaigns WHERE id = $1 AND user_id = $2', [
      campaignId,
      userId,
    ])
  ).rows[0]?.list_type;
}

export interface NewSavedSearch {
  userId: number;
  campaignId: number;
  name: string;
  type: SearchType;
  location: string;
  filters: Record<string, unknown>;
  count: number;
  alert: SavedSearchAlert;
  timeZone: string;
  /** When the alert's periods are counted from (null: no alert). */
  alertAnchor: Date | null;
  nextAlertAt: Date | null;
  now: Date;
}

/** Inserts a saved search; answers its id. */
export async function insertSavedSearch(q: Queryable, s: NewSavedSearch): Promise<number> {
  return (
    await q.query<{ id: number }>(
      `INSERT INTO saved_searches (user_id, campaign_id, name, search_type, location, filters, count, alert, time_zone, alert_anchor, next_alert_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $12) RETURNING id`,
      [
        s.userId,
        s.campaignId,
        s.name,
        s.type,
        s.location,
        JSON.stringify(s.filters),
        s.count,
        s.alert,
        s.timeZone,
        s.alertAnchor?.toISOString() ?? null,
        s.nextAlertAt?.toISOString() ?? null,
        s.now.toISOString(),
      ],
    )
  ).rows[0]!.id;
}

/** Locks the user's saved search (FOR UPDATE) and answers its alert and zone, or undefined. */
export async function lockAlertSettings(
  q: Queryable,
  userId: number,
  id: number,
): Promise<{ alert: SavedSearchAlert; time_zone: string } | undefined> {
  return (
    await q.query<{ alert: SavedSearchAlert; time_zone: string }>(
      'SELECT alert, time_zone FROM saved_searches WHERE id = $1 AND user_id = $2 FOR UPDATE',
      [id, userId],
    )
  ).rows[0];
}

/** Renames the saved search (name null: unchanged) and sets its alert; `reschedule` starts the periods at `anchor`. */
export async function updateSavedSearch(
  q: Queryable,
  userId: number,
  id: number,
  change: {
    name: string | null;
    alert: SavedSearchAlert;
    timeZone: string;
    reschedule: boolean;
    anchor: Date | null;
    nextAlertAt: Date | null;
    now: Date;
  },
): Promise<void> {
  await q.query(
    `UPDATE saved_searches SET name = COALESCE($3, name), alert = $4, time_zone = $5,
            alert_anchor = CASE WHEN $6 THEN $7::timestamptz ELSE alert_anchor END,
            next_alert_at = CASE WHEN $6 THEN $8::timestamptz ELSE next_alert_at END, updated_at = $9
      WHERE id = $1 AND user_id = $2`,
    [
      id,
      userId,
      change.name,
      change.alert,
      change.timeZone,
      change.reschedule,
      change.anchor?.toISOString() ?? null,
      change.nextAlertAt?.toISOString() ?? null,
      change.now.toISOString(),
    ],
  );
}

/** Deletes the user's saved search; answers whether there was one. */
export async function deleteSavedSearch(q: Queryable, userId: number, id: number): Promise<boolean> {
  return (await q.query('DELETE FROM saved_searches WHERE id = $1 AND user_id = $2', [id, userId])).rowCount > 0;
}

/** How many of the user's alerts found new leads, and how many of those are not seen yet. */
export async function countAlerts(q: Queryable, userId: number): Promise<{ total: number; unseen: number }> {
  return (
    await q.query<{ total: number; unseen: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE NOT seen)::int AS unseen FROM saved_search_runs WHERE user_id = $1 AND trigger = 'alert' AND new_leads > 0`,
      [userId],
    )
  ).rows[0]!;
}

/** A page of the user's alerts that found new leads, newest first. */
export async function listAlerts(q: Queryable, userId: number, { limit, offset }: PageWindow): Promise<AlertDto[]> {
  const rows = (
    await q.query<{
      id: number;
      saved_search_id: number;
      search: string;
      campaign_id: number;
      campaign_name: string;
      list_type: SearchType;
      new_leads: number;
      credits_spent: number;
      scheduled_for: Date | null;
      finished_at: Date | null;
      seen: boolean;
    }>(
      `SELECT r.id, r.saved_search_id, s.name AS search, c.id AS campaign_id, c.name AS campaign_name, c.list_type, r.new_leads, r.credits_spent, r.scheduled_for, r.finished_at, r.seen
         FROM saved_search_runs r JOIN saved_searches s ON s.id = r.saved_search_id JOIN campaigns c ON c.id = s.campaign_id
        WHERE r.user_id = $1 AND r.trigger = 'alert' AND r.new_leads > 0 ORDER BY r.id DESC LIMIT ${limit} OFFSET ${offset}`,
      [userId],
    )
  ).rows;
  return rows.map(({ campaign_id, campaign_name, list_type, ...rest }) => ({
    ...rest,
    campaign: { id: campaign_id, name: campaign_name, list_type },
  }));
}

/** Marks every alert of the user that found new leads as seen; answers how many changed. */
export async function markAlertsSeen(q: Queryable, userId: number): Promise<number> {
  return (
    await q.query(
      `UPDATE saved_search_runs SET seen = true WHERE user_id = $1 AND trigger = 'alert' AND new_leads > 0 AND NOT seen`,
      [userId],
    )
  ).rowCount;
}

/** Inserts a run; undefined when the alert period (`scheduledFor`) already has one. */
export async function insertRun(
  q: Queryable,
  run: { savedSearchId: number; userId: number; trigger: 'manual' | 'alert'; scheduledFor: Date | null },
  now: Date,
): Promise<number | undefined> {
  return (
    await q.query<{ id: number }>(
      `INSERT INTO saved_search_runs (saved_search_id, user_id, trigger, scheduled_for, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (saved_search_id, scheduled_for) DO NOTHING RETURNING id`,
      [run.savedSearchId, run.userId, run.trigger, run.scheduledFor?.toISOString() ?? null, now.toISOString()],
    )
  ).rows[0]?.id;
}

/** The run's search job. */
export async function setRunJob(q: Queryable, runId: number, jobId: number): Promise<void> {
  await q.query('UPDATE saved_search_runs SET job_id = $2 WHERE id = $1', [runId, jobId]);
}

/** Ends a run with its status and why (a run whose search could not start, or whose search ended). */
export async function endRun(
  q: Queryable,
  runId: number,
  status: string,
  error: string | null,
  now: Date,
): Promise<void> {
  await q.query('UPDATE saved_search_runs SET status = $2, error = $3, finished_at = $4 WHERE id = $1', [
    runId,
    status,
    error,
    now.toISOString(),
  ]);
}

export interface DueRow {
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
 * Locks (SKIP LOCKED) up to `limit` saved searches whose alert period has come, oldest first: not one whose list is
 * in the trash, nor one of an account whose licence has expired.
 */
export async function lockDueAlerts(q: Queryable, now: Date, limit: number): Promise<DueRow[]> {
  return (
    await q.query<DueRow>(
      `SELECT id, user_id, campaign_id, location, filters, count, alert, next_alert_at AS scheduled_for, alert_anchor, time_zone
         FROM saved_searches s WHERE alert <> 'off' AND next_alert_at <= $1::timestamptz AND ${listNotTrashedSql('s')} AND ${licenseValidSql('s.user_id', '$1')}
        ORDER BY next_alert_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
      [now.toISOString()],
    )
  ).rows;
}

/** Moves the saved search's alert to its next period (null: none). */
export async function setNextAlert(q: Queryable, id: number, next: Date | null): Promise<void> {
  await q.query('UPDATE saved_searches SET next_alert_at = $2 WHERE id = $1', [id, next?.toISOString() ?? null]);
}

export interface EndedRow {
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

/** Locks (SKIP LOCKED) up to 50 running runs whose search has ended (or that have none), with what it did. */
export async function lockEndedRuns(q: Queryable): Promise<EndedRow[]> {
  return (
    await q.query<EndedRow>(
      `SELECT r.id, r.user_id, r.trigger, j.status AS job_status, j.stop_reason, COALESCE(j.produced, 0) AS produced, COALESCE(j.credits_charged, 0) AS credits_charged,
              s.name AS search, c.name AS list
         FROM saved_search_runs r JOIN saved_searches s ON s.id = r.saved_search_id JOIN campaigns c ON c.id = s.campaign_id
         LEFT JOIN search_jobs j ON j.id = r.job_id
        WHERE r.status = 'running' AND (j.id IS NULL OR j.status <> 'running')
        ORDER BY r.id LIMIT 50 FOR UPDATE OF r SKIP LOCKED`,
    )
  ).rows;
}

/** Records a run whose search ended: its status, why, the new leads and the credits spent. */
export async function finishRun(
  q: Queryable,
  runId: number,
  run: { status: string; error: string | null; newLeads: number; creditsSpent: number },
  now: Date,
): Promise<void> {
  await q.query(
    'UPDATE saved_search_runs SET status = $2, error = $3, new_leads = $4, credits_spent = $5, finished_at = $6 WHERE id = $1',
    [runId, run.status, run.error, run.newLeads, run.creditsSpent, now.toISOString()],
  );
}
