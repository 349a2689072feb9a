import { COST_PER_RECORD } from '@leadsmith/shared/constants';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import {
  Empty,
  IdParams,
  KeyedObject,
  MessageProperties,
  Nullable,
  StringEnum,
  Type,
  type Static,
  type TSchema,
} from '../../http/contract';
import * as catalog from '../../providers/leads/catalog';
import { leadSourceStatus, SEARCH_TYPES, type LeadSourceStatus, type SearchType } from '../../providers/leads';
import { freshLeadSources } from '../../providers/leads/sourceSettings';
import { say } from '../../http/respond';
import { loadCampaign } from './campaigns.service';
import { CampaignSchema, SearchJobSchema } from './campaigns.schemas';
import { FILTERS_BY_TYPE, INFLUENCER_LASTPOSTED_MIN } from './searchFilters.schemas';
import { loadJob, startUserSearch, stopUserSearch } from './searches.service';
import { MAX_SEARCH_COUNT, StartSearchBodySchema } from './searches.schemas';

/** One value per search type (the object has every type as a key). */
const PerSearchType = <T extends TSchema>(value: T) => KeyedObject(SEARCH_TYPES, value);
/** An array the answer hands out as the catalogue holds it (readonly: the serialiser only reads it). */
const ReadonlyArray = <T extends TSchema>(item: T) => Type.Unsafe<readonly Static<T>[]>(Type.Array(item));
const Strings = () => ReadonlyArray(Type.String());

const SearchOptions = Type.Object({
  types: ReadonlyArray(StringEnum(SEARCH_TYPES)),
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

export function searchRoutes(api: FastifyInstance, { db, clock, queue }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  /** Option lists and costs of every search type, for the new-search screen. */
  app.get(
    '/api/search-options',
    {
      ...guard,
      schema: {
        summary: 'Option lists and costs of every search type (the new-search screen)',
        querystring: Empty,
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
        // Every search type is a key (Object.fromEntries cannot say so).
        providers: Object.fromEntries(SEARCH_TYPES.map((t) => [t, leadSourceStatus(t)])) as Record<
          SearchType,
          LeadSourceStatus
        >,
      };
    },
  );

  app.post(
    '/api/searches',
    {
      ...guard,
      schema: {
        summary: 'Start a search that fills a list (reserves the search limit; charged per lead found)',
        response: { 201: Type.Object({ ...MessageProperties, job: SearchJobSchema, campaign: CampaignSchema }) },
        body: StartSearchBodySchema,
      },
    },
    async (request, reply) => {
      const { id: userId } = currentUser(request);
      const jobId = await startUserSearch(db, queue, clock, userId, request.body);
      reply.code(201);
      return {
        ...say(request, 'leadSearch.search_started'),
        job: await loadJob(db, userId, jobId),
        campaign: await loadCampaign(db, userId, request.body.campaign_id!),
      };
    },
  );

  /** Stops a running search: what it found so far stays, the unused part of the reservation goes back. */
  app.post(
    '/api/searches/:id/stop',
    {
      ...guard,
      schema: {
        summary: 'Stops a running search (what it found stays, the unused reservation goes back)',
        params: IdParams,
        response: { 200: Type.Object({ ...MessageProperties, job: SearchJobSchema }) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await stopUserSearch(db, queue, userId, request.params.id);
      return { ...say(request, 'leadSearch.search_stopped'), job: await loadJob(db, userId, request.params.id) };
    },
  );

  app.get(
    '/api/searches/:id',
    {
      ...guard,
      schema: {
        summary: 'One search job',
        params: IdParams,
        response: { 200: SearchJobSchema },
      },
    },
    async (request) => loadJob(db, currentUser(request).id, request.params.id),
  );
}
