import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Message, MessageProperties, Page, StringEnum, Timestamp, Type, pageOf, pageWindow } from '../../http/contract';
import { say } from '../../http/respond';
import { s3ObjectStore } from '../../storage/objectStore';
import { requestAccountId } from './account.routes';
import { idParamsSchema, pageQuerySchema } from './account.schemas';
import { notFound } from './account.service';
import { countTrainingFiles, listTrainingFiles, renameTrainingFile } from './trainingFiles.repository';
import { MAX_BYTES, removeTrainingFile, TRAINING_FILE_MAX_MB, uploadTrainingFile } from './trainingFiles.service';

/** Base64 of twice the limit still parses, so an oversized file gets the spec's message rather than a generic 413. */
const BASE64_MAX_CHARS = Math.ceil((2 * MAX_BYTES) / 3) * 4;

export const TRAINING_FILE_TYPES = [
  'text/plain',
  'text/csv',
  'text/markdown',
  'application/json',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;

const FileItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  mime_type: Type.String(),
  size_bytes: Type.Integer(),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});
const SavedFile = Type.Object({ ...MessageProperties, data: FileItem });
const nameSchema = Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' });

export function trainingFileRoutes(
  api: FastifyInstance,
  { db, clock, config }: AppDeps,
  auth: onRequestAsyncHookHandler,
): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const store = config.objectStorage ? s3ObjectStore(config.objectStorage) : null;
  if (store) app.addHook('onClose', async () => store.close());

  app.get(
    '/api/business-details/training-files',
    {
      onRequest: auth,
      schema: {
        summary: 'Your training files (paginated), with the size limit and the accepted types',
        querystring: Type.Object(pageQuerySchema, { additionalProperties: false }),
        response: {
          200: Page(FileItem, {
            max_file_mb: Type.Number(),
            accepted_types: Type.Array(StringEnum(TRAINING_FILE_TYPES)),
          }),
        },
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const rows = await listTrainingFiles(db, accountId, pageWindow(request.query));
      return {
        ...pageOf(rows, request.query, await countTrainingFiles(db, accountId)),
        max_file_mb: TRAINING_FILE_MAX_MB,
        accepted_types: [...TRAINING_FILE_TYPES],
      };
    },
  );

  app.post(
    '/api/business-details/training-files',
    {
      onRequest: auth,
      bodyLimit: BASE64_MAX_CHARS + 64 * 1024,
      schema: {
        summary: 'Upload a training file (base64 content)',
        response: { 201: SavedFile },
        body: Type.Object(
          {
            name: nameSchema,
            mime_type: StringEnum(TRAINING_FILE_TYPES),
            content_base64: Type.String({
              maxLength: BASE64_MAX_CHARS,
              pattern: '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$',
            }),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const accountId = await requestAccountId(db, request);
      const row = await uploadTrainingFile({ db, clock, store }, accountId, request.body);
      reply.code(201);
      return { ...say(request, 'settings.file_created'), data: row };
    },
  );

  app.put(
    '/api/business-details/training-files/:id',
    {
      onRequest: auth,
      schema: {
        summary: 'Rename a training file',
        params: idParamsSchema,
        body: Type.Object({ name: nameSchema }, { additionalProperties: false }),
        response: { 200: SavedFile },
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const row = await renameTrainingFile(db, request.params.id, accountId, request.body.name.trim(), clock.now());
      if (!row) throw notFound();
      return { ...say(request, 'settings.file_updated'), data: row };
    },
  );

  app.delete(
    '/api/business-details/training-files/:id',
    {
      onRequest: auth,
      schema: { summary: 'Delete a training file', params: idParamsSchema, response: { 200: Message } },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      await removeTrainingFile({ db, store }, accountId, request.params.id, (error, key) =>
        request.log.warn({ err: error, key }, 'training file object not deleted'),
      );
      return say(request, 'settings.file_deleted');
    },
  );
}
