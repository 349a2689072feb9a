import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { unprocessable, validationError } from '../../http/errors';
import {
  IdParams,
  MessageProperties,
  Nullable,
  Page,
  PageQuery,
  pageOf,
  pageWindow,
  StringEnum,
  Timestamp,
  Type,
  type Static,
} from '../../http/contract';
import { SEARCH_TYPES, type SearchType } from '../../providers/leads';
import { DEFAULT_TIME_ZONE, isTimeZone, nextRunAfter } from '../../schedule/recurrence';
import { say } from '../respond';
import { notFound } from '../../modules/leadSearch/campaigns.service';
import { COST_PER_RECORD } from '@leadsmith/shared/constants';
import { SAVED_SEARCH_ALERTS, startSavedSearchRun, type SavedSearchAlert } from './savedSearchAlerts';
import { MAX_SEARCH_COUNT } from '../../modules/leadSearch/searches.service';
import { checkFilters, filtersSchema } from '../../modules/leadSearch/searchFilters.schemas';

/** Search types a search can be saved for: live visitor (intent) searches already add each new visitor. */
const SAVABLE_TYPES = SEARCH_TYPES.filter((t) => t !== 'intent');

const Run = Type.Object({
  id: Type.Integer(),
  saved_search_id: Type.Integer(),
  trigger: StringEnum(['manual', 'alert'] as const),
  scheduled_for: Nullable(Timestamp()),
  job_id: Nullable(Type.Integer()),
  status: StringEnum(['running', 'done', 'stopped', 'failed'] as const),
  error: Nullable(
    Type.String({
      description:
        'Why the run stopped or did not search: no_credits, limit_reached, job_running, failed, source_error, user',
    }),
  ),
  new_leads: Type.Integer({ description: 'Leads added that the account did not hold before.' }),
  credits_spent: Type.Number(),
  created_at: Timestamp(),
  finished_at: Nullable(Timestamp()),
});

const SavedSearch = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: StringEnum(SEARCH_TYPES),
  campaign: Type.Object({ id: Type.Integer(), name: Type.String(), list_type: StringEnum(SEARCH_TYPES) }),
  location: Type.String(),
  filters: Type.Record(Type.String(), Type.Unknown()),
  count: Type.Integer(),
  alert: StringEnum(SAVED_SEARCH_ALERTS),
  time_zone: Type.String(),
  next_alert_at: Nullable(Timestamp()),
  created_at: Timestamp(),
  last_run: Nullable(Run),
});
const SavedSearchAnswer = Type.Object({ ...MessageProperties, saved_search: SavedSearch });

const Alert = Type.Object({
  id: Type.Integer(),
  saved_search_id: Type.Integer(),
  search: Type.String(),
  campaign: Type.Object({ id: Type.Integer(), name: Type.String(), list_type: StringEnum(SEARCH_TYPES) }),
  new_leads: Type.Integer(),
  credits_spent: Type.Number(),
  scheduled_for: Nullable(Timestamp()),
  finished_at: Nullable(Timestamp()),
  seen: Type.Boolean(),
});

const Name = Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' });
const TimeZone = Type.String({
  minLength: 1,
  maxLength: 64,
  description: "IANA zone the alert periods are counted in (the browser's); UTC when absent.",
});
const CreateBody = Type.Object(
  {
    name: Name,
    type: StringEnum(SAVABLE_TYPES),
    campaign_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The list the results go to.' }),
    location: Type.String({ maxLength: 200 }),
    count: Type.Integer({ minimum: 1, maximum: MAX_SEARCH_COUNT, description: 'Most new leads one run adds.' }),
    filters: Type.Optional(Type.Unsafe<Record<string, unknown>>(filtersSchema)),
    alert: Type.Optional(StringEnum(SAVED_SEARCH_ALERTS)),
    time_zone: Type.Optional(TimeZone),
  },
  { additionalProperties: false },
);
const UpdateBody = Type.Object(
  {
    name: Type.Optional(Name),
    alert: Type.Optional(StringEnum(SAVED_SEARCH_ALERTS)),
    time_zone: Type.Optional(TimeZone),
  },
  { additionalProperties: false, minProperties: 1 },
);

interface SavedSearchRow {
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
type RunRow = Static<typeof Run>;

const COLUMNS = `s.id, s.name, s.search_type, s.campaign_id, c.name AS campaign_name, c.list_type, s.location, s.filters, s.count, s.alert, s.time_zone, s.next_alert_at, s.created_at`;
const RUN_COLUMNS = `r.id, r.saved_search_id, r.trigger, r.scheduled_for, r.job_id, r.status, r.error, r.new_leads, r.credits_spent, r.created_at, r.finished_at`;

function toDto(row: SavedSearchRow, lastRun: RunRow | null): Static<typeof SavedSearch> {
  return {
    id: row.id,
    name: row.name,
    type: row.search_type,
    campaign: { id: row.campaign_id, name: row.campaign_name, list_type: row.list_type },
    location: row.location,
    filters: row.filters,
    count: row.count,
    alert: row.alert,
    time_zone: row.time_zone,
    next_alert_at: row.next_alert_at,
    created_at: row.created_at,
    last_run: lastRun,
  };
}

async function lastRuns(q: Queryable, ids: number[]): Promise<Map<number, RunRow>> {
  if (!ids.length) return new Map();
  const { rows } = await q.query<RunRow>(
    `SELECT DISTINCT ON (r.saved_search_id) ${RUN_COLUMNS} FROM saved_search_runs r WHERE r.saved_search_id = ANY($1::int[]) ORDER BY r.saved_search_id, r.id DESC`,
    [`{${ids.join(',')}}`],
  );
  return new Map(rows.map((r) => [r.saved_search_id, r]));
}

/** The first alert comes one period after it is turned on: it reports the leads that appeared since. */
function firstAlert(alert: SavedSearchAlert, now: Date, timeZone: string): Date | null {
  return alert === 'off' ? null : nextRunAfter({ repeat: alert, anchor: now, timeZone }, now);
}

/**
 * Saved searches (lead-search/saved-searches): a search's type, filters, location, list and count kept
 * under a name; re-run with one click; an optional daily or weekly alert (savedSearchAlerts.ts). Every
 * run adds only the leads the account does not hold yet, so a lead is never charged twice.
 */
export function savedSearchRoutes(api: FastifyInstance, { db, clock, queue }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  async function load(userId: number, id: number) {
    const row = (
      await db.query<SavedSearchRow>(
        `SELECT ${COLUMNS} FROM saved_searches s JOIN campaigns c ON c.id = s.campaign_id WHERE s.id = $1 AND s.user_id = $2`,
        [id, userId],
      )
    ).rows[0];
    if (!row) throw notFound();
    return toDto(row, (await lastRuns(db, [row.id])).get(row.id) ?? null);
  }

  app.get(
    '/api/saved-searches',
    {
      ...guard,
      schema: {
        summary: "The account's saved searches, newest first, with the number of alerts not seen yet",
        querystring: PageQuery,
        response: { 200: Page(SavedSearch, { unseen_alerts: Type.Integer() }) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { limit, offset } = pageWindow(request.query);
      // An account's saved searches are few: exact counts are cheap.
      const counts = (
        await db.query<{ total: number; unseen: number }>(
          `SELECT (SELECT count(*)::int FROM saved_searches WHERE user_id = $1) AS total,
                  (SELECT count(*)::int FROM saved_search_runs WHERE user_id = $1 AND trigger = 'alert' AND new_leads > 0 AND NOT seen) AS unseen`,
          [userId],
        )
      ).rows[0]!;
      const rows = (
        await db.query<SavedSearchRow>(
          `SELECT ${COLUMNS} FROM saved_searches s JOIN campaigns c ON c.id = s.campaign_id WHERE s.user_id = $1 ORDER BY s.id DESC LIMIT ${limit} OFFSET ${offset}`,
          [userId],
        )
      ).rows;
      const runs = await lastRuns(
        db,
        rows.map((r) => r.id),
      );
      return {
        ...pageOf(
          rows.map((r) => toDto(r, runs.get(r.id) ?? null)),
          request.query,
          counts.total,
        ),
        unseen_alerts: counts.unseen,
      };
    },
  );

  app.post(
    '/api/saved-searches',
    {
      ...guard,
      schema: {
        summary: "Saves a search's filters under a name (optionally with a daily or weekly alert)",
        body: CreateBody,
        response: { 201: SavedSearchAnswer },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const body = request.body;
      if (!body.location.trim()) throw validationError({ field: 'location', code: 'leadSearch.location_and_list' });
      if (body.time_zone !== undefined && !isTimeZone(body.time_zone))
        throw validationError({ field: 'time_zone', code: 'validation.time_zone' });
      const timeZone = body.time_zone ?? DEFAULT_TIME_ZONE;
      const alert = body.alert ?? 'off';
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const campaign = (
          await tx.query<{ list_type: SearchType }>('SELECT list_type FROM campaigns WHERE id = $1 AND user_id = $2', [
            body.campaign_id,
            userId,
          ])
        ).rows[0];
        if (!campaign) throw notFound();
        if (campaign.list_type !== body.type)
          throw unprocessable('leadSearch.list_type_mismatch', 'campaign_id', {
            listType: campaign.list_type,
            searchType: body.type,
          });
        const filters = checkFilters(body.type, body.filters ?? {});
        return (
          await tx.query<{ id: number }>(
            `INSERT INTO saved_searches (user_id, campaign_id, name, search_type, location, filters, count, alert, time_zone, alert_anchor, next_alert_at, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $12) RETURNING id`,
            [
              userId,
              body.campaign_id,
              body.name.trim(),
              body.type,
              body.location.trim(),
              JSON.stringify(filters),
              body.count,
              alert,
              timeZone,
              alert === 'off' ? null : now.toISOString(),
              firstAlert(alert, now, timeZone)?.toISOString() ?? null,
              now.toISOString(),
            ],
          )
        ).rows[0]!.id;
      });
      reply.code(201);
      return { ...say(request, 'savedSearch.created'), saved_search: await load(userId, id) };
    },
  );

  app.get(
    '/api/saved-searches/:id',
    {
      ...guard,
      schema: { summary: 'One saved search with its last run', params: IdParams, response: { 200: SavedSearch } },
    },
    async (request) => load(currentUser(request).id, request.params.id),
  );

  app.put(
    '/api/saved-searches/:id',
    {
      ...guard,
      schema: {
        summary: 'Renames a saved search or changes its alert',
        params: IdParams,
        body: UpdateBody,
        response: { 200: SavedSearchAnswer },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const body = request.body;
      if (body.time_zone !== undefined && !isTimeZone(body.time_zone))
        throw validationError({ field: 'time_zone', code: 'validation.time_zone' });
      const now = clock.now();
      await db.transaction(async (tx) => {
        const current = (
          await tx.query<{ alert: SavedSearchAlert; time_zone: string }>(
            'SELECT alert, time_zone FROM saved_searches WHERE id = $1 AND user_id = $2 FOR UPDATE',
            [request.params.id, userId],
          )
        ).rows[0];
        if (!current) throw notFound();
        const alert = body.alert ?? current.alert;
        const timeZone = body.time_zone ?? current.time_zone;
        // A changed alert (or zone) starts its periods afresh from now; the same one keeps its schedule.
        const reschedule = alert !== current.alert || timeZone !== current.time_zone;
        await tx.query(
          `UPDATE saved_searches SET name = COALESCE($3, name), alert = $4, time_zone = $5,
                  alert_anchor = CASE WHEN $6 THEN $7::timestamptz ELSE alert_anchor END,
                  next_alert_at = CASE WHEN $6 THEN $8::timestamptz ELSE next_alert_at END, updated_at = $9
            WHERE id = $1 AND user_id = $2`,
          [
            request.params.id,
            userId,
            body.name?.trim() ?? null,
            alert,
            timeZone,
            reschedule,
            alert === 'off' ? null : now.toISOString(),
            firstAlert(alert, now, timeZone)?.toISOString() ?? null,
            now.toISOString(),
          ],
        );
      });
      return { ...say(request, 'savedSearch.saved'), saved_search: await load(userId, request.params.id) };
    },
  );

  app.delete(
    '/api/saved-searches/:id',
    {
      ...guard,
      schema: {
        summary: 'Deletes a saved search (the leads it added stay in their list)',
        params: IdParams,
        response: { 200: Type.Object(MessageProperties) },
      },
    },
    async (request) => {
      const { rowCount } = await db.query('DELETE FROM saved_searches WHERE id = $1 AND user_id = $2', [
        request.params.id,
        currentUser(request).id,
      ]);
      if (!rowCount) throw notFound();
      return say(request, 'savedSearch.deleted');
    },
  );

  app.post(
    '/api/saved-searches/:id/run',
    {
      ...guard,
      schema: {
        summary:
          'Runs a saved search again into its list: only leads the account does not hold yet are added (and charged)',
        params: IdParams,
        response: { 201: Type.Object({ ...MessageProperties, saved_search: SavedSearch }) },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      await db.transaction(async (tx) => {
        const row = (
          await tx.query<SavedSearchRow>(
            `SELECT ${COLUMNS} FROM saved_searches s JOIN campaigns c ON c.id = s.campaign_id WHERE s.id = $1 AND s.user_id = $2 FOR UPDATE OF s`,
            [request.params.id, userId],
          )
        ).rows[0];
        if (!row) throw notFound();
        const { outcome } = await startSavedSearchRun(
          tx,
          queue,
          {
            savedSearchId: row.id,
            userId,
            campaignId: row.campaign_id,
            location: row.location,
            filters: row.filters,
            count: row.count,
            trigger: 'manual',
            scheduledFor: null,
          },
          clock.now(),
        );
        // A click that cannot search says why, as the search form does; nothing is recorded.
        if (outcome === 'no_credits')
          throw unprocessable('leadSearch.no_credits', 'count', { cost: COST_PER_RECORD[row.search_type] });
        if (outcome === 'limit_reached')
          throw unprocessable('leadSearch.limit_exceeded', 'count', { count: row.count, remaining: 0 });
        if (outcome === 'job_running') throw unprocessable('leadSearch.job_running', 'campaign_id');
        if (outcome === 'list_in_trash') throw unprocessable('leadSearch.list_in_trash', 'campaign_id');
      });
      reply.code(201);
      return { ...say(request, 'savedSearch.run_started'), saved_search: await load(userId, request.params.id) };
    },
  );

  app.get(
    '/api/saved-search-alerts',
    {
      ...guard,
      schema: {
        summary: 'The alerts that found new leads, newest first',
        querystring: PageQuery,
        response: { 200: Page(Alert, { unseen: Type.Integer() }) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { limit, offset } = pageWindow(request.query);
      const counts = (
        await db.query<{ total: number; unseen: number }>(
          `SELECT count(*)::int AS total, count(*) FILTER (WHERE NOT seen)::int AS unseen FROM saved_search_runs WHERE user_id = $1 AND trigger = 'alert' AND new_leads > 0`,
          [userId],
        )
      ).rows[0]!;
      const rows = (
        await db.query<{
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
      const data = rows.map(({ campaign_id, campaign_name, list_type, ...rest }) => ({
        ...rest,
        campaign: { id: campaign_id, name: campaign_name, list_type },
      }));
      return { ...pageOf(data, request.query, counts.total), unseen: counts.unseen };
    },
  );

  app.post(
    '/api/saved-search-alerts/seen',
    {
      ...guard,
      schema: {
        summary: 'Marks every alert as seen',
        response: { 200: Type.Object({ ...MessageProperties, updated: Type.Integer() }) },
      },
    },
    async (request) => {
      const { rowCount } = await db.query(
        `UPDATE saved_search_runs SET seen = true WHERE user_id = $1 AND trigger = 'alert' AND new_leads > 0 AND NOT seen`,
        [currentUser(request).id],
      );
      return { ...say(request, 'savedSearch.alerts_seen'), updated: rowCount };
    },
  );
}
