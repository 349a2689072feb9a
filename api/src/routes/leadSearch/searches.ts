import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { unprocessable, validationError, type FieldIssue } from '../../http/errors';
import { emptyObjectSchema, objectSchema } from '../../http/schemas';
import { MessageProperties, Nullable, StringEnum, Type, type TSchema } from '../../http/contract';
import * as catalog from '../../providers/leads/catalog';
import { leadSourceStatus, SEARCH_TYPES, type SearchType } from '../../providers/leads';
import { freshLeadSources } from '../../providers/leads/sourceSettings';
import { say } from '../respond';
import { loadCampaign, notFound } from '../../modules/leadSearch/campaigns.service';
import { toJobDto, JOB_COLUMNS, type JobRow } from '../../modules/leadSearch/campaigns.repository';
import { CampaignSchema, SearchJobSchema } from '../../modules/leadSearch/campaigns.schemas';
import { COST_PER_RECORD } from './credits';
import { stopJob } from './searchJobs';
import { startSearch } from './startSearch';
import { checkFilters, filtersSchema, FILTERS_BY_TYPE, INFLUENCER_LASTPOSTED_MIN } from './searchFilters';

/** Most leads one search may ask for. */
export const MAX_SEARCH_COUNT = 1000;

export interface StartSearchBody {
  type: SearchType;
  campaign_id?: number | null;
  location?: string;
  count: number;
  filters?: Record<string, unknown>;
  /** Contacts the owner already holds in another list: kept (marked duplicate) or left out. */
  duplicates?: 'keep' | 'skip';
}

/** One value per search type (the object has every type as a key). */
const PerSearchType = <T extends TSchema>(value: T) =>
  Type.Object(Object.fromEntries(SEARCH_TYPES.map((type) => [type, value])) as Record<SearchType, T>);
const Strings = () => Type.Array(Type.String());

const SearchOptions = Type.Object({
  types: Type.Array(StringEnum(SEARCH_TYPES)),
  filters_by_type: PerSearchType(Strings()),
  cost_per_record: PerSearchType(Type.Number({ description: 'Credits one result of this type costs.' })),
  max_count: Type.Integer(),
  influencer_lastposted_min: Type.Integer(),
  seniorities: Strings(),
  departments: Strings(),
  management_levels: Strings(),
  place_types: Strings(),
  technologies: Strings(),
  industries: Strings(),
  platforms: Strings(),
  account_types: Strings(),
  genders: Strings(),
  growth_intervals: Strings(),
  operators: Strings(),
  range_filters: Strings(),
  rate_filters: Strings(),
  providers: PerSearchType(
    Type.Object({
      id: Type.String(),
      demo: Type.Boolean(),
      demo_reason: Nullable(
        StringEnum(['no_source'] as const, {
          description: 'Set when the type is served by the demo generator: no real source is configured.',
        }),
      ),
    }),
  ),
});

export function searchRoutes(app: FastifyInstance, { db, clock, queue }: AppDeps): void {
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  /** Option lists and costs of every search type, for the new-search screen. */
  app.get(
    '/api/search-options',
    {
      ...guard,
      schema: {
        summary: 'Option lists and costs of every search type (the new-search screen)',
        querystring: emptyObjectSchema,
        response: { 200: SearchOptions },
      },
    },
    async () => {
      // Which source serves each type: another process may have changed them in Admin → Searchers.
      await freshLeadSources();
      return {
        types: SEARCH_TYPES,
        filters_by_type: FILTERS_BY_TYPE,
        cost_per_record: COST_PER_RECORD,
        max_count: MAX_SEARCH_COUNT,
        influencer_lastposted_min: INFLUENCER_LASTPOSTED_MIN,
        seniorities: catalog.SENIORITIES,
        departments: catalog.DEPARTMENTS,
        management_levels: catalog.MANAGEMENT_LEVELS,
        place_types: catalog.PLACE_TYPES,
        technologies: catalog.WEBSITE_TECHNOLOGIES,
        industries: catalog.COMPANY_INDUSTRIES,
        platforms: catalog.SOCIAL_PLATFORMS,
        account_types: catalog.ACCOUNT_TYPES,
        genders: catalog.GENDERS,
        growth_intervals: catalog.GROWTH_INTERVALS,
        operators: catalog.COMPARISON_OPERATORS,
        range_filters: catalog.RANGE_FILTERS,
        rate_filters: catalog.RATE_FILTERS,
        providers: Object.fromEntries(SEARCH_TYPES.map((t) => [t, leadSourceStatus(t)])),
      };
    },
  );

  app.post<{ Body: StartSearchBody }>(
    '/api/searches',
    {
      ...guard,
      schema: {
        summary: 'Start a search that fills a list (reserves the search limit; charged per lead found)',
        response: { 201: Type.Object({ ...MessageProperties, job: SearchJobSchema, campaign: CampaignSchema }) },
        body: objectSchema(
          {
            type: { type: 'string', enum: SEARCH_TYPES },
            campaign_id: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 },
            location: { type: 'string', maxLength: 200 },
            count: { type: 'integer', minimum: 1, maximum: MAX_SEARCH_COUNT },
            filters: filtersSchema,
            // Contacts the owner already holds in another list (issue 29): kept (marked duplicate, never charged twice) or skipped.
            duplicates: { type: 'string', enum: ['keep', 'skip'], default: 'keep' },
          },
          ['type', 'count'],
        ),
      },
    },
    async (request, reply) => {
      const { id: userId } = currentUser(request);
      const body = request.body;
      // Spec §5: location and list must be chosen before continuing.
      const missing: FieldIssue[] = [];
      if (!body.location?.trim()) missing.push({ field: 'location', code: 'leadSearch.location_and_list' });
      if (!body.campaign_id) missing.push({ field: 'campaign_id', code: 'leadSearch.location_and_list' });
      if (missing.length) throw validationError(...missing);
      const filters = checkFilters(body.type, body.filters ?? {});
      const location = body.location!.trim();
      await freshLeadSources();

      const jobId = await db.transaction(async (tx) => {
        const campaign = await loadCampaign(tx, userId, body.campaign_id!, { forUpdate: true });
        if (campaign.list_type !== body.type) {
          throw unprocessable('leadSearch.list_type_mismatch', 'campaign_id', {
            listType: campaign.list_type,
            searchType: body.type,
          });
        }
        const started = await startSearch(
          tx,
          queue,
          {
            userId,
            campaign,
            location,
            filters,
            count: { exactly: body.count },
            skipKnown: body.duplicates === 'skip',
          },
          clock.now(),
        );
        if ('jobId' in started) return started.jobId;
        if (started.refused === 'job_running') throw unprocessable('leadSearch.job_running', 'campaign_id');
        if (started.refused === 'no_credits')
          throw unprocessable('leadSearch.no_credits', 'count', { cost: started.cost });
        throw unprocessable('leadSearch.limit_exceeded', 'count', { count: body.count, remaining: started.remaining });
      });
      reply.code(201);
      return {
        ...say(request, 'leadSearch.search_started'),
        job: await loadJob(userId, jobId),
        campaign: await loadCampaign(db, userId, body.campaign_id!),
      };
    },
  );

  async function loadJob(userId: number, id: number) {
    const row = (
      await db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM search_jobs WHERE id = $1 AND user_id = $2`, [id, userId])
    ).rows[0];
    if (!row) throw notFound();
    return toJobDto(row);
  }

  /** Stops a running search: what it found so far stays, the unused part of the reservation goes back. */
  app.post<{ Params: { id: number } }>(
    '/api/searches/:id/stop',
    {
      ...guard,
      schema: {
        summary: 'Stops a running search (what it found stays, the unused reservation goes back)',
        params: objectSchema({ id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, ['id']),
        response: { 200: Type.Object({ ...MessageProperties, job: SearchJobSchema }) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await db.transaction(async (tx) => {
        const job = (
          await tx.query<{ id: number; status: string }>(
            'SELECT id, status FROM search_jobs WHERE id = $1 AND user_id = $2 FOR UPDATE',
            [request.params.id, userId],
          )
        ).rows[0];
        if (!job) throw notFound();
        if (job.status === 'running') await stopJob(tx, queue, job.id);
      });
      return { ...say(request, 'leadSearch.search_stopped'), job: await loadJob(userId, request.params.id) };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/searches/:id',
    {
      ...guard,
      schema: {
        summary: 'One search job',
        params: objectSchema({ id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, ['id']),
        response: { 200: SearchJobSchema },
      },
    },
    async (request) => loadJob(currentUser(request).id, request.params.id),
  );
}
