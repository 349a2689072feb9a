import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import {
  IdParams,
  MessageProperties,
  Nullable,
  Page,
  pageOf,
  PageQueryProperties,
  pageWindow,
  StringEnum,
  Type,
  isoString,
} from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { isUniqueViolation } from '../../db/types';
import { say } from '../../http/respond';
import {
  insertLabel,
  LABEL_COLORS,
  LABEL_COUNT_CAP,
  labelledResults,
  labelPage,
  type LabelRow,
} from './labels.repository';
import { editLabel, loadLabel, removeLabel } from './labels.service';

const LabelName = Type.String({ minLength: 1, maxLength: 40, pattern: '\\S' });
const LabelColor = StringEnum(LABEL_COLORS);
/** `?page=&pageSize=` (the one page query) and a name search. */
const pageQuery = Type.Object(
  { ...PageQueryProperties, search: Type.Optional(Type.String({ maxLength: 40 })) },
  { additionalProperties: false },
);

const LabelSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  color: StringEnum(LABEL_COLORS),
  /** Results of the account carrying the label, counted up to `count_cap`. */
  result_count: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
});
const LabelsPage = Page(LabelSchema, { colors: Type.Array(StringEnum(LABEL_COLORS)), count_cap: Type.Integer() });
const SavedLabel = Type.Object({ ...MessageProperties, label: LabelSchema });
const LabelledResult = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  company: Nullable(Type.String()),
  email: Nullable(Type.String()),
  email_status: Type.String(),
  labels: Type.Array(Type.String()),
  campaign_id: Type.Integer(),
  campaign_name: Type.String(),
  list_type: Type.String(),
});
const LabelResultsPage = Page(LabelledResult, { total_capped: Type.Boolean(), label: LabelSchema });

const toDto = (row: LabelRow) => ({
  ...row,
  result_count: Number(row.result_count),
  created_at: isoString(row.created_at),
});

/**
 * Custom lead labels (route custom-labels): the account's catalogue with a colour per label.
 * Results carry label names (part 1's `/labels` bulk action applies them); renaming or deleting a
 * label here rewrites every result of the account that carries it, in one transaction.
 */
export function labelRoutes(api: FastifyInstance, { db }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  app.get(
    '/api/custom-labels',
    {
      ...guard,
      schema: {
        summary: 'Your custom labels, with how many results carry each (paginated)',
        querystring: pageQuery,
        response: { 200: LabelsPage },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { rows, total } = await labelPage(db, userId, {
        ...pageWindow(request.query),
        search: request.query.search,
      });
      return {
        ...pageOf(rows.map(toDto), request.query, total),
        colors: [...LABEL_COLORS],
        count_cap: LABEL_COUNT_CAP,
      };
    },
  );

  app.post(
    '/api/custom-labels',
    {
      ...guard,
      schema: {
        summary: 'Create a custom label',
        body: Type.Object({ name: LabelName, color: Type.Optional(LabelColor) }, { additionalProperties: false }),
        response: { 201: SavedLabel },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const name = request.body.name.trim();
      try {
        const id = await insertLabel(db, userId, name, request.body.color ?? 'blue');
        reply.code(201);
        return { ...say(request, 'leadSearch.label_created', { name }), label: toDto(await loadLabel(db, userId, id)) };
      } catch (error) {
        if (isUniqueViolation(error)) throw unprocessable('leadSearch.label_exists', 'name');
        throw error;
      }
    },
  );

  app.put(
    '/api/custom-labels/:id',
    {
      ...guard,
      schema: {
        summary: 'Rename or recolour a custom label (the results carrying it follow)',
        params: IdParams,
        body: Type.Object(
          { name: Type.Optional(LabelName), color: Type.Optional(LabelColor) },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: { 200: SavedLabel },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const name = request.body.name?.trim();
      try {
        await editLabel(db, userId, request.params.id, { name, color: request.body.color });
      } catch (error) {
        if (isUniqueViolation(error)) throw unprocessable('leadSearch.label_exists', 'name');
        throw error;
      }
      return {
        ...say(request, 'leadSearch.label_saved'),
        label: toDto(await loadLabel(db, userId, request.params.id)),
      };
    },
  );

  app.delete(
    '/api/custom-labels/:id',
    {
      ...guard,
      schema: {
        summary: 'Delete a custom label (removed from every result)',
        params: IdParams,
        response: { 200: Type.Object({ ...MessageProperties, results_updated: Type.Integer() }) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const removed = await removeLabel(db, userId, request.params.id);
      return { ...say(request, 'leadSearch.label_deleted', { count: removed }), results_updated: removed };
    },
  );

  /** Results of every list of the account carrying the label (newest first), for "filter by label" across lists. */
  app.get(
    '/api/custom-labels/:id/results',
    {
      ...guard,
      schema: {
        summary: 'Results of every list carrying the label (paginated)',
        params: IdParams,
        querystring: Type.Object(PageQueryProperties, { additionalProperties: false }),
        response: { 200: LabelResultsPage },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const label = await loadLabel(db, userId, request.params.id);
      const rows = await labelledResults(db, userId, label.name, pageWindow(request.query));
      const total = Number(label.result_count);
      return { ...pageOf(rows, request.query, total), total_capped: total >= LABEL_COUNT_CAP, label: toDto(label) };
    },
  );
}
