import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { GLOBAL_SEARCH, SEARCH_TYPES } from '@leadsmith/shared/constants';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { Nullable, PageQueryProperties, StringEnum, Type, type Static } from '../../http/contract';
import { searchAccount } from './globalSearch.service';

const GlobalSearchQuery = Type.Object(
  {
    q: Type.String({
      minLength: GLOBAL_SEARCH.minLength,
      maxLength: GLOBAL_SEARCH.maxLength,
      pattern: '\\S',
      description: 'Text found in a list name, or a result’s name, company or email',
    }),
    page: PageQueryProperties.page,
    pageSize: Type.Integer({ minimum: 1, maximum: 20, default: GLOBAL_SEARCH.pageSize }),
  },
  { additionalProperties: false },
);
type GlobalSearchQuery = Static<typeof GlobalSearchQuery>;

const ListHit = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  list_type: StringEnum(SEARCH_TYPES),
  archived: Type.Boolean(),
  result_count: Type.Integer(),
});
const ResultHit = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  company: Nullable(Type.String()),
  email: Nullable(Type.String()),
  campaign_id: Type.Integer(),
  campaign_name: Type.String(),
  list_type: StringEnum(SEARCH_TYPES),
});
const Section = <T extends typeof ListHit | typeof ResultHit>(hit: T) =>
  Type.Object({
    data: Type.Array(hit),
    /** Matches counted up to GLOBAL_SEARCH.countCap. */
    total: Type.Integer(),
    total_capped: Type.Boolean(),
  });
const GlobalSearchAnswer = Type.Object({
  currentPage: Type.Integer(),
  pageSize: Type.Integer(),
  lists: Section(ListHit),
  /** Empty below GLOBAL_SEARCH.resultMinLength characters (`results_searched` false). */
  results: Section(ResultHit),
  results_searched: Type.Boolean(),
});

/** GET /api/global-search: the header's search over the signed-in account's lists and results. */
export function globalSearchRoutes(api: FastifyInstance, { db }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/global-search',
    {
      onRequest: [app.requireAuth, app.requireModule('leads')],
      schema: {
        summary: 'Search your lists by name and your results by name, company or email (paginated per section)',
        querystring: GlobalSearchQuery,
        response: { 200: GlobalSearchAnswer },
      },
    },
    async (request) => searchAccount(db, currentUser(request).id, request.query),
  );
}
