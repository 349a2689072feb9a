import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { unprocessable, validationError } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import {
  MessageProperties,
  Nullable,
  Page,
  PageQuery,
  pageOf,
  pageWindow,
  StringEnum,
  Type,
  type PageQueryOf,
} from '../../http/contract';
import { SEARCH_TYPES, type SearchType } from '../../providers/leads';
import { say } from '../respond';
import { FIRST_RUN_DELAY_MS, REPEATS } from './autopilotScheduler';
import { notFound } from '../../modules/leadSearch/campaigns.service';
import { checkFilters, filtersSchema } from '../../modules/leadSearch/searchFilters.schemas';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../schedule/recurrence';

export const AUTOPILOT_TYPES = ['basic', 'webhook'] as const;
/** Prompt types an autopilot may run on its new results (spec §3 fine-tune prompt types). */
export const AUTOPILOT_PROMPTS = [
  'summary',
  'first_line',
  'subject',
  'direct',
  'similar',
  'competitor',
  'supplier',
  'custom',
] as const;
/** CRM identifiers of spec §1. */
export const AUTOPILOT_CRMS = ['ghl', 'keap', 'zapier', 'groove', 'sales_connector'] as const;
export const AUTOPILOT_MAX_RESULTS = 1000;

const idParams = objectSchema({ id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, ['id']);
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

const fields = {
  name: { type: 'string', minLength: 1, maxLength: 120, pattern: '\\S' },
  type: { type: 'string', enum: AUTOPILOT_TYPES },
  repeat: { type: 'string', enum: REPEATS },
  campaign_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
  location: { type: 'string', maxLength: 200 },
  filters: filtersSchema,
  max_results: { type: 'integer', minimum: 1, maximum: AUTOPILOT_MAX_RESULTS },
  enrichment: { type: 'boolean' },
  ai_prompts: {
    type: 'array',
    maxItems: AUTOPILOT_PROMPTS.length,
    uniqueItems: true,
    items: { type: 'string', enum: AUTOPILOT_PROMPTS },
  },
  crm: { type: ['string', 'null'], enum: [...AUTOPILOT_CRMS, null] },
  /** IANA zone the runs are scheduled in (the UI sends the browser's); UTC when absent. */
  time_zone: { type: 'string', minLength: 1, maxLength: 64 },
};
const REQUIRED = ['name', 'type', 'repeat', 'campaign_id', 'location', 'max_results'] as const;

export interface AutopilotBody {
  name: string;
  type: (typeof AUTOPILOT_TYPES)[number];
  repeat: (typeof REPEATS)[number];
  campaign_id: number;
  location: string;
  filters?: Record<string, unknown>;
  max_results: number;
  enrichment?: boolean;
  ai_prompts?: string[];
  crm?: string | null;
  time_zone?: string;
}

interface AutopilotRow {
  id: number;
  name: string;
  type: string;
  repeat: string;
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

interface RunRow {
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
  /** Post-search steps (autopilotActions.ts): pending while they run; their figures; why a step could not run. */
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

const iso = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

const COLUMNS = `a.id, a.name, a.type, a.repeat, a.campaign_id, c.name AS campaign_name, c.list_type, (c.webhook_url IS NOT NULL) AS has_webhook,
  a.location, a.filters, a.max_results, a.enrichment, a.ai_prompts, a.crm, a.status, a.stop_reason, a.next_run_at, a.last_run_at, a.created_at, a.time_zone`;
const RUN_COLUMNS = `r.id, r.autopilot_id, r.job_id, r.status, r.scheduled_for, r.started_at, r.finished_at, r.results_added, r.credits_spent, r.error,
  r.actions_state, r.enriched, r.enrich_credits, r.ai_processed, r.crm_sent, r.crm_unsent, r.webhook_sent, r.webhook_unsent, r.step_errors,
  COALESCE((SELECT j.total - j.sent - j.unsent FROM crm_send_jobs j WHERE j.id = r.crm_job_id AND j.status = 'running'), 0) AS crm_pending`;

const toRunDto = (r: RunRow) => ({
  ...r,
  scheduled_for: iso(r.scheduled_for),
  started_at: iso(r.started_at),
  finished_at: iso(r.finished_at),
});

function toDto(row: AutopilotRow, lastRun: RunRow | null) {
  const { campaign_name, list_type, has_webhook, ...rest } = row;
  return {
    ...rest,
    campaign: { id: row.campaign_id, name: campaign_name, list_type, has_webhook },
    next_run_at: iso(row.next_run_at),
    last_run_at: iso(row.last_run_at),
    created_at: iso(row.created_at),
    last_run: lastRun ? toRunDto(lastRun) : null,
  };
}

async function lastRuns(db: Queryable, ids: number[]): Promise<Map<number, RunRow>> {
  if (!ids.length) return new Map();
  const { rows } = await db.query<RunRow>(
    `SELECT DISTINCT ON (r.autopilot_id) ${RUN_COLUMNS} FROM autopilot_runs r WHERE r.autopilot_id = ANY($1::int[]) ORDER BY r.autopilot_id, r.id DESC`,
    [`{${ids.join(',')}}`],
  );
  return new Map(rows.map((r) => [r.autopilot_id, r]));
}

/**
 * Autopilots (routes autopilot, autopilot/create, autopilot/{type}-{id}, …/edit): scheduled searches
 * into a list. The scheduler (autopilotScheduler.ts) runs them; every run is recorded.
 */
export function autopilotRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  async function load(userId: number, id: number) {
    const row = (
      await db.query<AutopilotRow>(
        `SELECT ${COLUMNS} FROM autopilots a JOIN campaigns c ON c.id = a.campaign_id WHERE a.id = $1 AND a.user_id = $2`,
        [id, userId],
      )
    ).rows[0];
    if (!row) throw notFound();
    return toDto(row, (await lastRuns(db, [row.id])).get(row.id) ?? null);
  }

  /** Checks a body against the account's list: 404 for another account's list, spec §5 rules as 400/422. */
  async function checkBody(tx: Queryable, userId: number, body: AutopilotBody) {
    if (!body.location.trim()) throw validationError({ field: 'location', code: 'leadSearch.location_and_list' });
    if (body.time_zone !== undefined && !isTimeZone(body.time_zone))
      throw validationError({ field: 'time_zone', code: 'validation.time_zone' });
    const campaign = (
      await tx.query<{ id: number; list_type: SearchType; webhook_url: string | null }>(
        'SELECT id, list_type, webhook_url FROM campaigns WHERE id = $1 AND user_id = $2',
        [body.campaign_id, userId],
      )
    ).rows[0];
    if (!campaign) throw notFound();
    // Spec §5: a webhook list needs its webhook set up.
    if (body.type === 'webhook' && !campaign.webhook_url)
      throw unprocessable('leadSearch.list_has_no_webhook', 'campaign_id');
    return checkFilters(campaign.list_type, body.filters ?? {});
  }

  app.get<{ Querystring: PageQueryOf }>(
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
      const userId = currentUser(request).id;
      const { limit, offset } = pageWindow(request.query);
      // An account's autopilots are few: an exact count is cheap.
      const total =
        (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM autopilots WHERE user_id = $1', [userId]))
          .rows[0]?.n ?? 0;
      const rows = (
        await db.query<AutopilotRow>(
          `SELECT ${COLUMNS} FROM autopilots a JOIN campaigns c ON c.id = a.campaign_id WHERE a.user_id = $1 ORDER BY a.id DESC LIMIT ${limit} OFFSET ${offset}`,
          [userId],
        )
      ).rows;
      const runs = await lastRuns(
        db,
        rows.map((r) => r.id),
      );
      return pageOf(
        rows.map((r) => toDto(r, runs.get(r.id) ?? null)),
        request.query,
        total,
      );
    },
  );

  app.post<{ Body: AutopilotBody }>(
    '/api/autopilots',
    {
      ...guard,
      schema: {
        summary: 'Creates an autopilot (its first run starts shortly after)',
        body: objectSchema(fields, REQUIRED),
        response: { 201: AutopilotAnswer },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const body = request.body;
      const id = await db.transaction(async (tx) => {
        const filters = await checkBody(tx, userId, body);
        const firstRun = new Date(clock.now().getTime() + FIRST_RUN_DELAY_MS);
        return (
          await tx.query<{ id: number }>(
            `INSERT INTO autopilots (user_id, campaign_id, name, type, repeat, location, filters, max_results, enrichment, ai_prompts, crm, next_run_at, schedule_anchor, time_zone, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10::jsonb, $11, $12, $12, $14, $13, $13) RETURNING id`,
            [
              userId,
              body.campaign_id,
              body.name.trim(),
              body.type,
              body.repeat,
              body.location.trim(),
              JSON.stringify(filters),
              body.max_results,
              body.enrichment ?? false,
              JSON.stringify(body.ai_prompts ?? []),
              body.crm ?? null,
              firstRun.toISOString(),
              clock.now().toISOString(),
              body.time_zone ?? DEFAULT_TIME_ZONE,
            ],
          )
        ).rows[0]!.id;
      });
      reply.code(201);
      return { ...say(request, 'leadSearch.autopilot_created'), autopilot: await load(userId, id) };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/autopilots/:id',
    {
      ...guard,
      schema: { summary: 'One autopilot with its last run', params: idParams, response: { 200: Autopilot } },
    },
    async (request) => load(currentUser(request).id, request.params.id),
  );

  app.put<{ Params: { id: number }; Body: AutopilotBody }>(
    '/api/autopilots/:id',
    {
      ...guard,
      schema: {
        summary: 'Changes an autopilot',
        params: idParams,
        body: objectSchema(fields, REQUIRED),
        response: { 200: AutopilotAnswer },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const body = request.body;
      await db.transaction(async (tx) => {
        const current = (
          await tx.query<{ repeat: string; next_run_at: Date | null }>(
            'SELECT repeat, next_run_at FROM autopilots WHERE id = $1 AND user_id = $2 FOR UPDATE',
            [request.params.id, userId],
          )
        ).rows[0];
        if (!current) throw notFound();
        const filters = await checkBody(tx, userId, body);
        await tx.query(
          `UPDATE autopilots SET campaign_id = $3, name = $4, type = $5, repeat = $6, location = $7, filters = $8::jsonb, max_results = $9, enrichment = $10,
                  ai_prompts = $11::jsonb, crm = $12, time_zone = COALESCE($13, time_zone), updated_at = now()
            WHERE id = $1 AND user_id = $2`,
          [
            request.params.id,
            userId,
            body.campaign_id,
            body.name.trim(),
            body.type,
            body.repeat,
            body.location.trim(),
            JSON.stringify(filters),
            body.max_results,
            body.enrichment ?? false,
            JSON.stringify(body.ai_prompts ?? []),
            body.crm ?? null,
            body.time_zone ?? null,
          ],
        );
      });
      return { ...say(request, 'leadSearch.autopilot_saved'), autopilot: await load(userId, request.params.id) };
    },
  );

  /** Pause, or resume (a resumed or restarted autopilot runs again shortly after). */
  app.post<{ Params: { id: number }; Body: { status: 'active' | 'paused' } }>(
    '/api/autopilots/:id/status',
    {
      ...guard,
      schema: {
        summary: 'Pauses or resumes an autopilot',
        params: idParams,
        body: objectSchema({ status: { type: 'string', enum: ['active', 'paused'] } }, ['status']),
        response: { 200: AutopilotAnswer },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const next = new Date(clock.now().getTime() + FIRST_RUN_DELAY_MS).toISOString();
      const { rowCount } =
        request.body.status === 'active'
          ? await db.query(
              `UPDATE autopilots SET status = 'active', stop_reason = NULL, next_run_at = $3, schedule_anchor = $3, updated_at = now() WHERE id = $1 AND user_id = $2`,
              [request.params.id, userId, next],
            )
          : await db.query(
              `UPDATE autopilots SET status = 'paused', updated_at = now() WHERE id = $1 AND user_id = $2`,
              [request.params.id, userId],
            );
      if (!rowCount) throw notFound();
      return {
        ...say(
          request,
          request.body.status === 'active' ? 'leadSearch.autopilot_resumed' : 'leadSearch.autopilot_paused',
        ),
        autopilot: await load(userId, request.params.id),
      };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/autopilots/:id',
    {
      ...guard,
      schema: { summary: 'Deletes an autopilot', params: idParams, response: { 200: Type.Object(MessageProperties) } },
    },
    async (request) => {
      const { rowCount } = await db.query('DELETE FROM autopilots WHERE id = $1 AND user_id = $2', [
        request.params.id,
        currentUser(request).id,
      ]);
      if (!rowCount) throw notFound();
      return say(request, 'leadSearch.autopilot_deleted');
    },
  );

  /** Every run of one autopilot, newest first. */
  app.get<{ Params: { id: number }; Querystring: PageQueryOf }>(
    '/api/autopilots/:id/runs',
    {
      ...guard,
      schema: {
        summary: 'Every run of one autopilot, newest first',
        params: idParams,
        querystring: PageQuery,
        response: { 200: Page(AutopilotRun) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const owned = (
        await db.query('SELECT 1 FROM autopilots WHERE id = $1 AND user_id = $2', [request.params.id, userId])
      ).rowCount;
      if (!owned) throw notFound();
      const { limit, offset } = pageWindow(request.query);
      const total =
        (
          await db.query<{ n: number }>('SELECT count(*)::int AS n FROM autopilot_runs WHERE autopilot_id = $1', [
            request.params.id,
          ])
        ).rows[0]?.n ?? 0;
      const rows = (
        await db.query<RunRow>(
          `SELECT ${RUN_COLUMNS} FROM autopilot_runs r WHERE r.autopilot_id = $1 ORDER BY r.id DESC LIMIT ${limit} OFFSET ${offset}`,
          [request.params.id],
        )
      ).rows;
      return pageOf(rows.map(toRunDto), request.query, total);
    },
  );
}
