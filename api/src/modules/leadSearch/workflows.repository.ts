import type { WorkflowRunError } from '@leadsmith/shared/constants';
import type { Queryable } from '../../db';
import type { SearchType } from '../../providers/leads';
import type { Repeat } from '../../schedule/recurrence';
import { licenseValidSql } from '../../users/license';
import { labelsOf } from './resultLabels.repository';
import type { NodeKind, WorkflowEdge, WorkflowNode } from './workflowNodes.service';

/**
 * Workflows' SQL: the workflows (`workflows`), their runs (`workflow_runs`: graph snapshot, outputs, lease) and run
 * logs (`workflow_run_nodes`), and what the nodes read and write of the account's lists, labels and results.
 */
const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

export interface WorkflowRow {
  id: number;
  user_id: number;
  name: string;
  description: string;
  status: 'draft' | 'published';
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
  template: string | null;
  repeat: string | null;
  next_run_at: Date | string | null;
  published_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** A run as the screens list it. */
export interface RunSummaryRow {
  id: number;
  workflow_id: number;
  trigger: string;
  status: string;
  scheduled_for: Date | string | null;
  started_at: Date | string;
  finished_at: Date | string | null;
  items_out: number;
  credits_spent: number;
  error: WorkflowRunError | null;
  error_node: string | null;
}

/** A node's entry in a run's log as the screens show it. */
export interface NodeLogDetailRow {
  node_id: string;
  kind: string;
  label: string;
  position: number;
  status: string;
  job_id: number | null;
  items_in: number;
  items_out: number;
  credits: number;
  detail: Record<string, unknown>;
  error: WorkflowRunError | null;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

const COLUMNS =
  'w.id, w.user_id, w.name, w.description, w.status, w.nodes, w.edges, w.template, w.repeat, w.next_run_at, w.published_at, w.created_at, w.updated_at';
const RUN_COLUMNS =
  'r.id, r.workflow_id, r.trigger, r.status, r.scheduled_for, r.started_at, r.finished_at, r.items_out, r.credits_spent, r.error, r.error_node';

// ---------------------------------------------------------------------------------------------
// Workflows (the routes and the save-time checks)
// ---------------------------------------------------------------------------------------------

/** How many of the lists are the user's. */
export async function countOwnedLists(db: Queryable, userId: number, ids: readonly number[]): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM campaigns WHERE user_id = $1 AND id = ANY($2::int[])',
    [userId, idArray(ids)],
  );
  return rows.length;
}

/** How many of the labels are the user's. */
export async function countOwnedLabels(db: Queryable, userId: number, ids: readonly number[]): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM lead_labels WHERE user_id = $1 AND id = ANY($2::int[])',
    [userId, idArray(ids)],
  );
  return rows.length;
}

/** The type of the user's list, or null. */
export async function ownedListType(
  db: Queryable,
  userId: number,
  campaignId: number | null,
): Promise<{ list_type: SearchType } | null> {
  const { rows } = await db.query<{ list_type: SearchType }>(
    'SELECT list_type FROM campaigns WHERE id = $1 AND user_id = $2',
    [campaignId, userId],
  );
  return rows[0] ?? null;
}

export async function findWorkflow(
  db: Queryable,
  userId: number,
  id: number,
  forUpdate = false,
): Promise<WorkflowRow | null> {
  const { rows } = await db.query<WorkflowRow>(
    `SELECT ${COLUMNS} FROM workflows w WHERE w.id = $1 AND w.user_id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [id, userId],
  );
  return rows[0] ?? null;
}

/** The last run of each workflow. */
export async function lastWorkflowRuns(db: Queryable, ids: number[]): Promise<Map<number, RunSummaryRow>> {
  if (!ids.length) return new Map();
  const { rows } = await db.query<RunSummaryRow>(
    `SELECT DISTINCT ON (r.workflow_id) ${RUN_COLUMNS} FROM workflow_runs r WHERE r.workflow_id = ANY($1::int[]) ORDER BY r.workflow_id, r.id DESC`,
    [`{${ids.join(',')}}`],
  );
  return new Map(rows.map((r) => [r.workflow_id, r]));
}

const workflowsWhere = (userId: number, status?: string) => ({
  where: status ? 'w.user_id = $1 AND w.status = $2' : 'w.user_id = $1',
  params: status ? [userId, status] : [userId],
});

export async function countWorkflows(db: Queryable, userId: number, status?: string): Promise<number> {
  const { where, params } = workflowsWhere(userId, status);
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM workflows w WHERE ${where}`, params);
  return rows[0]?.n ?? 0;
}

export async function workflowPage(
  db: Queryable,
  userId: number,
  status: string | undefined,
  limit: number,
  offset: number,
): Promise<WorkflowRow[]> {
  const { where, params } = workflowsWhere(userId, status);
  const { rows } = await db.query<WorkflowRow>(
    `SELECT ${COLUMNS} FROM workflows w WHERE ${where} ORDER BY w.id DESC LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  return rows;
}

export async function insertWorkflow(
  db: Queryable,
  a: {
    userId: number;
    name: string;
    description: string;
    nodes: WorkflowNode[];
    edges: WorkflowEdge[];
    template: string | null;
    now: string;
  },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO workflows (user_id, name, description, nodes, edges, template, created_at, updated_at) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $7) RETURNING id`,
    [a.userId, a.name, a.description, JSON.stringify(a.nodes), JSON.stringify(a.edges), a.template, a.now],
  );
  return rows[0]!.id;
}

export async function updateWorkflowDraft(
  tx: Queryable,
  a: {
    id: number;
    userId: number;
    name: string;
    description: string;
    nodes: WorkflowNode[];
    edges: WorkflowEdge[];
    now: string;
  },
): Promise<void> {
  await tx.query(
    `UPDATE workflows SET name = $3, description = $4, nodes = $5::jsonb, edges = $6::jsonb, updated_at = $7 WHERE id = $1 AND user_id = $2`,
    [a.id, a.userId, a.name, a.description, JSON.stringify(a.nodes), JSON.stringify(a.edges), a.now],
  );
}

export async function deleteWorkflow(db: Queryable, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM workflows WHERE id = $1 AND user_id = $2', [id, userId]);
  return rowCount > 0;
}

export async function markWorkflowPublished(
  tx: Queryable,
  a: { id: number; userId: number; repeat: string | null; firstRun: string | null; now: string; timeZone: string },
): Promise<void> {
  await tx.query(
    `UPDATE workflows SET status = 'published', repeat = $3, next_run_at = $4, schedule_anchor = $4, time_zone = $6, published_at = $5, updated_at = $5 WHERE id = $1 AND user_id = $2`,
    [a.id, a.userId, a.repeat, a.firstRun, a.now, a.timeZone],
  );
}

/** Returns the user's workflow to draft; false when it is not the user's. */
export async function markWorkflowDraft(db: Queryable, userId: number, id: number, now: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE workflows SET status = 'draft', next_run_at = NULL, updated_at = $3 WHERE id = $1 AND user_id = $2`,
    [id, userId, now],
  );
  return rowCount > 0;
}

export async function hasRunningRun(tx: Queryable, workflowId: number): Promise<boolean> {
  const { rowCount } = await tx.query(
    `SELECT 1 FROM workflow_runs WHERE workflow_id = $1 AND status = 'running' LIMIT 1`,
    [workflowId],
  );
  return rowCount > 0;
}

export async function countWorkflowRuns(db: Queryable, workflowId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM workflow_runs WHERE workflow_id = $1',
    [workflowId],
  );
  return rows[0]?.n ?? 0;
}

export async function workflowRunPage(
  db: Queryable,
  workflowId: number,
  limit: number,
  offset: number,
): Promise<RunSummaryRow[]> {
  const { rows } = await db.query<RunSummaryRow>(
    `SELECT ${RUN_COLUMNS} FROM workflow_runs r WHERE r.workflow_id = $1 ORDER BY r.id DESC LIMIT ${limit} OFFSET ${offset}`,
    [workflowId],
  );
  return rows;
}

export async function findWorkflowRun(
  db: Queryable,
  userId: number,
  workflowId: number,
  runId: number,
): Promise<RunSummaryRow | null> {
  const { rows } = await db.query<RunSummaryRow>(
    `SELECT ${RUN_COLUMNS} FROM workflow_runs r WHERE r.id = $1 AND r.workflow_id = $2 AND r.user_id = $3`,
    [runId, workflowId, userId],
  );
  return rows[0] ?? null;
}

export async function runNodeLogs(db: Queryable, runId: number): Promise<NodeLogDetailRow[]> {
  const { rows } = await db.query<NodeLogDetailRow>(
    `SELECT node_id, kind, label, position, status, job_id, items_in, items_out, credits, detail, error, started_at, finished_at
           FROM workflow_run_nodes WHERE run_id = $1 ORDER BY position`,
    [runId],
  );
  return rows;
}

// ---------------------------------------------------------------------------------------------
// The runner: runs and their log
// ---------------------------------------------------------------------------------------------

export interface Graph {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
}

export interface RunRow {
  id: number;
  workflow_id: number;
  user_id: number;
  status: 'running' | 'done' | 'failed';
  graph: Graph;
  outputs: Record<string, number[]>;
}

export interface NodeLogRow {
  id: number;
  node_id: string;
  kind: NodeKind;
  status: 'pending' | 'running' | 'done' | 'failed' | 'skipped';
  job_id: number | null;
}

/** Keeps a running run's lease until `until`. */
export async function holdWorkflowRun(db: Queryable, runId: number, until: Date): Promise<void> {
  await db.query(`UPDATE workflow_runs SET lease_until = $2 WHERE id = $1 AND status = 'running'`, [
    runId,
    until.toISOString(),
  ]);
}

/** A run of a workflow (its graph's snapshot); null when the slot already has one. */
export async function insertWorkflowRun(
  tx: Queryable,
  workflow: { id: number; user_id: number; nodes: WorkflowNode[]; edges: WorkflowEdge[] },
  trigger: 'manual' | 'schedule',
  now: Date,
  scheduledFor: Date | null,
): Promise<number | null> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO workflow_runs (workflow_id, user_id, trigger, status, scheduled_for, graph, started_at)
       VALUES ($1, $2, $3, 'running', $4, $5::jsonb, $6) ON CONFLICT (workflow_id, scheduled_for) DO NOTHING RETURNING id`,
    [
      workflow.id,
      workflow.user_id,
      trigger,
      scheduledFor ? scheduledFor.toISOString() : null,
      JSON.stringify({ nodes: workflow.nodes, edges: workflow.edges }),
      now.toISOString(),
    ],
  );
  return rows[0]?.id ?? null;
}

export async function insertRunNode(tx: Queryable, runId: number, node: WorkflowNode, position: number): Promise<void> {
  await tx.query(
    'INSERT INTO workflow_run_nodes (run_id, node_id, kind, label, position) VALUES ($1, $2, $3, $4, $5)',
    [runId, node.id, node.kind, node.label ?? '', position],
  );
}

export interface DueWorkflowRow {
  id: number;
  user_id: number;
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
  repeat: Repeat | null;
  scheduled_for: Date | string;
  schedule_anchor: Date | string | null;
  time_zone: string;
  busy: boolean;
}

/** Locks (SKIP LOCKED) up to `limit` due published workflows of accounts whose licence is valid. */
export async function claimDueWorkflows(tx: Queryable, now: Date, limit: number): Promise<DueWorkflowRow[]> {
  const { rows } = await tx.query<DueWorkflowRow>(
    `SELECT w.id, w.user_id, w.nodes, w.edges, w.repeat, w.next_run_at AS scheduled_for, w.schedule_anchor, w.time_zone,
                EXISTS (SELECT 1 FROM workflow_runs r WHERE r.workflow_id = w.id AND r.status = 'running') AS busy
           FROM workflows w
          WHERE w.status = 'published' AND w.next_run_at <= $1::timestamptz AND ${licenseValidSql('w.user_id', '$1')}
          ORDER BY w.next_run_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
    [now.toISOString()],
  );
  return rows;
}

export async function setWorkflowNextRun(tx: Queryable, id: number, next: Date | null): Promise<void> {
  await tx.query('UPDATE workflows SET next_run_at = $2 WHERE id = $1', [id, next?.toISOString() ?? null]);
}

/** Marks a node pending or running done; false when another process finished it first. */
export async function markNodeDone(
  tx: Queryable,
  logId: number,
  a: { itemsIn: number; itemsOut: number; credits: number; detail: Record<string, unknown>; now: Date },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE workflow_run_nodes SET status = 'done', items_in = $2, items_out = $3, credits = $4, detail = $5::jsonb, finished_at = $6, started_at = COALESCE(started_at, $6)
      WHERE id = $1 AND status IN ('pending', 'running')`,
    [logId, a.itemsIn, a.itemsOut, a.credits, JSON.stringify(a.detail), a.now.toISOString()],
  );
  return rowCount > 0;
}

/** Adds a node's output and credits to its run. */
export async function addRunOutput(
  tx: Queryable,
  runId: number,
  nodeId: string,
  ids: readonly number[],
  credits: number,
): Promise<void> {
  await tx.query(
    `UPDATE workflow_runs SET outputs = outputs || jsonb_build_object($2::text, $3::jsonb), credits_spent = credits_spent + $4 WHERE id = $1`,
    [runId, nodeId, JSON.stringify(ids), credits],
  );
}

/** Marks a node pending or running failed; false when another process finished it first. */
export async function markNodeFailed(
  tx: Queryable,
  logId: number,
  a: { itemsIn: number; credits: number; detail: Record<string, unknown>; code: WorkflowRunError; now: Date },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE workflow_run_nodes SET status = 'failed', items_in = $2, credits = credits + $3, detail = detail || $4::jsonb, error = $5, finished_at = $6, started_at = COALESCE(started_at, $6)
      WHERE id = $1 AND status IN ('pending', 'running')`,
    [logId, a.itemsIn, a.credits, JSON.stringify(a.detail), a.code, a.now.toISOString()],
  );
  return rowCount > 0;
}

export async function skipPendingNodes(tx: Queryable, runId: number): Promise<void> {
  await tx.query(`UPDATE workflow_run_nodes SET status = 'skipped' WHERE run_id = $1 AND status = 'pending'`, [runId]);
}

export async function markRunFailed(
  tx: Queryable,
  runId: number,
  a: { code: WorkflowRunError; nodeId: string; credits: number; now: Date },
): Promise<void> {
  await tx.query(
    `UPDATE workflow_runs SET status = 'failed', error = $2, error_node = $3, credits_spent = credits_spent + $4, finished_at = $5, lease_until = NULL WHERE id = $1`,
    [runId, a.code, a.nodeId, a.credits, a.now.toISOString()],
  );
}

export async function markRunDone(db: Queryable, runId: number, itemsOut: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE workflow_runs SET status = 'done', items_out = $2, finished_at = $3, lease_until = NULL WHERE id = $1 AND status = 'running'`,
    [runId, itemsOut, now.toISOString()],
  );
}

export async function findRun(db: Queryable, runId: number): Promise<RunRow | undefined> {
  const { rows } = await db.query<RunRow>(
    'SELECT id, workflow_id, user_id, status, graph, outputs FROM workflow_runs WHERE id = $1',
    [runId],
  );
  return rows[0];
}

/** Takes a running run for this process until `until`, unless a live process holds it; false then. */
export async function leaseWorkflowRun(db: Queryable, runId: number, until: Date, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE workflow_runs SET lease_until = $2 WHERE id = $1 AND status = 'running' AND (lease_until IS NULL OR lease_until < $3) RETURNING id`,
    [runId, until.toISOString(), now.toISOString()],
  );
  return rowCount > 0;
}

export async function releaseWorkflowRun(db: Queryable, runId: number): Promise<void> {
  await db.query(`UPDATE workflow_runs SET lease_until = NULL WHERE id = $1 AND status = 'running'`, [runId]);
}

/** The run's first node (in execution order) still pending or running. */
export async function nextNodeLog(db: Queryable, runId: number): Promise<NodeLogRow | undefined> {
  const { rows } = await db.query<NodeLogRow>(
    `SELECT id, node_id, kind, status, job_id FROM workflow_run_nodes WHERE run_id = $1 AND status IN ('pending', 'running') ORDER BY position LIMIT 1`,
    [runId],
  );
  return rows[0];
}

export async function markNodeRunning(db: Queryable, logId: number, now: Date): Promise<void> {
  await db.query(`UPDATE workflow_run_nodes SET status = 'running', started_at = $2 WHERE id = $1`, [
    logId,
    now.toISOString(),
  ]);
}

/** A search node's job has started. */
export async function markSearchNodeRunning(
  tx: Queryable,
  logId: number,
  a: { jobId: number; now: Date; itemsIn: number; detail: Record<string, unknown> },
): Promise<void> {
  await tx.query(
    `UPDATE workflow_run_nodes SET status = 'running', job_id = $2, started_at = $3, items_in = $4, detail = $5::jsonb WHERE id = $1`,
    [logId, a.jobId, a.now.toISOString(), a.itemsIn, JSON.stringify(a.detail)],
  );
}

/** The runs to advance: running, held by no live process, of accounts whose licence is valid. */
export async function advanceableRunIds(db: Queryable, now: Date, limit: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM workflow_runs WHERE status = 'running' AND (lease_until IS NULL OR lease_until < $1) AND ${licenseValidSql('workflow_runs.user_id', '$1')}
        ORDER BY id LIMIT ${limit}`,
    [now.toISOString()],
  );
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// The nodes: the account's lists, labels, searches and results
// ---------------------------------------------------------------------------------------------

export async function ownsList(db: Queryable, userId: number, campaignId: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM campaigns WHERE id = $1 AND user_id = $2', [campaignId, userId]);
  return rowCount > 0;
}

/** The newest `limit` results of the user's list that are not still being looked up. */
export async function latestListResultIds(
  db: Queryable,
  userId: number,
  campaignId: number,
  limit: number,
): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id::int AS id FROM campaign_results WHERE campaign_id = $1 AND user_id = $2 AND email_status <> 'looking' ORDER BY id DESC LIMIT ${limit}`,
    [campaignId, userId],
  );
  return rows.map((r) => r.id);
}

/** The name of the user's label, or undefined. */
export async function ownedLabelName(
  db: Queryable,
  userId: number,
  labelId: number | null,
): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM lead_labels WHERE id = $1 AND user_id = $2', [
    labelId,
    userId,
  ]);
  return rows[0]?.name;
}

/** Locks the user's list a search node fills (not in the trash), or undefined. */
export async function lockSearchList(
  tx: Queryable,
  userId: number,
  campaignId: number | null,
): Promise<{ id: number; list_type: SearchType; is_demo: boolean } | undefined> {
  const { rows } = await tx.query<{ id: number; list_type: SearchType; is_demo: boolean }>(
    'SELECT id, list_type, is_demo FROM campaigns WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL FOR UPDATE',
    [campaignId, userId],
  );
  return rows[0];
}

export interface SearchJobOutcome {
  status: string;
  stop_reason: string | null;
  produced: number;
  found: number;
  credits_charged: number;
  campaign_id: number;
}

export async function searchJobOutcome(
  db: Queryable,
  userId: number,
  jobId: number,
): Promise<SearchJobOutcome | undefined> {
  const { rows } = await db.query<SearchJobOutcome>(
    'SELECT status, stop_reason, produced, found, credits_charged, campaign_id FROM search_jobs WHERE id = $1 AND user_id = $2',
    [jobId, userId],
  );
  return rows[0];
}

/** The results a search job added that are not still being looked up, `limit` at most. */
export async function searchJobResultIds(
  db: Queryable,
  userId: number,
  jobId: number,
  limit: number,
): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id::int AS id FROM campaign_results WHERE job_id = $1 AND user_id = $2 AND email_status <> 'looking' ORDER BY id LIMIT ${limit}`,
    [jobId, userId],
  );
  return rows.map((r) => r.id);
}

/** A result as the nodes read it. */
export interface ResultRow {
  id: number;
  campaign_id: number;
  list_type: SearchType;
  record_key: string | null;
  name: string;
  company: string | null;
  job_title: string | null;
  website: string | null;
  city: string | null;
  email: string | null;
  phone: string | null;
  email_status: string;
  labels: string[];
  data: Record<string, unknown>;
}

export async function workflowResultRows(db: Queryable, userId: number, ids: number[]): Promise<ResultRow[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<ResultRow>(
    `SELECT r.id::int AS id, r.campaign_id, c.list_type, r.record_key, r.name, r.company, r.job_title, r.website, r.city, r.email, r.phone, r.email_status, ${labelsOf('r')} AS labels, r.data
         FROM campaign_results r JOIN campaigns c ON c.id = r.campaign_id
        WHERE r.id = ANY($1::bigint[]) AND r.user_id = $2 ORDER BY r.id`,
    [idArray(ids), userId],
  );
  return rows;
}

/** Whether any of the keys is "sending" (a call in flight in another process). */
export async function anyEffectSending(db: Queryable, keys: readonly string[]): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM external_effects WHERE key = ANY($1::text[]) AND state = 'sending'`,
    [`{${keys.join(',')}}`],
  );
  return rowCount > 0;
}

/** Stores each text at `data.workflow.<key>` of the user's result. */
export async function storeWorkflowTexts(
  tx: Queryable,
  userId: number,
  key: string,
  texts: readonly { id: number; text: string }[],
): Promise<void> {
  await tx.query(
    `UPDATE campaign_results r SET data = jsonb_set(r.data, '{workflow}', COALESCE(r.data->'workflow', '{}'::jsonb) || jsonb_build_object($3::text, x.text))
             FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, text text) WHERE r.id = x.id AND r.user_id = $2`,
    [JSON.stringify(texts), userId, key],
  );
}

/** How many of the keys are done. */
export async function doneEffectCount(db: Queryable, keys: readonly string[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM external_effects WHERE key = ANY($1::text[]) AND state = 'done'`,
    [`{${keys.join(',')}}`],
  );
  return rows[0]!.n;
}

/** The user's results refused by a connection node because they are on the do-not-contact list. */
export async function markWorkflowSuppressed(
  db: Queryable,
  userId: number,
  ids: readonly number[],
  detail: string,
): Promise<void> {
  await db.query(
    `UPDATE campaign_results SET crm_status = 'unsent', crm_error = 'suppressed', crm_error_detail = $3 WHERE id = ANY($1::bigint[]) AND user_id = $2`,
    [idArray(ids), userId, detail],
  );
}

/** The user's list's name, type and webhook, or undefined. */
export async function listHook(
  db: Queryable,
  userId: number,
  campaignId: number,
): Promise<{ name: string; list_type: string; webhook_url: string | null; webhook_secret: string | null } | undefined> {
  const { rows } = await db.query<{
    name: string;
    list_type: string;
    webhook_url: string | null;
    webhook_secret: string | null;
  }>('SELECT name, list_type, webhook_url, webhook_secret FROM campaigns WHERE id = $1 AND user_id = $2', [
    campaignId,
    userId,
  ]);
  return rows[0];
}

/** The state of an external effect, or undefined when none is recorded. */
export async function effectState(db: Queryable, key: string): Promise<string | undefined> {
  const { rows } = await db.query<{ state: string }>('SELECT state FROM external_effects WHERE key = $1', [key]);
  return rows[0]?.state;
}

export async function markWorkflowSending(db: Queryable, userId: number, ids: readonly number[]): Promise<void> {
  await db.query(`UPDATE campaign_results SET crm_status = 'sending' WHERE id = ANY($1::bigint[]) AND user_id = $2`, [
    idArray(ids),
    userId,
  ]);
}

export async function settleWorkflowSent(
  tx: Queryable,
  userId: number,
  ids: readonly number[],
  ok: boolean,
): Promise<void> {
  await tx.query(
    `UPDATE campaign_results SET crm_status = $3, sent = sent OR $4 WHERE id = ANY($1::bigint[]) AND user_id = $2`,
    [idArray(ids), userId, ok ? 'sent' : 'unsent', ok],
  );
}
