import { randomUUID } from 'node:crypto';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { AppDeps } from '../../http/context';
import { unprocessable } from '../../http/errors';
import { Message, MessageProperties, Page, StringEnum, Timestamp, Type } from '../../http/contract';
import { objectSchema } from '../../http/schemas';
import { say } from '../../routes/respond';
import { s3ObjectStore } from '../../storage/objectStore';
import {
  idParamsSchema,
  notFound,
  pageQuerySchema,
  requestAccountId,
  type PageQuery,
  type Paginated,
} from './account.schemas';

/**
 * Per-use limit of a training file (spec §5 'Maximum allowed file size is {n}mb'). The content is kept in the
 * database, or in object storage when configured (S3_BUCKET: api/src/storage).
 */
export const TRAINING_FILE_MAX_MB = 2;
const MAX_BYTES = TRAINING_FILE_MAX_MB * 1024 * 1024;
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

interface FileRow {
  id: number;
  name: string;
  mime_type: string;
  size_bytes: number;
  created_at: string;
  updated_at: string;
}

const COLUMNS = 'id, name, mime_type, size_bytes, created_at, updated_at';
const FileItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  mime_type: Type.String(),
  size_bytes: Type.Integer(),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});
const SavedFile = Type.Object({ ...MessageProperties, data: FileItem });
const nameSchema = { type: 'string', minLength: 1, maxLength: 255, pattern: '\\S' } as const;

export function trainingFileRoutes(
  app: FastifyInstance,
  { db, clock, config }: AppDeps,
  auth: onRequestAsyncHookHandler,
): void {
  const store = config.objectStorage ? s3ObjectStore(config.objectStorage) : null;
  if (store) app.addHook('onClose', async () => store.close());

  app.get<{ Querystring: PageQuery }>(
    '/api/business-details/training-files',
    {
      onRequest: auth,
      schema: {
        summary: 'Your training files (paginated), with the size limit and the accepted types',
        querystring: objectSchema(pageQuerySchema),
        response: {
          200: Page(FileItem, {
            max_file_mb: Type.Number(),
            accepted_types: Type.Array(StringEnum(TRAINING_FILE_TYPES)),
          }),
        },
      },
    },
    async (request): Promise<Paginated<FileRow> & { max_file_mb: number; accepted_types: readonly string[] }> => {
      const accountId = await requestAccountId(db, request);
      const { page, pageSize } = request.query;
      const { rows } = await db.query<FileRow>(
        `SELECT ${COLUMNS} FROM settings_training_files WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
        [accountId, pageSize, (page - 1) * pageSize],
      );
      const count = await db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM settings_training_files WHERE user_id = $1',
        [accountId],
      );
      return {
        data: rows,
        currentPage: page,
        pageSize,
        total: count.rows[0]?.total ?? 0,
        max_file_mb: TRAINING_FILE_MAX_MB,
        accepted_types: TRAINING_FILE_TYPES,
      };
    },
  );

  app.post<{ Body: { name: string; mime_type: string; content_base64: string } }>(
    '/api/business-details/training-files',
    {
      onRequest: auth,
      bodyLimit: BASE64_MAX_CHARS + 64 * 1024,
      schema: {
        summary: 'Upload a training file (base64 content)',
        response: { 201: SavedFile },
        body: objectSchema(
          {
            name: nameSchema,
            mime_type: { type: 'string', enum: TRAINING_FILE_TYPES },
            content_base64: {
              type: 'string',
              maxLength: BASE64_MAX_CHARS,
              pattern: '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$',
            },
          },
          ['name', 'mime_type', 'content_base64'],
        ),
      },
    },
    async (request, reply) => {
      const accountId = await requestAccountId(db, request);
      const content = Buffer.from(request.body.content_base64, 'base64');
      if (content.length > MAX_BYTES)
        throw unprocessable('settings.file_too_large', 'file', { n: TRAINING_FILE_MAX_MB });
      if (!store) {
        const { rows } = await db.query<FileRow>(
          `INSERT INTO settings_training_files (user_id, name, mime_type, size_bytes, content, created_at, updated_at)
           VALUES ($1, $2, $3, $4, decode($5, 'base64'), $6, $6) RETURNING ${COLUMNS}`,
          [
            accountId,
            request.body.name.trim(),
            request.body.mime_type,
            content.length,
            request.body.content_base64,
            clock.now(),
          ],
        );
        reply.code(201);
        return { ...say(request, 'settings.file_created'), data: rows[0] };
      }
      // Object storage: the object first (no transaction open during the upload), then its row; an object
      // whose row could not be written is removed again.
      const key = `training-files/${accountId}/${randomUUID()}`;
      await store.put(key, content, request.body.mime_type);
      let rows: FileRow[];
      try {
        ({ rows } = await db.query<FileRow>(
          `INSERT INTO settings_training_files (user_id, name, mime_type, size_bytes, storage_key, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING ${COLUMNS}`,
          [accountId, request.body.name.trim(), request.body.mime_type, content.length, key, clock.now()],
        ));
      } catch (error) {
        await store.delete(key).catch(() => undefined);
        throw error;
      }
      reply.code(201);
      return { ...say(request, 'settings.file_created'), data: rows[0] };
    },
  );

  app.put<{ Body: { name: string }; Params: { id: number } }>(
    '/api/business-details/training-files/:id',
    {
      onRequest: auth,
      schema: {
        summary: 'Rename a training file',
        params: idParamsSchema,
        body: objectSchema({ name: nameSchema }, ['name']),
        response: { 200: SavedFile },
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const { rows } = await db.query<FileRow>(
        `UPDATE settings_training_files SET name = $3, updated_at = $4 WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
        [request.params.id, accountId, request.body.name.trim(), clock.now()],
      );
      if (!rows[0]) throw notFound();
      return { ...say(request, 'settings.file_updated'), data: rows[0] };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/business-details/training-files/:id',
    {
      onRequest: auth,
      schema: { summary: 'Delete a training file', params: idParamsSchema, response: { 200: Message } },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const { rows, rowCount } = await db.query<{ storage_key: string | null }>(
        'DELETE FROM settings_training_files WHERE id = $1 AND user_id = $2 RETURNING storage_key',
        [request.params.id, accountId],
      );
      if (rowCount === 0) throw notFound();
      const key = rows[0]?.storage_key;
      if (key && store) {
        // The row is gone; an object left behind by a failed delete is only storage, never shown.
        await store
          .delete(key)
          .catch((error: unknown) => request.log.warn({ err: error, key }, 'training file object not deleted'));
      }
      return say(request, 'settings.file_deleted');
    },
  );
}
