import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Message, MessageProperties, Page, Timestamp, Type } from '../../http/contract';
import { objectSchema } from '../../http/schemas';
import type { MessageCode } from '../../i18n/messages';
import { say } from '../../routes/respond';
import {
  idParamsSchema,
  notFound,
  pageQuerySchema,
  requestAccountId,
  type PageQuery,
  type Paginated,
} from './account.schemas';

/**
 * Texts and Q&A of the business profile's training data: the same paginated
 * CRUD on two tables. Each row belongs to an account; every read and write
 * filters on it, so another account's id is a 404.
 */
interface CollectionSpec {
  path: string;
  /** The OpenAPI summaries' noun. */
  noun: string;
  table: 'settings_training_texts' | 'settings_training_qa';
  fields: Record<string, number>;
  messages: { created: MessageCode; updated: MessageCode; deleted: MessageCode };
}

const COLLECTIONS: CollectionSpec[] = [
  {
    path: '/api/business-details/training-texts',
    noun: 'training text',
    table: 'settings_training_texts',
    fields: { title: 200, content: 20000 },
    messages: { created: 'settings.text_created', updated: 'settings.text_updated', deleted: 'settings.text_deleted' },
  },
  {
    path: '/api/business-details/training-qa',
    noun: 'question and answer',
    table: 'settings_training_qa',
    fields: { question: 1000, answer: 10000 },
    messages: { created: 'settings.qa_created', updated: 'settings.qa_updated', deleted: 'settings.qa_deleted' },
  },
];

export function trainingCollectionRoutes(
  app: FastifyInstance,
  { db, clock }: AppDeps,
  auth: onRequestAsyncHookHandler,
): void {
  for (const spec of COLLECTIONS) {
    const names = Object.keys(spec.fields);
    const columns = `id, ${names.join(', ')}, created_at, updated_at`;
    const body = objectSchema(
      Object.fromEntries(
        names.map((n) => [n, { type: 'string', minLength: 1, maxLength: spec.fields[n], pattern: '\\S' }]),
      ),
      names,
    );
    const values = (input: Record<string, string>) => names.map((n) => input[n]!.trim());
    const Item = Type.Object({
      id: Type.Integer(),
      ...Object.fromEntries(names.map((n) => [n, Type.String()])),
      created_at: Timestamp(),
      updated_at: Timestamp(),
    });
    const Saved = Type.Object({ ...MessageProperties, data: Item });

    app.get<{ Querystring: PageQuery }>(
      spec.path,
      {
        onRequest: auth,
        schema: {
          summary: `Your ${spec.noun}s (paginated)`,
          querystring: objectSchema(pageQuerySchema),
          response: { 200: Page(Item) },
        },
      },
      async (request): Promise<Paginated<Record<string, unknown>>> => {
        const accountId = await requestAccountId(db, request);
        const { page, pageSize } = request.query;
        const [{ rows }, count] = [
          await db.query(
            `SELECT ${columns} FROM ${spec.table} WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
            [accountId, pageSize, (page - 1) * pageSize],
          ),
          await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${spec.table} WHERE user_id = $1`, [
            accountId,
          ]),
        ];
        return { data: rows, currentPage: page, pageSize, total: count.rows[0]?.total ?? 0 };
      },
    );

    app.post<{ Body: Record<string, string> }>(
      spec.path,
      { onRequest: auth, schema: { summary: `Add a ${spec.noun}`, body, response: { 201: Saved } } },
      async (request, reply) => {
        const accountId = await requestAccountId(db, request);
        const placeholders = names.map((_, i) => `$${i + 2}`).join(', ');
        const { rows } = await db.query(
          `INSERT INTO ${spec.table} (user_id, ${names.join(', ')}, created_at, updated_at) VALUES ($1, ${placeholders}, $${names.length + 2}, $${names.length + 2}) RETURNING ${columns}`,
          [accountId, ...values(request.body), clock.now()],
        );
        reply.code(201);
        return { ...say(request, spec.messages.created), data: rows[0] };
      },
    );

    app.put<{ Body: Record<string, string>; Params: { id: number } }>(
      `${spec.path}/:id`,
      {
        onRequest: auth,
        schema: { summary: `Change a ${spec.noun}`, params: idParamsSchema, body, response: { 200: Saved } },
      },
      async (request) => {
        const accountId = await requestAccountId(db, request);
        const sets = names.map((n, i) => `${n} = $${i + 3}`).join(', ');
        const { rows } = await db.query(
          `UPDATE ${spec.table} SET ${sets}, updated_at = $${names.length + 3} WHERE id = $1 AND user_id = $2 RETURNING ${columns}`,
          [request.params.id, accountId, ...values(request.body), clock.now()],
        );
        if (!rows[0]) throw notFound();
        return { ...say(request, spec.messages.updated), data: rows[0] };
      },
    );

    app.delete<{ Params: { id: number } }>(
      `${spec.path}/:id`,
      {
        onRequest: auth,
        schema: { summary: `Delete a ${spec.noun}`, params: idParamsSchema, response: { 200: Message } },
      },
      async (request) => {
        const accountId = await requestAccountId(db, request);
        const { rowCount } = await db.query(`DELETE FROM ${spec.table} WHERE id = $1 AND user_id = $2`, [
          request.params.id,
          accountId,
        ]);
        if (rowCount === 0) throw notFound();
        return say(request, spec.messages.deleted);
      },
    );
  }
}
