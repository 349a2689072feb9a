import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { AppDeps } from '../../http/context';
import {
  Message,
  MessageProperties,
  Page,
  Timestamp,
  Type,
  pageOf,
  pageWindow,
  type TSchema,
} from '../../http/contract';
import type { MessageCode } from '../../i18n/messages';
import { say } from '../../http/respond';
import { requestAccountId } from './account.routes';
import { idParamsSchema, pageQuerySchema } from './account.schemas';
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
  /** The text fields in their column order, each with its maximum length. */
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

/** One schema per text field, by its name. */
const fieldSchemas = <T extends TSchema>(names: readonly string[], schema: (name: string) => T): Record<string, T> =>
  Object.fromEntries(names.map((n) => [n, schema(n)]));

export function trainingCollectionRoutes(
  api: FastifyInstance,
  { db, clock }: AppDeps,
  auth: onRequestAsyncHookHandler,
): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  for (const spec of COLLECTIONS) {
    const names = Object.keys(spec.fields);
    const table: TrainingTable = { table: spec.table, names };
    const body = Type.Object(
      fieldSchemas(names, (n) => Type.String({ minLength: 1, maxLength: spec.fields[n], pattern: '\\S' })),
      { additionalProperties: false },
    );
    const values = (input: Record<string, string>) => names.map((n) => input[n]!.trim());
    const Item = Type.Object({
      id: Type.Integer(),
      ...fieldSchemas(names, () => Type.String()),
      created_at: Timestamp(),
      updated_at: Timestamp(),
    });
    const Saved = Type.Object({ ...MessageProperties, data: Item });

    app.get(
      spec.path,
      {
        onRequest: auth,
        schema: {
          summary: `Your ${spec.noun}s (paginated)`,
          querystring: Type.Object(pageQuerySchema, { additionalProperties: false }),
          response: { 200: Page(Item) },
        },
      },
      async (request) => {
        const accountId = await requestAccountId(db, request);
        const rows = await listTrainingRows(db, table, accountId, pageWindow(request.query));
        return pageOf(rows, request.query, await countTrainingRows(db, table, accountId));
      },
    );

    app.post(
      spec.path,
      { onRequest: auth, schema: { summary: `Add a ${spec.noun}`, body, response: { 201: Saved } } },
      async (request, reply) => {
        const accountId = await requestAccountId(db, request);
        const row = await insertTrainingRow(db, table, accountId, values(request.body), clock.now());
        reply.code(201);
        return { ...say(request, spec.messages.created), data: row };
      },
    );

    app.put(
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

    app.delete(
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
