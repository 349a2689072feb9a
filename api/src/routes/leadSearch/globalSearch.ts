import type { FastifyInstance } from 'fastify';
import { GLOBAL_SEARCH, SEARCH_TYPES } from '@leadsmith/shared/constants';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { Nullable, PageQueryProperties, StringEnum, Type, type Static } from '../../http/contract';
import type { Queryable } from '../../db/types';

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
type GlobalSearchAnswer = Static<typeof GlobalSearchAnswer>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * The account's lists and results matching a text (case-insensitive, anywhere in the text). Results are
 * served by the trigram indexes of name, company and email (migration w3-pg32-list-search-indexes), so
 * they are searched from 3 characters on; their count stops at the cap. Never a prepared statement: a
 * generic plan of `ILIKE $2` does not use those indexes (see campaignStore.loadCampaignWith).
 */
export async function searchAccount(
  db: Queryable,
  userId: number,
  { q, page, pageSize }: GlobalSearchQuery,
): Promise<GlobalSearchAnswer> {
  const text = q.trim();
  const pattern = `%${escapeLike(text)}%`;
  const window = `LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`;
  const cap = GLOBAL_SEARCH.countCap;
  const listWhere = 'c.user_id = $1 AND c.name ILIKE $2';
  const [lists, listCount] = await Promise.all([
    db.query<Static<typeof ListHit>>(
      `SELECT c.id, c.name, c.list_type, c.archived, c.result_count FROM campaigns c WHERE ${listWhere} ORDER BY c.archived, c.id DESC ${window}`,
      [userId, pattern],
    ),
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM campaigns c WHERE ${listWhere} LIMIT ${cap + 1}) x`,
      [userId, pattern],
    ),
  ]);
  const searched = text.length >= GLOBAL_SEARCH.resultMinLength;
  const resultWhere = 'r.user_id = $1 AND (r.name ILIKE $2 OR r.company ILIKE $2 OR r.email ILIKE $2)';
  const [results, resultCount] = searched
    ? await Promise.all([
        db.query<Static<typeof ResultHit>>(
          `SELECT r.id::int AS id, r.name, r.company, r.email, r.campaign_id, c.name AS campaign_name, c.list_type
             FROM campaign_results r JOIN campaigns c ON c.id = r.campaign_id AND c.user_id = $1
            WHERE ${resultWhere} ORDER BY r.id DESC ${window}`,
          [userId, pattern],
        ),
        db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM (SELECT 1 FROM campaign_results r WHERE ${resultWhere} LIMIT ${cap + 1}) x`,
          [userId, pattern],
        ),
      ])
    : [{ rows: [] }, { rows: [{ n: 0 }] }];
  const section = <T>(rows: T[], counted: number | undefined) => {
    const n = Number(counted ?? 0);
    return { data: rows, total: Math.min(n, cap), total_capped: n > cap };
  };
  return {
    currentPage: page,
    pageSize,
    lists: section(
      lists.rows.map((l) => ({ ...l, result_count: Number(l.result_count) })),
      listCount.rows[0]?.n,
    ),
    results: section(results.rows, resultCount.rows[0]?.n),
    results_searched: searched,
  };
}

/** GET /api/global-search: the header's search over the signed-in account's lists and results. */
export function globalSearchRoutes(app: FastifyInstance, { db }: AppDeps): void {
  app.get<{ Querystring: GlobalSearchQuery }>(
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
