import type { FastifyInstance } from 'fastify';
import { WORKFLOW_RUN_ERRORS } from '@leadsmith/shared/constants';
import type { Queryable } from '../../db';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { unprocessable } from '../../http/errors';
import { emptyObjectSchema, objectSchema } from '../../http/schemas';
import {
  MessageProperties,
  Nullable,
  Page,
  PageQueryProperties,
  pageOf,
  pageWindow,
  StringEnum,
  Type,
  type PageQueryOf,
} from '../../http/contract';
import { say } from '../respond';
import { notFound } from '../../modules/leadSearch/campaigns.service';
import {
  checkGraph,
  checkPublishable,
  edgeSchema,
  MAX_EDGES,
  MAX_NODES,
  nodeSchema,
  type WorkflowEdge,
  type WorkflowNode,
} from './workflowNodes';
import { createRun, firstScheduledRun } from './workflowRunner';
import { TEMPLATE_KEYS, WORKFLOW_TEMPLATES } from './workflowTemplates';
import { DEFAULT_TIME_ZONE } from '../../schedule/recurrence';

const idParams = objectSchema({ id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, ['id']);
const runParams = objectSchema(
  {
    id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    runId: { type: 'integer', minimum: 1, maximum: 2147483647 },
  },
  ['id', 'runId'],
);
const pageQuery = Type.Object(
  { ...PageQueryProperties, status: Type.Optional(StringEnum(['draft', 'published'] as const)) },
  { additionalProperties: false },
);
const runsQuery = Type.Object(PageQueryProperties, { additionalProperties: false });

const DateTime = () => Type.String({ format: 'date-time' });
/** A node and an edge as the request schemas check them (what is stored is what was checked). */
const Node = Type.Unsafe<WorkflowNode>(nodeSchema);
const Edge = Type.Unsafe<WorkflowEdge>(edgeSchema);

const WorkflowRun = Type.Object({
  id: Type.Integer(),
  workflow_id: Type.Integer(),
  trigger: Type.String({ description: 'manual or schedule' }),
  status: Type.String({ description: 'running, done or failed' }),
  scheduled_for: Nullable(DateTime()),
  started_at: DateTime(),
  finished_at: Nullable(DateTime()),
  items_out: Type.Integer(),
  credits_spent: Type.Number(),
  error: Nullable(StringEnum(WORKFLOW_RUN_ERRORS, { description: 'Why the run failed' })),
  error_node: Nullable(Type.String()),
});
const WorkflowRunDetail = Type.Object({
  ...WorkflowRun.properties,
  nodes: Type.Array(
    Type.Object({
      node_id: Type.String(),
      kind: Type.String(),
      label: Type.String(),
      position: Type.Integer(),
      status: Type.String(),
      job_id: Nullable(Type.Integer()),
      items_in: Type.Integer(),
      items_out: Type.Integer(),
      credits: Type.Number(),
      detail: Type.Record(Type.String(), Type.Unknown()),
      error: Nullable(StringEnum(WORKFLOW_RUN_ERRORS)),
      started_at: Nullable(DateTime()),
      finished_at: Nullable(DateTime()),
    }),
  ),
});
const WorkflowSummaryProperties = {
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  status: StringEnum(['draft', 'published'] as const),
  template: Nullable(Type.String()),
  node_count: Type.Integer(),
  trigger_mode: Nullable(Type.String({ description: 'manual or schedule' })),
  repeat: Nullable(Type.String()),
  next_run_at: Nullable(DateTime()),
  published_at: Nullable(DateTime()),
  created_at: DateTime(),
  updated_at: DateTime(),
  last_run: Nullable(WorkflowRun),
};
const WorkflowSummary = Type.Object(WorkflowSummaryProperties);
const Workflow = Type.Object({ ...WorkflowSummaryProperties, nodes: Type.Array(Node), edges: Type.Array(Edge) });
const WorkflowAnswer = Type.Object({ ...MessageProperties, workflow: Workflow });
const WorkflowTemplates = Type.Object({
  data: Type.Array(
    Type.Object({
      key: Type.String(),
      nodes: Type.Array(Node),
      edges: Type.Array(Edge),
      node_kinds: Type.Array(Type.String()),
    }),
  ),
});

const graphFields = {
  name: { type: 'string', minLength: 1, maxLength: 120, pattern: '\\S' },
  description: { type: 'string', maxLength: 500 },
  nodes: { type: 'array', maxItems: MAX_NODES, items: nodeSchema },
  edges: { type: 'array', maxItems: MAX_EDGES, items: edgeSchema },
};

interface WorkflowBody {
  name: string;
  description?: string;
  template?: string;
  nodes?: WorkflowNode[];
  edges?: WorkflowEdge[];
}

interface WorkflowRow {
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

interface RunRow {
  id: number;
  workflow_id: number;
  trigger: string;
  status: string;
  scheduled_for: Date | string | null;
  started_at: Date | string;
  finished_at: Date | string | null;
  items_out: number;
  credits_spent: number;
  error: string | null;
  error_node: string | null;
}

interface NodeLogRow {
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
  error: string | null;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

const iso = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();
const COLUMNS =
  'w.id, w.user_id, w.name, w.description, w.status, w.nodes, w.edges, w.template, w.repeat, w.next_run_at, w.published_at, w.created_at, w.updated_at';
const RUN_COLUMNS =
  'r.id, r.workflow_id, r.trigger, r.status, r.scheduled_for, r.started_at, r.finished_at, r.items_out, r.credits_spent, r.error, r.error_node';

const toRunDto = (r: RunRow) => ({
  ...r,
  scheduled_for: iso(r.scheduled_for),
  started_at: iso(r.started_at),
  finished_at: iso(r.finished_at),
});

function toDto(row: WorkflowRow, lastRun: RunRow | null, withGraph = true) {
  const trigger = row.nodes.find((n) => n.kind === 'trigger');
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    template: row.template,
    ...(withGraph ? { nodes: row.nodes, edges: row.edges } : {}),
    node_count: row.nodes.length,
    trigger_mode: trigger?.settings.mode ?? null,
    repeat: row.repeat,
    next_run_at: iso(row.next_run_at),
    published_at: iso(row.published_at),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    last_run: lastRun ? toRunDto(lastRun) : null,
  };
}

async function lastRuns(db: Queryable, ids: number[]): Promise<Map<number, RunRow>> {
  if (!ids.length) return new Map();
  const { rows } = await db.query<RunRow>(
    `SELECT DISTINCT ON (r.workflow_id) ${RUN_COLUMNS} FROM workflow_runs r WHERE r.workflow_id = ANY($1::int[]) ORDER BY r.workflow_id, r.id DESC`,
    [`{${ids.join(',')}}`],
  );
  return new Map(rows.map((r) => [r.workflow_id, r]));
}

/**
 * Workflows (routes workflow and workflow/{id}): a graph of nodes owned by the user, saved as a draft,
 * published after the checks of spec §4/§5, run now or on its schedule by workflowRunner.ts.
 */
export function workflowRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  async function loadRow(tx: Queryable, userId: number, id: number, forUpdate = false): Promise<WorkflowRow> {
    const row = (
      await tx.query<WorkflowRow>(
        `SELECT ${COLUMNS} FROM workflows w WHERE w.id = $1 AND w.user_id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
        [id, userId],
      )
    ).rows[0];
    if (!row) throw notFound();
    return row;
  }
  async function load(userId: number, id: number) {
    const row = await loadRow(db, userId, id);
    return toDto(row, (await lastRuns(db, [row.id])).get(row.id) ?? null);
  }

  /** The prebuilt templates (names and descriptions are translated by the UI, by key). */
  app.get(
    '/api/workflow-templates',
    {
      ...guard,
      schema: {
        summary: 'The prebuilt workflow templates',
        querystring: emptyObjectSchema,
        response: { 200: WorkflowTemplates },
      },
    },
    async () => ({
      data: WORKFLOW_TEMPLATES.map((t) => ({
        key: t.key,
        nodes: t.nodes,
        edges: t.edges,
        node_kinds: t.nodes.map((n) => n.kind),
      })),
    }),
  );

  app.get<{ Querystring: PageQueryOf & { status?: 'draft' | 'published' } }>(
    '/api/workflows',
    {
      ...guard,
      schema: {
        summary: "The account's workflows, newest first",
        querystring: pageQuery,
        response: { 200: Page(WorkflowSummary) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { status } = request.query;
      const { limit, offset } = pageWindow(request.query);
      const where = status ? 'w.user_id = $1 AND w.status = $2' : 'w.user_id = $1';
      const params = status ? [userId, status] : [userId];
      // An account's workflows are few (dozens): an exact count is cheap.
      const total =
        (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM workflows w WHERE ${where}`, params)).rows[0]
          ?.n ?? 0;
      const rows = (
        await db.query<WorkflowRow>(
          `SELECT ${COLUMNS} FROM workflows w WHERE ${where} ORDER BY w.id DESC LIMIT ${limit} OFFSET ${offset}`,
          params,
        )
      ).rows;
      const runs = await lastRuns(
        db,
        rows.map((r) => r.id),
      );
      return pageOf(
        rows.map((r) => toDto(r, runs.get(r.id) ?? null, false)),
        request.query,
        total,
      );
    },
  );

  app.post<{ Body: WorkflowBody }>(
    '/api/workflows',
    {
      ...guard,
      schema: {
        summary: 'Creates a workflow (blank or from a template)',
        body: objectSchema({ ...graphFields, template: { type: 'string', enum: TEMPLATE_KEYS } }, ['name']),
        response: { 201: WorkflowAnswer },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const { name, description = '', template } = request.body;
      const fromTemplate = WORKFLOW_TEMPLATES.find((t) => t.key === template);
      // A blank workflow starts with its trigger.
      const nodes = request.body.nodes ??
        fromTemplate?.nodes ?? [{ id: 'n1', kind: 'trigger', position: { x: 0, y: 0 }, settings: { mode: 'manual' } }];
      const edges = request.body.edges ?? fromTemplate?.edges ?? [];
      await checkGraph(db, userId, nodes, edges);
      const now = clock.now().toISOString();
      const id = (
        await db.query<{ id: number }>(
          `INSERT INTO workflows (user_id, name, description, nodes, edges, template, created_at, updated_at) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $7) RETURNING id`,
          [
            userId,
            name.trim(),
            description.trim(),
            JSON.stringify(nodes),
            JSON.stringify(edges),
            fromTemplate?.key ?? null,
            now,
          ],
        )
      ).rows[0]!.id;
      reply.code(201);
      return { ...say(request, 'leadSearch.workflow.created'), workflow: await load(userId, id) };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/workflows/:id',
    { ...guard, schema: { summary: 'One workflow with its graph', params: idParams, response: { 200: Workflow } } },
    async (request) => load(currentUser(request).id, request.params.id),
  );

  /** Saves the draft (a published workflow is unpublished first: what runs is what was checked). */
  app.put<{
    Params: { id: number };
    Body: Required<Pick<WorkflowBody, 'name' | 'nodes' | 'edges'>> & { description?: string };
  }>(
    '/api/workflows/:id',
    {
      ...guard,
      schema: {
        summary: "Saves a workflow's draft",
        params: idParams,
        body: objectSchema(graphFields, ['name', 'nodes', 'edges']),
        response: { 200: WorkflowAnswer },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { name, description, nodes, edges } = request.body;
      await db.transaction(async (tx) => {
        const row = await loadRow(tx, userId, request.params.id, true);
        if (row.status === 'published') throw unprocessable('leadSearch.workflow.published_locked');
        await checkGraph(tx, userId, nodes, edges);
        await tx.query(
          `UPDATE workflows SET name = $3, description = $4, nodes = $5::jsonb, edges = $6::jsonb, updated_at = $7 WHERE id = $1 AND user_id = $2`,
          [
            row.id,
            userId,
            name.trim(),
            (description ?? row.description).trim(),
            JSON.stringify(nodes),
            JSON.stringify(edges),
            clock.now().toISOString(),
          ],
        );
      });
      return { ...say(request, 'leadSearch.workflow.saved'), workflow: await load(userId, request.params.id) };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/workflows/:id',
    {
      ...guard,
      schema: { summary: 'Deletes a workflow', params: idParams, response: { 200: Type.Object(MessageProperties) } },
    },
    async (request) => {
      const { rowCount } = await db.query('DELETE FROM workflows WHERE id = $1 AND user_id = $2', [
        request.params.id,
        currentUser(request).id,
      ]);
      if (!rowCount) throw notFound();
      return say(request, 'leadSearch.workflow.deleted');
    },
  );

  /** Draft → published (spec §4), after the checks; a scheduled trigger's first run comes shortly after. */
  app.post<{ Params: { id: number } }>(
    '/api/workflows/:id/publish',
    {
      ...guard,
      schema: { summary: 'Publishes a workflow after its checks', params: idParams, response: { 200: WorkflowAnswer } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await db.transaction(async (tx) => {
        const row = await loadRow(tx, userId, request.params.id, true);
        await checkPublishable(tx, userId, row.nodes, row.edges);
        const trigger = row.nodes.find((n) => n.kind === 'trigger')!;
        const scheduled = trigger.settings.mode === 'schedule';
        const now = clock.now();
        const firstRun = scheduled ? firstScheduledRun(now).toISOString() : null;
        // The schedule's series starts at the first run, counted in the trigger's time zone.
        await tx.query(
          `UPDATE workflows SET status = 'published', repeat = $3, next_run_at = $4, schedule_anchor = $4, time_zone = $6, published_at = $5, updated_at = $5 WHERE id = $1 AND user_id = $2`,
          [
            row.id,
            userId,
            scheduled ? (trigger.settings.repeat ?? null) : null,
            firstRun,
            now.toISOString(),
            trigger.settings.time_zone ?? DEFAULT_TIME_ZONE,
          ],
        );
      });
      return { ...say(request, 'leadSearch.workflow.published'), workflow: await load(userId, request.params.id) };
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/workflows/:id/unpublish',
    {
      ...guard,
      schema: { summary: 'Returns a workflow to draft', params: idParams, response: { 200: WorkflowAnswer } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { rowCount } = await db.query(
        `UPDATE workflows SET status = 'draft', next_run_at = NULL, updated_at = $3 WHERE id = $1 AND user_id = $2`,
        [request.params.id, userId, clock.now().toISOString()],
      );
      if (!rowCount) throw notFound();
      return { ...say(request, 'leadSearch.workflow.unpublished'), workflow: await load(userId, request.params.id) };
    },
  );

  /** "Run now": a manual run of the published workflow; the runner advances it node by node. */
  app.post<{ Params: { id: number } }>(
    '/api/workflows/:id/run',
    {
      ...guard,
      schema: {
        summary: 'Runs a published workflow now',
        params: idParams,
        response: { 201: Type.Object({ ...MessageProperties, run: WorkflowRunDetail }) },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const runId = await db.transaction(async (tx) => {
        const row = await loadRow(tx, userId, request.params.id, true);
        if (row.status !== 'published') throw unprocessable('leadSearch.workflow.not_published');
        if (
          (
            await tx.query(`SELECT 1 FROM workflow_runs WHERE workflow_id = $1 AND status = 'running' LIMIT 1`, [
              row.id,
            ])
          ).rowCount
        ) {
          throw unprocessable('leadSearch.workflow.run_in_progress');
        }
        const id = await createRun(tx, row, 'manual', clock.now());
        if (!id) throw unprocessable('leadSearch.workflow.cycle');
        return id;
      });
      reply.code(201);
      return {
        ...say(request, 'leadSearch.workflow.run_started'),
        run: await loadRunDetail(userId, request.params.id, runId),
      };
    },
  );

  app.get<{ Params: { id: number }; Querystring: PageQueryOf }>(
    '/api/workflows/:id/runs',
    {
      ...guard,
      schema: {
        summary: 'Every run of one workflow, newest first',
        params: idParams,
        querystring: runsQuery,
        response: { 200: Page(WorkflowRun) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await loadRow(db, userId, request.params.id);
      const { limit, offset } = pageWindow(request.query);
      const total =
        (
          await db.query<{ n: number }>('SELECT count(*)::int AS n FROM workflow_runs WHERE workflow_id = $1', [
            request.params.id,
          ])
        ).rows[0]?.n ?? 0;
      const rows = (
        await db.query<RunRow>(
          `SELECT ${RUN_COLUMNS} FROM workflow_runs r WHERE r.workflow_id = $1 ORDER BY r.id DESC LIMIT ${limit} OFFSET ${offset}`,
          [request.params.id],
        )
      ).rows;
      return pageOf(rows.map(toRunDto), request.query, total);
    },
  );

  async function loadRunDetail(userId: number, workflowId: number, runId: number) {
    const run = (
      await db.query<RunRow>(
        `SELECT ${RUN_COLUMNS} FROM workflow_runs r WHERE r.id = $1 AND r.workflow_id = $2 AND r.user_id = $3`,
        [runId, workflowId, userId],
      )
    ).rows[0];
    if (!run) throw notFound();
    const nodes = (
      await db.query<NodeLogRow>(
        `SELECT node_id, kind, label, position, status, job_id, items_in, items_out, credits, detail, error, started_at, finished_at
           FROM workflow_run_nodes WHERE run_id = $1 ORDER BY position`,
        [runId],
      )
    ).rows;
    return {
      ...toRunDto(run),
      nodes: nodes.map((n) => ({ ...n, started_at: iso(n.started_at), finished_at: iso(n.finished_at) })),
    };
  }

  /** One run with its per-node log (started, finished, items in/out, credits, error). */
  app.get<{ Params: { id: number; runId: number } }>(
    '/api/workflows/:id/runs/:runId',
    {
      ...guard,
      schema: { summary: 'One run with its per-node log', params: runParams, response: { 200: WorkflowRunDetail } },
    },
    async (request) => loadRunDetail(currentUser(request).id, request.params.id, request.params.runId),
  );
}
