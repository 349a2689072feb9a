import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Message, MessageProperties, Page, Timestamp, Type, pageOf, pageWindow } from '../../http/contract';
import { objectSchema } from '../../http/schemas';
import type { MessageCode } from '../../i18n/messages';
import { say } from '../../http/respond';
import { requestAccountId } from './account.routes';
import { idParamsSchema, pageQuerySchema, type PageQuery, type Paginated } from './account.schemas';
import { notFound } from './account.service';
import {
  countTrainingRows,
  deleteTrainingRow,
  insertTrainingRow,
  listTrainingRows,
  updateTrainingRow,
  type TrainingTable,
} from './trainingData.repository';

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
    const table: TrainingTable = { table: spec.table, names };
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
        const rows = await listTrainingRows(db, table, accountId, pageWindow(request.query));
        return pageOf(rows, request.query, await countTrainingRows(db, table, accountId));
      },
    );

    app.post<{ Body: Record<string, string> }>(
      spec.path,
      { onRequest: auth, schema: { summary: `Add a ${spec.noun}`, body, response: { 201: Saved } } },
      async (request, reply) => {
        const accountId = await requestAccountId(db, request);
        const row = await insertTrainingRow(db, table, accountId, values(request.body), clock.now());
        reply.code(201);
        return { ...say(request, spec.messages.created), data: row };
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
        const row = await updateTrainingRow(db, table, request.params.id, accountId, values(request.body), clock.now());
        if (!row) throw notFound();
        return { ...say(request, spec.messages.updated), data: row };
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
        if (!(await deleteTrainingRow(db, table, request.params.id, accountId))) throw notFound();
        return say(request, spec.messages.deleted);
      },
    );
  }
}
