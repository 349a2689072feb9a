import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { WORKFLOW_RUN_ERRORS } from '@leadsmith/shared/constants';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import {
  Empty,
  IdParams,
  MessageProperties,
  Nullable,
  Page,
  PageQueryProperties,
  pageOf,
  pageWindow,
  StringEnum,
  Type,
} from '../../http/contract';
import { say } from '../../http/respond';
import {
  CreateWorkflowBodySchema,
  SaveWorkflowBodySchema,
  WorkflowEdgeSchema,
  WorkflowNodeSchema,
} from './workflows.schemas';
import { WORKFLOW_TEMPLATES } from './workflowTemplates';
import {
  createWorkflow,
  loadRunDetail,
  loadWorkflow,
  publishWorkflow,
  removeWorkflow,
  runWorkflowNow,
  saveWorkflowDraft,
  unpublishWorkflow,
  workflowRunsPage,
  workflowsPage,
} from './workflows.service';

const RunParams = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    runId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  },
  { additionalProperties: false },
);
const pageQuery = Type.Object(
  { ...PageQueryProperties, status: Type.Optional(StringEnum(['draft', 'published'] as const)) },
  { additionalProperties: false },
);
const runsQuery = Type.Object(PageQueryProperties, { additionalProperties: false });

const DateTime = () => Type.String({ format: 'date-time' });
/** A node and an edge as the request schemas check them (what is stored is what was checked). */

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
const Workflow = Type.Object({
  ...WorkflowSummaryProperties,
  nodes: Type.Array(WorkflowNodeSchema),
  edges: Type.Array(WorkflowEdgeSchema),
});
const WorkflowAnswer = Type.Object({ ...MessageProperties, workflow: Workflow });
const WorkflowTemplates = Type.Object({
  data: Type.Array(
    Type.Object({
      key: Type.String(),
      nodes: Type.Array(WorkflowNodeSchema),
      edges: Type.Array(WorkflowEdgeSchema),
      node_kinds: Type.Array(Type.String()),
    }),
  ),
});

/**
 * Workflows (routes workflow and workflow/{id}): a graph of nodes owned by the user, saved as a draft,
 * published after the checks of spec §4/§5, run now or on its schedule by workflowRunner.service.ts.
 */
export function workflowRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  /** The prebuilt templates (names and descriptions are translated by the UI, by key). */
  app.get(
    '/api/workflow-templates',
    {
      ...guard,
      schema: {
        summary: 'The prebuilt workflow templates',
        querystring: Empty,
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

  app.get(
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
      const { limit, offset } = pageWindow(request.query);
      const { rows, total } = await workflowsPage(db, currentUser(request).id, request.query.status, limit, offset);
      return pageOf(rows, request.query, total);
    },
  );

  app.post(
    '/api/workflows',
    {
      ...guard,
      schema: {
        summary: 'Creates a workflow (blank or from a template)',
        body: CreateWorkflowBodySchema,
        response: { 201: WorkflowAnswer },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const id = await createWorkflow(db, clock, userId, request.body);
      reply.code(201);
      return { ...say(request, 'leadSearch.workflow.created'), workflow: await loadWorkflow(db, userId, id) };
    },
  );

  app.get(
    '/api/workflows/:id',
    { ...guard, schema: { summary: 'One workflow with its graph', params: IdParams, response: { 200: Workflow } } },
    async (request) => loadWorkflow(db, currentUser(request).id, request.params.id),
  );

  /** Saves the draft (a published workflow is unpublished first: what runs is what was checked). */
  app.put(
    '/api/workflows/:id',
    {
      ...guard,
      schema: {
        summary: "Saves a workflow's draft",
        params: IdParams,
        body: SaveWorkflowBodySchema,
        response: { 200: WorkflowAnswer },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await saveWorkflowDraft(db, clock, userId, request.params.id, request.body);
      return {
        ...say(request, 'leadSearch.workflow.saved'),
        workflow: await loadWorkflow(db, userId, request.params.id),
      };
    },
  );

  app.delete(
    '/api/workflows/:id',
    {
      ...guard,
      schema: { summary: 'Deletes a workflow', params: IdParams, response: { 200: Type.Object(MessageProperties) } },
    },
    async (request) => {
      await removeWorkflow(db, currentUser(request).id, request.params.id);
      return say(request, 'leadSearch.workflow.deleted');
    },
  );

  /** Draft → published (spec §4), after the checks; a scheduled trigger's first run comes shortly after. */
  app.post(
    '/api/workflows/:id/publish',
    {
      ...guard,
      schema: { summary: 'Publishes a workflow after its checks', params: IdParams, response: { 200: WorkflowAnswer } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await publishWorkflow(db, clock, userId, request.params.id);
      return {
        ...say(request, 'leadSearch.workflow.published'),
        workflow: await loadWorkflow(db, userId, request.params.id),
      };
    },
  );

  app.post(
    '/api/workflows/:id/unpublish',
    {
      ...guard,
      schema: { summary: 'Returns a workflow to draft', params: IdParams, response: { 200: WorkflowAnswer } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await unpublishWorkflow(db, clock, userId, request.params.id);
      return {
        ...say(request, 'leadSearch.workflow.unpublished'),
        workflow: await loadWorkflow(db, userId, request.params.id),
      };
    },
  );

  /** "Run now": a manual run of the published workflow; the runner advances it node by node. */
  app.post(
    '/api/workflows/:id/run',
    {
      ...guard,
      schema: {
        summary: 'Runs a published workflow now',
        params: IdParams,
        response: { 201: Type.Object({ ...MessageProperties, run: WorkflowRunDetail }) },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const runId = await runWorkflowNow(db, clock, userId, request.params.id);
      reply.code(201);
      return {
        ...say(request, 'leadSearch.workflow.run_started'),
        run: await loadRunDetail(db, userId, request.params.id, runId),
      };
    },
  );

  app.get(
    '/api/workflows/:id/runs',
    {
      ...guard,
      schema: {
        summary: 'Every run of one workflow, newest first',
        params: IdParams,
        querystring: runsQuery,
        response: { 200: Page(WorkflowRun) },
      },
    },
    async (request) => {
      const { limit, offset } = pageWindow(request.query);
      const { rows, total } = await workflowRunsPage(db, currentUser(request).id, request.params.id, limit, offset);
      return pageOf(rows, request.query, total);
    },
  );

  /** One run with its per-node log (started, finished, items in/out, credits, error). */
  app.get(
    '/api/workflows/:id/runs/:runId',
    {
      ...guard,
      schema: { summary: 'One run with its per-node log', params: RunParams, response: { 200: WorkflowRunDetail } },
    },
    async (request) => loadRunDetail(db, currentUser(request).id, request.params.id, request.params.runId),
  );
}
