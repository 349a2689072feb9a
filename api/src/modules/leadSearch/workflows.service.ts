import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db';
import { unprocessable } from '../../http/errors';
import { DEFAULT_TIME_ZONE } from '../../schedule/recurrence';
import { notFound } from './campaigns.service';
import { checkGraph, checkPublishable } from './workflowNodes.service';
import { createRun, firstScheduledRun } from './workflowRunner.service';
import { WORKFLOW_TEMPLATES } from './workflowTemplates';
import {
  countWorkflowRuns,
  countWorkflows,
  deleteWorkflow,
  findWorkflow,
  findWorkflowRun,
  hasRunningRun,
  insertWorkflow,
  lastWorkflowRuns,
  markWorkflowDraft,
  markWorkflowPublished,
  runNodeLogs,
  updateWorkflowDraft,
  workflowPage,
  workflowRunPage,
  type RunSummaryRow,
  type WorkflowRow,
} from './workflows.repository';
import type { SaveWorkflowBody, WorkflowBody } from './workflows.schemas';
import { isoString } from '../../http/contract';

/**
 * Workflows: a graph of nodes owned by the user, saved as a draft, published after the checks of spec §4/§5, run now
 * or on its schedule by workflowRunner.service.ts. The rules of each change and the workflow as the screens get it.
 */

const toRunDto = (r: RunSummaryRow) => ({
  ...r,
  scheduled_for: isoString(r.scheduled_for),
  started_at: isoString(r.started_at),
  finished_at: isoString(r.finished_at),
});

/** A workflow as its list shows it (no graph). */
function toSummaryDto(row: WorkflowRow, lastRun: RunSummaryRow | null) {
  const trigger = row.nodes.find((n) => n.kind === 'trigger');
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    template: row.template,
    node_count: row.nodes.length,
    trigger_mode: trigger?.settings.mode ?? null,
    repeat: row.repeat,
    next_run_at: isoString(row.next_run_at),
    published_at: isoString(row.published_at),
    created_at: isoString(row.created_at),
    updated_at: isoString(row.updated_at),
    last_run: lastRun ? toRunDto(lastRun) : null,
  };
}

/** The user's workflow (locked with `forUpdate`); 404 when it is not the user's. */
async function loadRow(db: Queryable, userId: number, id: number, forUpdate = false): Promise<WorkflowRow> {
  const row = await findWorkflow(db, userId, id, forUpdate);
  if (!row) throw notFound();
  return row;
}

/** The user's workflow with its graph and last run; 404 when it is not the user's. */
export async function loadWorkflow(db: Db, userId: number, id: number) {
  const row = await loadRow(db, userId, id);
  const lastRun = (await lastWorkflowRuns(db, [row.id])).get(row.id) ?? null;
  return { ...toSummaryDto(row, lastRun), nodes: row.nodes, edges: row.edges };
}

/** A page of the user's workflows (of one status when given), newest first, without their graphs. */
export async function workflowsPage(
  db: Db,
  userId: number,
  status: 'draft' | 'published' | undefined,
  limit: number,
  offset: number,
) {
  // An account's workflows are few (dozens): an exact count is cheap.
  const total = await countWorkflows(db, userId, status);
  const rows = await workflowPage(db, userId, status, limit, offset);
  const runs = await lastWorkflowRuns(
    db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => toSummaryDto(r, runs.get(r.id) ?? null)), total };
}

/** Creates a workflow, blank (with its trigger) or from a template, after the save-time checks; answers its id. */
export async function createWorkflow(db: Db, clock: Clock, userId: number, body: WorkflowBody): Promise<number> {
  const { name, description = '', template } = body;
  const fromTemplate = WORKFLOW_TEMPLATES.find((t) => t.key === template);
  // A blank workflow starts with its trigger.
  const nodes = body.nodes ??
    fromTemplate?.nodes ?? [{ id: 'n1', kind: 'trigger', position: { x: 0, y: 0 }, settings: { mode: 'manual' } }];
  const edges = body.edges ?? fromTemplate?.edges ?? [];
  await checkGraph(db, userId, nodes, edges);
  return insertWorkflow(db, {
    userId,
    name: name.trim(),
    description: description.trim(),
    nodes,
    edges,
    template: fromTemplate?.key ?? null,
    now: clock.now().toISOString(),
  });
}

/** Saves the draft (a published workflow must be unpublished first: what runs is what was checked). */
export async function saveWorkflowDraft(
  db: Db,
  clock: Clock,
  userId: number,
  id: number,
  body: SaveWorkflowBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await loadRow(tx, userId, id, true);
    if (row.status === 'published') throw unprocessable('leadSearch.workflow.published_locked');
    await checkGraph(tx, userId, body.nodes, body.edges);
    await updateWorkflowDraft(tx, {
      id: row.id,
      userId,
      name: body.name.trim(),
      description: (body.description ?? row.description).trim(),
      nodes: body.nodes,
      edges: body.edges,
      now: clock.now().toISOString(),
    });
  });
}

export async function removeWorkflow(db: Db, userId: number, id: number): Promise<void> {
  if (!(await deleteWorkflow(db, userId, id))) throw notFound();
}

/** Draft → published (spec §4), after the checks; a scheduled trigger's first run comes shortly after. */
export async function publishWorkflow(db: Db, clock: Clock, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await loadRow(tx, userId, id, true);
    await checkPublishable(tx, userId, row.nodes, row.edges);
    const trigger = row.nodes.find((n) => n.kind === 'trigger')!;
    const scheduled = trigger.settings.mode === 'schedule';
    const now = clock.now();
    const firstRun = scheduled ? firstScheduledRun(now).toISOString() : null;
    // The schedule's series starts at the first run, counted in the trigger's time zone.
    await markWorkflowPublished(tx, {
      id: row.id,
      userId,
      repeat: scheduled ? (trigger.settings.repeat ?? null) : null,
      firstRun,
      now: now.toISOString(),
      timeZone: trigger.settings.time_zone ?? DEFAULT_TIME_ZONE,
    });
  });
}

export async function unpublishWorkflow(db: Db, clock: Clock, userId: number, id: number): Promise<void> {
  if (!(await markWorkflowDraft(db, userId, id, clock.now().toISOString()))) throw notFound();
}

/** "Run now": a manual run of the published workflow (one at a time); the runner advances it node by node. */
export async function runWorkflowNow(db: Db, clock: Clock, userId: number, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await loadRow(tx, userId, id, true);
    if (row.status !== 'published') throw unprocessable('leadSearch.workflow.not_published');
    if (await hasRunningRun(tx, row.id)) throw unprocessable('leadSearch.workflow.run_in_progress');
    const runId = await createRun(tx, row, 'manual', clock.now());
    if (!runId) throw unprocessable('leadSearch.workflow.cycle');
    return runId;
  });
}

/** A page of one of the user's workflows' runs, newest first; 404 when it is not the user's. */
export async function workflowRunsPage(db: Db, userId: number, id: number, limit: number, offset: number) {
  await loadRow(db, userId, id);
  const total = await countWorkflowRuns(db, id);
  const rows = await workflowRunPage(db, id, limit, offset);
  return { rows: rows.map(toRunDto), total };
}

/** One run with its per-node log (started, finished, items in/out, credits, error); 404 when it is not the user's. */
export async function loadRunDetail(db: Db, userId: number, workflowId: number, runId: number) {
  const run = await findWorkflowRun(db, userId, workflowId, runId);
  if (!run) throw notFound();
  const nodes = await runNodeLogs(db, runId);
  return {
    ...toRunDto(run),
    nodes: nodes.map((n) => ({ ...n, started_at: isoString(n.started_at), finished_at: isoString(n.finished_at) })),
  };
}
