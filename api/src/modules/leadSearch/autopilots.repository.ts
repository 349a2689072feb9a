import type { Queryable } from '../../db';
import type { SearchType } from '../../providers/leads';
import type { Repeat } from '../../schedule/recurrence';
import { licenseValidSql } from '../../users/license';
import { listNotTrashedSql } from './listOperations.repository';

/**
 * Autopilots' SQL: the autopilots (`autopilots`), their runs (`autopilot_runs`: the search, then the post-search steps'
 * figures, stage, cursor and lease) and what a run reads of its list and its results.
 */
/** basic: the search alone; webhook: into a list with a webhook, which gets each run's new results. */
export const AUTOPILOT_TYPES = ['basic', 'webhook'] as const;
export type AutopilotType = (typeof AUTOPILOT_TYPES)[number];

export interface AutopilotRow {
  id: number;
  name: string;
  type: AutopilotType;
  repeat: Repeat;
  campaign_id: number;
  campaign_name: string;
  list_type: SearchType;
  has_webhook: boolean;
  location: string;
  filters: Record<string, unknown>;
  max_results: number;
  enrichment: boolean;
  ai_prompts: string[];
  crm: string | null;
  status: string;
  stop_reason: string | null;
  next_run_at: Date | string | null;
  last_run_at: Date | string | null;
  created_at: Date | string;
  time_zone: string;
}

export interface RunRow {
  id: number;
  autopilot_id: number;
  job_id: number | null;
  status: string;
  scheduled_for: Date | string;
  started_at: Date | string;
  finished_at: Date | string | null;
  results_added: number;
  credits_spent: number;
  error: string | null;
  /** Post-search steps (autopilotActions.service.ts): pending while they run; their figures; why a step could not run. */
  actions_state: 'pending' | 'done' | null;
  enriched: number;
  enrich_credits: number;
  ai_processed: number;
  crm_sent: number;
  crm_unsent: number;
  /** Results the run's CRM send has still to push (it runs in the background). */
  crm_pending: number;
  webhook_sent: number;
  webhook_unsent: number;
  step_errors: { step: string; code: string }[];
}

/** An autopilot's settings as written (create and edit). */
export interface AutopilotValues {
  campaign_id: number;
  name: string;
  type: AutopilotType;
  repeat: Repeat;
  location: string;
  filters: Record<string, unknown>;
  max_results: number;
  enrichment: boolean;
  ai_prompts: string[];
  crm: string | null;
}

const COLUMNS = `a.id, a.name, a.type, a.repeat, a.campaign_id, c.name AS campaign_name, c.list_type, (c.webhook_url IS NOT NULL) AS has_webhook,
  a.location, a.filters, a.max_results, a.enrichment, a.ai_prompts, a.crm, a.status, a.stop_reason, a.next_run_at, a.last_run_at, a.created_at, a.time_zone`;
const RUN_COLUMNS = `r.id, r.autopilot_id, r.job_id, r.status, r.scheduled_for, r.started_at, r.finished_at, r.results_added, r.credits_spent, r.error,
  r.actions_state, r.enriched, r.enrich_credits, r.ai_processed, r.crm_sent, r.crm_unsent, r.webhook_sent, r.webhook_unsent, r.step_errors,
  COALESCE((SELECT j.total - j.sent - j.unsent FROM crm_send_jobs j WHERE j.id = r.crm_job_id AND j.status = 'running'), 0) AS crm_pending`;

// ---------------------------------------------------------------------------------------------
// Autopilots (the routes)
// ---------------------------------------------------------------------------------------------

export async function findAutopilot(db: Queryable, userId: number, id: number): Promise<AutopilotRow | null> {
  const { rows } = await db.query<AutopilotRow>(
    `SELECT ${COLUMNS} FROM autopilots a JOIN campaigns c ON c.id = a.campaign_id WHERE a.id = $1 AND a.user_id = $2`,
    [id, userId],
  );
  return rows[0] ?? null;
}

/** The last run of each autopilot. */
export async function lastRuns(db: Queryable, ids: number[]): Promise<Map<number, RunRow>> {
  if (!ids.length) return new Map();
  const { rows } = await db.query<RunRow>(
    `SELECT DISTINCT ON (r.autopilot_id) ${RUN_COLUMNS} FROM autopilot_runs r WHERE r.autopilot_id = ANY($1::int[]) ORDER BY r.autopilot_id, r.id DESC`,
    [`{${ids.join(',')}}`],
  );
  return new Map(rows.map((r) => [r.autopilot_id, r]));
}

export async function countAutopilots(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM autopilots WHERE user_id = $1', [
    userId,
  ]);
  return rows[0]?.n ?? 0;
}

export async function autopilotPage(
  db: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<AutopilotRow[]> {
  const { rows } = await db.query<AutopilotRow>(
    `SELECT ${COLUMNS} FROM autopilots a JOIN campaigns c ON c.id = a.campaign_id WHERE a.user_id = $1 ORDER BY a.id DESC LIMIT ${limit} OFFSET ${offset}`,
    [userId],
  );
  return rows;
}

/** The user's list an autopilot searches into, or null. */
export async function autopilotList(
  db: Queryable,
  userId: number,
  campaignId: number,
): Promise<{ id: number; list_type: SearchType; webhook_url: string | null } | null> {
  const { rows } = await db.query<{ id: number; list_type: SearchType; webhook_url: string | null }>(
    'SELECT id, list_type, webhook_url FROM campaigns WHERE id = $1 AND user_id = $2',
    [campaignId, userId],
  );
  return rows[0] ?? null;
}

export async function insertAutopilot(
  tx: Queryable,
  userId: number,
  v: AutopilotValues,
  firstRun: Date,
  now: Date,
  timeZone: string,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO autopilots (user_id, campaign_id, name, type, repeat, location, filters, max_results, enrichment, ai_prompts, crm, next_run_at, schedule_anchor, time_zone, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10::jsonb, $11, $12, $12, $14, $13, $13) RETURNING id`,
    [
      userId,
      v.campaign_id,
      v.name,
      v.type,
      v.repeat,
      v.location,
      JSON.stringify(v.filters),
      v.max_results,
      v.enrichment,
      JSON.stringify(v.ai_prompts),
      v.crm,
      firstRun.toISOString(),
      now.toISOString(),
      timeZone,
    ],
  );
  return rows[0]!.id;
}

/** Locks the user's autopilot; false when it is not the user's. */
export async function lockAutopilot(tx: Queryable, userId: number, id: number): Promise<boolean> {
  const { rows } = await tx.query<{ repeat: string; next_run_at: Date | null }>(
    'SELECT repeat, next_run_at FROM autopilots WHERE id = $1 AND user_id = $2 FOR UPDATE',
    [id, userId],
  );
  return rows.length > 0;
}

export async function updateAutopilot(
  tx: Queryable,
  userId: number,
  id: number,
  v: AutopilotValues,
  timeZone: string | null,
): Promise<void> {
  await tx.query(
    `UPDATE autopilots SET campaign_id = $3, name = $4, type = $5, repeat = $6, location = $7, filters = $8::jsonb, max_results = $9, enrichment = $10,
                  ai_prompts = $11::jsonb, crm = $12, time_zone = COALESCE($13, time_zone), updated_at = now()
            WHERE id = $1 AND user_id = $2`,
    [
      id,
      userId,
      v.campaign_id,
      v.name,
      v.type,
      v.repeat,
      v.location,
      JSON.stringify(v.filters),
      v.max_results,
      v.enrichment,
      JSON.stringify(v.ai_prompts),
      v.crm,
      timeZone,
    ],
  );
}

/** Resumes the user's autopilot, its next run at `next`; false when it is not the user's. */
export async function resumeAutopilot(db: Queryable, userId: number, id: number, next: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE autopilots SET status = 'active', stop_reason = NULL, next_run_at = $3, schedule_anchor = $3, updated_at = now() WHERE id = $1 AND user_id = $2`,
    [id, userId, next],
  );
  return rowCount > 0;
}

/** Pauses the user's autopilot; false when it is not the user's. */
export async function pauseAutopilot(db: Queryable, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE autopilots SET status = 'paused', updated_at = now() WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  return rowCount > 0;
}

export async function deleteAutopilot(db: Queryable, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM autopilots WHERE id = $1 AND user_id = $2', [id, userId]);
  return rowCount > 0;
}

export async function ownsAutopilot(db: Queryable, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM autopilots WHERE id = $1 AND user_id = $2', [id, userId]);
  return rowCount > 0;
}

export async function countRuns(db: Queryable, autopilotId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM autopilot_runs WHERE autopilot_id = $1',
    [autopilotId],
  );
  return rows[0]?.n ?? 0;
}

export async function runPage(db: Queryable, autopilotId: number, limit: number, offset: number): Promise<RunRow[]> {
  const { rows } = await db.query<RunRow>(
    `SELECT ${RUN_COLUMNS} FROM autopilot_runs r WHERE r.autopilot_id = $1 ORDER BY r.id DESC LIMIT ${limit} OFFSET ${offset}`,
    [autopilotId],
  );
  return rows;
}

// ---------------------------------------------------------------------------------------------
// The scheduler
// ---------------------------------------------------------------------------------------------

export interface ClaimedRow {
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

/**
 * Locks (SKIP LOCKED) up to `limit` due active autopilots with no run going, whose list is not in the trash and whose
 * account's licence is valid.
 */
export async function claimDueAutopilots(tx: Queryable, now: Date, limit: number): Promise<ClaimedRow[]> {
  const { rows } = await tx.query<ClaimedRow>(
    `SELECT a.id, a.user_id, a.campaign_id, a.type, a.repeat, a.location, a.filters, a.max_results, a.next_run_at AS scheduled_for, a.schedule_anchor, a.time_zone
           FROM autopilots a
          WHERE a.status = 'active' AND a.next_run_at <= $1::timestamptz
            AND NOT EXISTS (SELECT 1 FROM autopilot_runs r WHERE r.autopilot_id = a.id AND r.status = 'running')
            AND ${listNotTrashedSql('a')} AND ${licenseValidSql('a.user_id', '$1')}
          ORDER BY a.next_run_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
    [now.toISOString()],
  );
  return rows;
}

export async function setAutopilotNextRun(tx: Queryable, id: number, next: Date | null, now: Date): Promise<void> {
  await tx.query('UPDATE autopilots SET next_run_at = $2, last_run_at = $3, updated_at = $3 WHERE id = $1', [
    id,
    next?.toISOString() ?? null,
    now.toISOString(),
  ]);
}

/** The run of a slot; null when the slot already has one. */
export async function insertRun(
  tx: Queryable,
  autopilotId: number,
  scheduledFor: Date,
  now: Date,
): Promise<number | null> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO autopilot_runs (autopilot_id, status, scheduled_for, started_at) VALUES ($1, 'running', $2, $3)
           ON CONFLICT (autopilot_id, scheduled_for) DO NOTHING RETURNING id`,
    [autopilotId, scheduledFor.toISOString(), now.toISOString()],
  );
  return rows[0]?.id ?? null;
}

export async function setRunJob(tx: Queryable, runId: number, jobId: number): Promise<void> {
  await tx.query('UPDATE autopilot_runs SET job_id = $2 WHERE id = $1', [runId, jobId]);
}

/** A run that could not start its search ends at once with the reason. */
export async function endUnstartedRun(
  tx: Queryable,
  runId: number,
  status: string,
  now: Date,
  error: string,
): Promise<void> {
  await tx.query(`UPDATE autopilot_runs SET status = $2, finished_at = $3, error = $4 WHERE id = $1`, [
    runId,
    status,
    now.toISOString(),
    error,
  ]);
}

/** Locks the user's list a scheduled search fills, or null when it is not the user's. */
export async function lockScheduledList(
  tx: Queryable,
  userId: number,
  campaignId: number,
): Promise<{ id: number; list_type: SearchType; is_demo: boolean; webhook_url: string | null; trashed: boolean }> {
  const { rows } = await tx.query<{
    id: number;
    list_type: SearchType;
    is_demo: boolean;
    webhook_url: string | null;
    trashed: boolean;
  }>(
    'SELECT id, list_type, is_demo, webhook_url, deleted_at IS NOT NULL AS trashed FROM campaigns WHERE id = $1 AND user_id = $2 FOR UPDATE',
    [campaignId, userId],
  );
  return rows[0]!;
}

export async function stopAutopilotNoCredits(tx: Queryable, id: number): Promise<void> {
  await tx.query(
    `UPDATE autopilots SET status = 'stopped', stop_reason = 'no_credits', next_run_at = NULL, updated_at = now() WHERE id = $1`,
    [id],
  );
}

export async function completeAutopilot(tx: Queryable, id: number): Promise<void> {
  await tx.query(
    `UPDATE autopilots SET status = 'completed', next_run_at = NULL, updated_at = now() WHERE id = $1 AND status = 'active'`,
    [id],
  );
}

/** What the autopilot alert of an ended run says; null when the run is missing or still running. */
export async function runAlert(
  tx: Queryable,
  runId: number,
): Promise<{ user_id: number; results_added: number; autopilot: string; list: string } | null> {
  const { rows } = await tx.query<{ user_id: number; results_added: number; autopilot: string; list: string }>(
    `SELECT a.user_id, r.results_added, a.name AS autopilot, c.name AS list
         FROM autopilot_runs r JOIN autopilots a ON a.id = r.autopilot_id JOIN campaigns c ON c.id = a.campaign_id
        WHERE r.id = $1 AND r.status <> 'running'`,
    [runId],
  );
  return rows[0] ?? null;
}

export interface EndedSearchRun {
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
}

/** Locks up to 50 running runs whose search has ended (or never started) and whose steps are not pending. */
export async function lockEndedSearchRuns(tx: Queryable): Promise<EndedSearchRun[]> {
  const { rows } = await tx.query<EndedSearchRun>(
    `SELECT r.id, r.autopilot_id, a.repeat, j.status AS job_status, j.stop_reason, COALESCE(j.produced, 0) AS produced, COALESCE(j.credits_charged, 0) AS credits_charged,
                a.type, a.enrichment, a.ai_prompts, a.crm
           FROM autopilot_runs r JOIN autopilots a ON a.id = r.autopilot_id LEFT JOIN search_jobs j ON j.id = r.job_id
          WHERE r.status = 'running' AND r.actions_state IS NULL AND (j.id IS NULL OR j.status <> 'running')
          ORDER BY r.id LIMIT 50 FOR UPDATE OF r`,
  );
  return rows;
}

/** A run whose search added results goes on to its post-search steps. */
export async function markRunActionsPending(
  tx: Queryable,
  runId: number,
  resultsAdded: number,
  creditsSpent: number,
): Promise<void> {
  await tx.query(
    `UPDATE autopilot_runs SET results_added = $2, credits_spent = $3, actions_state = 'pending' WHERE id = $1`,
    [runId, resultsAdded, creditsSpent],
  );
}

export async function endSearchRun(
  tx: Queryable,
  runId: number,
  a: { status: string; now: Date; resultsAdded: number; creditsSpent: number; error: string | null },
): Promise<void> {
  await tx.query(
    `UPDATE autopilot_runs SET status = $2, finished_at = $3, results_added = $4, credits_spent = $5, error = $6 WHERE id = $1`,
    [runId, a.status, a.now.toISOString(), a.resultsAdded, a.creditsSpent, a.error],
  );
}

// ---------------------------------------------------------------------------------------------
// The post-search steps
// ---------------------------------------------------------------------------------------------

/** Keeps a process's hold on a run with pending steps until `until`. */
export async function holdRunActions(db: Queryable, runId: number, until: Date): Promise<void> {
  await db.query(`UPDATE autopilot_runs SET actions_lease_until = $2 WHERE id = $1 AND actions_state = 'pending'`, [
    runId,
    until.toISOString(),
  ]);
}

export async function addRunStepError(db: Queryable, runId: number, step: string, code: string): Promise<void> {
  await db.query(`UPDATE autopilot_runs SET step_errors = step_errors || $2::jsonb WHERE id = $1`, [
    runId,
    JSON.stringify([{ step, code }]),
  ]);
}

export async function addRunEnriched(tx: Queryable, runId: number, found: number, credits: number): Promise<void> {
  await tx.query(
    'UPDATE autopilot_runs SET enriched = enriched + $2, enrich_credits = enrich_credits + $3, credits_spent = credits_spent + $3 WHERE id = $1',
    [runId, found, credits],
  );
}

/** The ids of a run's new results (its search job's) that are not still being looked up. */
export async function runResultIds(db: Queryable, campaignId: number, jobId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT r.id::int AS id FROM campaign_results r WHERE r.campaign_id = $1 AND r.job_id = $2 AND r.email_status <> 'looking' ORDER BY r.id`,
    [campaignId, jobId],
  );
  return rows.map((r) => r.id);
}

/** The next `limit` of those after the id `after`. */
export async function runResultIdsAfter(
  db: Queryable,
  campaignId: number,
  jobId: number,
  after: number,
  limit: number,
): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT r.id::int AS id FROM campaign_results r WHERE r.campaign_id = $1 AND r.job_id = $2 AND r.id > $3 AND r.email_status <> 'looking' ORDER BY r.id LIMIT ${limit}`,
    [campaignId, jobId, after],
  );
  return rows.map((r) => r.id);
}

export async function addRunAiProcessed(
  db: Queryable,
  runId: number,
  processed: number,
  cursor: number,
): Promise<void> {
  await db.query(
    'UPDATE autopilot_runs SET ai_processed = ai_processed + $2, actions_cursor = GREATEST(actions_cursor, $3) WHERE id = $1',
    [runId, processed, cursor],
  );
}

export async function addRunWebhook(db: Queryable, runId: number, sent: number, unsent: number): Promise<void> {
  await db.query(
    'UPDATE autopilot_runs SET webhook_sent = webhook_sent + $2, webhook_unsent = webhook_unsent + $3 WHERE id = $1',
    [runId, sent, unsent],
  );
}

/** Locks the run and answers its CRM send job, if it has one. */
export async function lockRunCrmJob(tx: Queryable, runId: number): Promise<number | null> {
  const { rows } = await tx.query<{ crm_job_id: number | null }>(
    'SELECT crm_job_id FROM autopilot_runs WHERE id = $1 FOR UPDATE',
    [runId],
  );
  return rows[0]?.crm_job_id ?? null;
}

export async function setRunCrmJob(tx: Queryable, runId: number, jobId: number): Promise<void> {
  await tx.query('UPDATE autopilot_runs SET crm_job_id = $2 WHERE id = $1', [runId, jobId]);
}

/** Ends a run whose steps were pending; false when another process ended it first. */
export async function endActionsRun(
  tx: Queryable,
  runId: number,
  status: string,
  now: Date,
  error: string | null,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE autopilot_runs SET status = $2, finished_at = $3, error = COALESCE(error, $4), actions_state = 'done', actions_stage = NULL WHERE id = $1 AND actions_state = 'pending'`,
    [runId, status, now.toISOString(), error],
  );
  return rowCount > 0;
}

export async function setRunStage(db: Queryable, runId: number, stage: string): Promise<void> {
  await db.query('UPDATE autopilot_runs SET actions_stage = $2, actions_cursor = 0 WHERE id = $1', [runId, stage]);
}

export interface PendingRunRow {
  id: number;
  autopilot_id: number;
  job_id: number | null;
  user_id: number;
  campaign_id: number;
  campaign_name: string;
  list_type: SearchType;
  type: 'basic' | 'webhook';
  repeat: string;
  enrichment: boolean;
  ai_prompts: string[];
  crm: string | null;
  actions_stage: string | null;
  actions_cursor: number;
  /** How the search itself ended: a stopped search leaves a stopped run. */
  job_status: string | null;
}

/**
 * Runs waiting for their post-search steps that no live process holds and whose account's licence is valid (a few),
 * or the one given, if still waiting.
 */
export async function pendingActionRuns(
  db: Queryable,
  which: { runId: number } | { now: Date },
  limit: number,
): Promise<PendingRunRow[]> {
  const filter =
    'runId' in which
      ? ' AND r.id = $1'
      : ` AND (r.actions_lease_until IS NULL OR r.actions_lease_until < $1) AND ${licenseValidSql('a.user_id', '$1')}`;
  const { rows } = await db.query<PendingRunRow>(
    `SELECT r.id, r.autopilot_id, r.job_id, r.actions_stage, r.actions_cursor::int AS actions_cursor, j.status AS job_status,
              a.user_id, c.id AS campaign_id, a.type, a.repeat, a.enrichment, a.ai_prompts, a.crm, c.name AS campaign_name, c.list_type
         FROM autopilot_runs r JOIN autopilots a ON a.id = r.autopilot_id
         -- The list the run's search filled (the autopilot may have been moved to another list since).
         LEFT JOIN search_jobs j ON j.id = r.job_id
         JOIN campaigns c ON c.id = COALESCE(j.campaign_id, a.campaign_id)
        WHERE r.actions_state = 'pending'${filter} ORDER BY r.id LIMIT ${limit}`,
    ['runId' in which ? which.runId : which.now.toISOString()],
  );
  return rows;
}

/** Takes a run with pending steps for this process until `until`, unless a live process holds it; false then. */
export async function leaseRunActions(db: Queryable, runId: number, until: Date, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE autopilot_runs SET actions_lease_until = $2 WHERE id = $1 AND actions_state = 'pending' AND (actions_lease_until IS NULL OR actions_lease_until < $3) RETURNING id`,
    [runId, until.toISOString(), now.toISOString()],
  );
  return rowCount > 0;
}

export async function releaseRunActions(db: Queryable, runId: number): Promise<void> {
  await db.query('UPDATE autopilot_runs SET actions_lease_until = NULL WHERE id = $1', [runId]);
}
