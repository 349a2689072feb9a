import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { COLUMN_WIDTH, RESULT_COLUMN_KEYS } from '@leadsmith/shared/constants';
import { isUniqueViolation } from '../../db/types';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { IdParams, LiteralUnion, Message, MessageProperties, Timestamp, Type } from '../../http/contract';
import { ApiError } from '../../http/errors';
import { SEARCH_TYPES } from '../../providers/leads';
import { say } from '../../http/respond';
import { accountIdOf } from '../settings/account.repository';
import { resultFiltersSchema } from './resultQuery.repository';
import { deleteView, findView, insertView, updateView, viewsOf, type ViewFilters } from './listViews.repository';

/** A view keeps the list filters without paging and without defaults (only what the user chose). */
const {
  limit: _limit,
  page: _page,
  after: _after,
  before: _before,
  include_suppressed: _inc,
  ...filterProperties
} = resultFiltersSchema.properties;
void [_limit, _page, _after, _before, _inc];
const withoutDefault = <T extends object>(schema: T) =>
  Object.fromEntries(Object.entries(schema).filter(([k]) => k !== 'default')) as T;
const viewFiltersSchema = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(Object.entries(filterProperties).map(([k, v]) => [k, withoutDefault(v)])),
} as const;

const ViewFiltersSchema = Type.Unsafe<ViewFilters>(viewFiltersSchema);

const ColumnSchema = Type.Object(
  {
    key: LiteralUnion(RESULT_COLUMN_KEYS),
    width: Type.Optional(Type.Integer({ minimum: COLUMN_WIDTH.min, maximum: COLUMN_WIDTH.max })),
  },
  { additionalProperties: false },
);
const Columns = Type.Array(ColumnSchema, { minItems: 0, maxItems: RESULT_COLUMN_KEYS.length, uniqueItems: true });
const ListTypeSchema = LiteralUnion(SEARCH_TYPES);
const ViewName = Type.String({ minLength: 1, maxLength: 80, pattern: '\\S' });

const ListViewSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  list_type: ListTypeSchema,
  columns: Columns,
  filters: ViewFiltersSchema,
  created_at: Timestamp(),
  updated_at: Timestamp(),
});

const CreateBody = Type.Object(
  { name: ViewName, list_type: ListTypeSchema, columns: Columns, filters: Type.Optional(ViewFiltersSchema) },
  { additionalProperties: false },
);
const ChangeBody = Type.Object(
  { name: Type.Optional(ViewName), columns: Type.Optional(Columns), filters: Type.Optional(ViewFiltersSchema) },
  { additionalProperties: false },
);
const SavedView = Type.Object({ ...MessageProperties, view: ListViewSchema });

/** A column listed twice is refused by name (uniqueItems compares whole items, so two widths would pass it). */
function checkColumns(columns: readonly { key: string }[] | undefined): void {
  if (!columns) return;
  const keys = columns.map((c) => c.key);
  if (new Set(keys).size !== keys.length)
    throw new ApiError(400, 'validation_failed', { issues: [{ field: 'columns', code: 'validation.invalid' }] });
}

const nameTaken = () => new ApiError(409, 'leadSearch.view_name_taken', { field: 'name' });

const notFound = () => new ApiError(404, 'not_found');

/**
 * Saved views of a list's results table (issue 29 item 7): per account, so a team shares them; the view itself also
 * travels in the list page's URL (columns and filters), so a link shows the same table to whoever opens it.
 */
export function listViewRoutes(api: FastifyInstance, { db }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };
  const account = (request: Parameters<typeof currentUser>[0]) => accountIdOf(db, currentUser(request).id);

  app.get(
    '/api/list-views',
    {
      ...guard,
      schema: {
        summary: "The account's saved views of one list type, by name",
        querystring: Type.Object({ list_type: ListTypeSchema }, { additionalProperties: false }),
        response: { 200: Type.Object({ data: Type.Array(ListViewSchema) }) },
      },
    },
    async (request) => {
      return { data: await viewsOf(db, await account(request), request.query.list_type) };
    },
  );

  app.post(
    '/api/list-views',
    {
      ...guard,
      schema: {
        summary: 'Save a named view (columns and filters) of a list type',
        body: CreateBody,
        response: { 201: SavedView },
      },
    },
    async (request, reply) => {
      const { name, list_type, columns, filters } = request.body;
      checkColumns(columns);
      try {
        const view = await insertView(db, await account(request), {
          list_type,
          name: name.trim(),
          columns,
          filters: filters ?? {},
          createdBy: currentUser(request).id,
        });
        reply.code(201);
        return { ...say(request, 'leadSearch.view_saved'), view };
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    },
  );

  app.put(
    '/api/list-views/:id',
    {
      ...guard,
      schema: {
        summary: 'Rename a saved view or change its columns or filters',
        params: IdParams,
        body: ChangeBody,
        response: { 200: SavedView },
      },
    },
    async (request) => {
      const accountId = await account(request);
      const { name, columns, filters } = request.body;
      checkColumns(columns);
      if (!(await findView(db, accountId, request.params.id))) throw notFound();
      try {
        const view = await updateView(db, accountId, request.params.id, {
          name: name?.trim() ?? null,
          columns,
          filters,
        });
        return { ...say(request, 'leadSearch.view_saved'), view: view! };
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    },
  );

  app.delete(
    '/api/list-views/:id',
    { ...guard, schema: { summary: 'Delete a saved view', params: IdParams, response: { 200: Message } } },
    async (request) => {
      if (!(await deleteView(db, await account(request), request.params.id))) throw notFound();
      return say(request, 'leadSearch.view_deleted');
    },
  );
}
