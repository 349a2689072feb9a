import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import {
  IdParams,
  MessageProperties,
  Nullable,
  Page,
  PageQuery,
  pageOf,
  pageWindow,
  StringEnum,
  Type,
} from '../../http/contract';
import { SEARCH_TYPES } from '../../providers/leads';
import { say } from '../../http/respond';
import { REPEATS } from './autopilotScheduler.service';
import { filtersSchema } from './searchFilters.schemas';
import {
  autopilotRunsPage,
  autopilotsPage,
  createAutopilot,
  editAutopilot,
  loadAutopilot,
  removeAutopilot,
  setAutopilotStatus,
} from './autopilots.service';
import { AUTOPILOT_TYPES } from './autopilots.repository';

/** Prompt types an autopilot may run on its new results, and the CRMs it may send them to (spec §1, §3). */
export { STANDARD_PROMPT_TYPES as AUTOPILOT_PROMPTS, CRM_IDS as AUTOPILOT_CRMS } from '@leadsmith/shared/constants';
import { STANDARD_PROMPT_TYPES as AUTOPILOT_PROMPTS, CRM_IDS as AUTOPILOT_CRMS } from '@leadsmith/shared/constants';
export const AUTOPILOT_MAX_RESULTS = 1000;

const DateTime = () => Type.String({ format: 'date-time' });

const AutopilotRun = Type.Object({
  id: Type.Integer(),
  autopilot_id: Type.Integer(),
  job_id: Nullable(Type.Integer()),
  status: Type.String({ description: 'running, done, stopped or failed' }),
  scheduled_for: DateTime(),
  started_at: DateTime(),
  finished_at: Nullable(DateTime()),
  results_added: Type.Integer(),
  credits_spent: Type.Number(),
  error: Nullable(
    Type.String({
      description: 'Why the run did not search (no_credits, limit_reached, job_running, webhook_missing, …)',
    }),
  ),
  actions_state: Nullable(
    StringEnum(['pending', 'done'] as const, {
      description: 'The steps after the search (enrichment, AI prompts, webhook, CRM): pending while they run.',
    }),
  ),
  enriched: Type.Integer(),
  enrich_credits: Type.Number(),
  ai_processed: Type.Integer(),
  crm_sent: Type.Integer(),
  crm_unsent: Type.Integer(),
  crm_pending: Type.Integer({
    description: "Results the run's CRM send has still to push (it runs in the background).",
  }),
  webhook_sent: Type.Integer(),
  webhook_unsent: Type.Integer(),
  step_errors: Type.Array(
    Type.Object({ step: Type.String({ description: 'enrichment, ai, webhook or crm' }), code: Type.String() }),
  ),
});

const Autopilot = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: StringEnum(AUTOPILOT_TYPES),
  repeat: StringEnum(REPEATS),
  campaign_id: Type.Integer(),
  campaign: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    list_type: StringEnum(SEARCH_TYPES),
    has_webhook: Type.Boolean(),
  }),
  location: Type.String(),
  filters: Type.Record(Type.String(), Type.Unknown()),
  max_results: Type.Integer(),
  enrichment: Type.Boolean(),
  ai_prompts: Type.Array(Type.String()),
  crm: Nullable(Type.String()),
  status: Type.String({ description: 'active, paused, stopped or completed' }),
  stop_reason: Nullable(Type.String({ description: 'Why the autopilot stopped (no_credits, …)' })),
  next_run_at: Nullable(DateTime()),
  last_run_at: Nullable(DateTime()),
  created_at: DateTime(),
  time_zone: Type.String({ description: 'IANA zone the runs are scheduled in.' }),
  last_run: Nullable(AutopilotRun),
});
const AutopilotAnswer = Type.Object({ ...MessageProperties, autopilot: Autopilot });

/** An autopilot as the create and edit forms send it (autopilots.service's AutopilotBody). */
const AutopilotFields = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' }),
    type: StringEnum(AUTOPILOT_TYPES),
    repeat: StringEnum(REPEATS),
    campaign_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    location: Type.String({ maxLength: 200 }),
    filters: Type.Optional(Type.Unsafe<Record<string, unknown>>(filtersSchema)),
    max_results: Type.Integer({ minimum: 1, maximum: AUTOPILOT_MAX_RESULTS }),
    enrichment: Type.Optional(Type.Boolean()),
    ai_prompts: Type.Optional(
      Type.Array(StringEnum(AUTOPILOT_PROMPTS), { maxItems: AUTOPILOT_PROMPTS.length, uniqueItems: true }),
    ),
    crm: Type.Optional(
      Type.Unsafe<(typeof AUTOPILOT_CRMS)[number] | null>({
        type: ['string', 'null'],
        enum: [...AUTOPILOT_CRMS, null],
      }),
    ),
    /** IANA zone the runs are scheduled in (the UI sends the browser's); UTC when absent. */
    time_zone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);

/**
 * Autopilots (routes autopilot, autopilot/create, autopilot/{type}-{id}, …/edit): scheduled searches
 * into a list. The scheduler (autopilotScheduler.service.ts) runs them; every run is recorded.
 */
export function autopilotRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  app.get(
    '/api/autopilots',
    {
      ...guard,
      schema: {
        summary: "The account's autopilots, newest first",
        querystring: PageQuery,
        response: { 200: Page(Autopilot) },
      },
    },
    async (request) => {
      const { limit, offset } = pageWindow(request.query);
      const { rows, total } = await autopilotsPage(db, currentUser(request).id, limit, offset);
      return pageOf(rows, request.query, total);
    },
  );

  app.post(
    '/api/autopilots',
    {
      ...guard,
      schema: {
        summary: 'Creates an autopilot (its first run starts shortly after)',
        body: AutopilotFields,
        response: { 201: AutopilotAnswer },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const id = await createAutopilot(db, clock, userId, request.body);
      reply.code(201);
      return { ...say(request, 'leadSearch.autopilot_created'), autopilot: await loadAutopilot(db, userId, id) };
    },
  );

  app.get(
    '/api/autopilots/:id',
    {
      ...guard,
      schema: { summary: 'One autopilot with its last run', params: IdParams, response: { 200: Autopilot } },
    },
    async (request) => loadAutopilot(db, currentUser(request).id, request.params.id),
  );

  app.put(
    '/api/autopilots/:id',
    {
      ...guard,
      schema: {
        summary: 'Changes an autopilot',
        params: IdParams,
        body: AutopilotFields,
        response: { 200: AutopilotAnswer },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await editAutopilot(db, userId, request.params.id, request.body);
      return {
        ...say(request, 'leadSearch.autopilot_saved'),
        autopilot: await loadAutopilot(db, userId, request.params.id),
      };
    },
  );

  /** Pause, or resume (a resumed or restarted autopilot runs again shortly after). */
  app.post(
    '/api/autopilots/:id/status',
    {
      ...guard,
      schema: {
        summary: 'Pauses or resumes an autopilot',
        params: IdParams,
        body: Type.Object({ status: StringEnum(['active', 'paused'] as const) }, { additionalProperties: false }),
        response: { 200: AutopilotAnswer },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await setAutopilotStatus(db, clock, userId, request.params.id, request.body.status);
      return {
        ...say(
          request,
          request.body.status === 'active' ? 'leadSearch.autopilot_resumed' : 'leadSearch.autopilot_paused',
        ),
        autopilot: await loadAutopilot(db, userId, request.params.id),
      };
    },
  );

  app.delete(
    '/api/autopilots/:id',
    {
      ...guard,
      schema: { summary: 'Deletes an autopilot', params: IdParams, response: { 200: Type.Object(MessageProperties) } },
    },
    async (request) => {
      await removeAutopilot(db, currentUser(request).id, request.params.id);
      return say(request, 'leadSearch.autopilot_deleted');
    },
  );

  /** Every run of one autopilot, newest first. */
  app.get(
    '/api/autopilots/:id/runs',
    {
      ...guard,
      schema: {
        summary: 'Every run of one autopilot, newest first',
        params: IdParams,
        querystring: PageQuery,
        response: { 200: Page(AutopilotRun) },
      },
    },
    async (request) => {
      const { limit, offset } = pageWindow(request.query);
      const { rows, total } = await autopilotRunsPage(db, currentUser(request).id, request.params.id, limit, offset);
      return pageOf(rows, request.query, total);
    },
  );
}
