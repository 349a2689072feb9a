import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { MessageProperties, Nullable, Page, pageOf, PageQueryProperties, StringEnum, Type } from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import { isUniqueViolation } from '../../db/types';
import { say } from '../../routes/respond';
import { notFound } from '../../routes/leadSearch/campaignStore';
import { dropLabel, labelsOf, renameLabel } from './resultLabels.repository';

/** Colours a label may take (Chakra palettes; badges use the subtle variant, which keeps text contrast). */
export const LABEL_COLORS = [
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'cyan',
  'purple',
  'pink',
] as const;
/** Counts per label stop here (a bounded count on big accounts). */
export const LABEL_COUNT_CAP = 10_000;

const idParams = objectSchema({ id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, ['id']);
const labelName = { type: 'string', minLength: 1, maxLength: 40, pattern: '\\S' } as const;
const labelColor = { type: 'string', enum: LABEL_COLORS } as const;
/** `?page=&pageSize=` (the one page query) and a name search. */
const pageQuery = Type.Object(
  { ...PageQueryProperties, search: Type.Optional(Type.String({ maxLength: 40 })) },
  { additionalProperties: false },
);

interface LabelRow {
  id: number;
  name: string;
  color: (typeof LABEL_COLORS)[number];
  result_count: number;
  created_at: Date | string;
}

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

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());
const toDto = (row: LabelRow) => ({ ...row, result_count: Number(row.result_count), created_at: iso(row.created_at) });

/** Results of the account carrying the label name, counted up to the cap (index on result_labels (user_id, label)). */
const COUNT_SQL = (nameExpr: string, userExpr: string) =>
  `(SELECT count(*)::int FROM (SELECT 1 FROM result_labels k WHERE k.user_id = ${userExpr} AND k.label = ${nameExpr} LIMIT ${LABEL_COUNT_CAP}) x)`;

/**
 * Custom lead labels (route custom-labels): the account's catalogue with a colour per label.
 * Results carry label names (part 1's `/labels` bulk action applies them); renaming or deleting a
 * label here rewrites every result of the account that carries it, in one transaction.
 */
export function labelRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  async function loadLabel(userId: number, id: number): Promise<LabelRow> {
    const row = (
      await db.query<LabelRow>(
        `SELECT l.id, l.name, l.color, ${COUNT_SQL('l.name', 'l.user_id')} AS result_count, l.created_at FROM lead_labels l WHERE l.id = $1 AND l.user_id = $2`,
        [id, userId],
      )
    ).rows[0];
    if (!row) throw notFound();
    return row;
  }

  app.get<{ Querystring: { page: number; pageSize: number; search?: string } }>(
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
      const { page, pageSize: limit, search } = request.query;
      const params: (string | number)[] = [userId];
      let where = 'l.user_id = $1';
      if (search?.trim()) {
        params.push(`%${search.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
        where += ` AND l.name ILIKE $${params.length}`;
      }
      // An account's labels are few: an exact count is cheap.
      const total =
        (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM lead_labels l WHERE ${where}`, params)).rows[0]
          ?.n ?? 0;
      const rows = (
        await db.query<LabelRow>(
          `SELECT l.id, l.name, l.color, ${COUNT_SQL('l.name', 'l.user_id')} AS result_count, l.created_at FROM lead_labels l
          WHERE ${where} ORDER BY lower(l.name), l.id LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
          params,
        )
      ).rows;
      return {
        ...pageOf(rows.map(toDto), request.query, total),
        colors: [...LABEL_COLORS],
        count_cap: LABEL_COUNT_CAP,
      };
    },
  );

  app.post<{ Body: { name: string; color?: string } }>(
    '/api/custom-labels',
    {
      ...guard,
      schema: {
        summary: 'Create a custom label',
        body: objectSchema({ name: labelName, color: labelColor }, ['name']),
        response: { 201: SavedLabel },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const name = request.body.name.trim();
      try {
        const { id } = (
          await db.query<{ id: number }>(
            'INSERT INTO lead_labels (user_id, name, color) VALUES ($1, $2, $3) RETURNING id',
            [userId, name, request.body.color ?? 'blue'],
          )
        ).rows[0]!;
        reply.code(201);
        return { ...say(request, 'leadSearch.label_created', { name }), label: toDto(await loadLabel(userId, id)) };
      } catch (error) {
        if (isUniqueViolation(error)) throw unprocessable('leadSearch.label_exists', 'name');
        throw error;
      }
    },
  );

  app.put<{ Params: { id: number }; Body: { name?: string; color?: string } }>(
    '/api/custom-labels/:id',
    {
      ...guard,
      schema: {
        summary: 'Rename or recolour a custom label (the results carrying it follow)',
        params: idParams,
        body: { ...objectSchema({ name: labelName, color: labelColor }), minProperties: 1 },
        response: { 200: SavedLabel },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const name = request.body.name?.trim();
      try {
        await db.transaction(async (tx) => {
          const current = (
            await tx.query<{ name: string }>('SELECT name FROM lead_labels WHERE id = $1 AND user_id = $2 FOR UPDATE', [
              request.params.id,
              userId,
            ])
          ).rows[0];
          if (!current) throw notFound();
          await tx.query(
            'UPDATE lead_labels SET name = COALESCE($2, name), color = COALESCE($3, color), updated_at = now() WHERE id = $1',
            [request.params.id, name ?? null, request.body.color ?? null],
          );
          if (name && name !== current.name) {
            // The results carrying the old name get the new one (once, even if they already had it).
            await renameLabel(tx, userId, current.name, name);
          }
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw unprocessable('leadSearch.label_exists', 'name');
        throw error;
      }
      return { ...say(request, 'leadSearch.label_saved'), label: toDto(await loadLabel(userId, request.params.id)) };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/custom-labels/:id',
    {
      ...guard,
      schema: {
        summary: 'Delete a custom label (removed from every result)',
        params: idParams,
        response: { 200: Type.Object({ ...MessageProperties, results_updated: Type.Integer() }) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const removed = await db.transaction(async (tx) => {
        const label = (
          await tx.query<{ name: string }>('DELETE FROM lead_labels WHERE id = $1 AND user_id = $2 RETURNING name', [
            request.params.id,
            userId,
          ])
        ).rows[0];
        if (!label) throw notFound();
        return dropLabel(tx, userId, label.name);
      });
      return { ...say(request, 'leadSearch.label_deleted', { count: removed }), results_updated: removed };
    },
  );

  /** Results of every list of the account carrying the label (newest first), for "filter by label" across lists. */
  app.get<{ Params: { id: number }; Querystring: { page: number; pageSize: number } }>(
    '/api/custom-labels/:id/results',
    {
      ...guard,
      schema: {
        summary: 'Results of every list carrying the label (paginated)',
        params: idParams,
        querystring: Type.Object(PageQueryProperties, { additionalProperties: false }),
        response: { 200: LabelResultsPage },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const label = await loadLabel(userId, request.params.id);
      const { page, pageSize: limit } = request.query;
      const rows = (
        await db.query<Record<string, unknown>>(
          `SELECT r.id::int AS id, r.name, r.company, r.email, r.email_status, ${labelsOf('r')} AS labels, c.id AS campaign_id, c.name AS campaign_name, c.list_type
             FROM result_labels k JOIN campaign_results r ON r.id = k.result_id JOIN campaigns c ON c.id = r.campaign_id
            WHERE k.user_id = $1 AND k.label = $2::text
            ORDER BY k.result_id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
          [userId, label.name],
        )
      ).rows;
      const total = Number(label.result_count);
      return { ...pageOf(rows, request.query, total), total_capped: total >= LABEL_COUNT_CAP, label: toDto(label) };
    },
  );
}
