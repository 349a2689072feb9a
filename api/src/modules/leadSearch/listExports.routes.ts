import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import {
  IdParams,
  MessageProperties,
  Nullable,
  Page,
  PageQueryProperties,
  pageOf,
  pageWindow,
  StringEnum,
  Timestamp,
  Type,
} from '../../http/contract';
import { s3ObjectStore } from '../../storage/objectStore';
import type { Language } from '../../i18n/messages';
import { say } from '../../http/respond';
import { ResultFiltersBody } from './results.schemas';
import { downloadLink, EXPORT_RETENTION_DAYS, expiredAt, exportFile, linkValid } from './listExportJob.service';
import { exportById, exportPage, type ExportRow } from './listExports.repository';
import { loadExport, removeExport, startExport } from './listExports.service';

/**
 * Above this many rows the list screen prepares the file in the background instead of downloading it at
 * once (a direct download of a million rows keeps a browser tab waiting for minutes).
 */
export const EXPORT_DIRECT_MAX_ROWS = 10_000;

const ListExport = Type.Object({
  id: Type.Integer(),
  campaign_id: Type.Integer(),
  file_name: Type.String(),
  status: StringEnum(['running', 'done', 'failed', 'expired'] as const, {
    description: 'expired: the file was kept EXPORT_RETENTION_DAYS after it was done, then removed.',
  }),
  total: Nullable(Type.Integer({ description: 'Rows matching the filters (null until the job has counted them).' })),
  rows_written: Type.Integer(),
  bytes: Type.Integer({ description: 'Size of the file written so far, in bytes.' }),
  error: Nullable(Type.String()),
  created_at: Timestamp(),
  finished_at: Nullable(Timestamp()),
  // Until when the file can be downloaded (a done or expired export).
  expires_at: Nullable(Timestamp()),
});

/** An export past its expiry reads as expired even before the hourly purge has removed its file. */
const toDto = (row: ExportRow, now: Date) => ({
  id: row.id,
  campaign_id: row.campaign_id,
  file_name: row.file_name,
  status: row.status === 'done' && expiredAt(row, now) ? ('expired' as const) : row.status,
  total: row.total,
  rows_written: row.rows_written,
  bytes: Number(row.bytes),
  error: row.error,
  created_at: row.created_at,
  finished_at: row.finished_at,
  expires_at: row.expires_at,
});

/**
 * Background CSV exports of a list (issue 32, ADR 028): the request records the export and queues its
 * job in one transaction; the `list-export` job writes the file in chunks (listExportJob.service.ts) with its
 * progress on the row; the finished file is fetched through a signed link a plain anchor can follow.
 */
export function listExportRoutes(api: FastifyInstance, { db, clock, queue, config }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };
  const store = config.objectStorage ? s3ObjectStore(config.objectStorage) : null;
  if (store) app.addHook('onClose', async () => store.close());

  /** 410 naming the day the file expired, in the asker's language, when the export's file is gone or past its expiry. */
  function refuseExpired(row: ExportRow, lang: Language): void {
    const at = expiredAt(row, clock.now());
    if (!at) return;
    const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(at);
    throw new ApiError(410, 'listExport.expired', {
      params: { date, days: EXPORT_RETENTION_DAYS },
      extra: { expired_at: at.toISOString() },
    });
  }

  app.post(
    '/api/list-exports',
    {
      ...guard,
      schema: {
        summary: 'Starts a background CSV export of a list (the rows matching the list filters of spec §3)',
        body: Type.Object(
          {
            campaign_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
            filters: Type.Optional(ResultFiltersBody),
          },
          { additionalProperties: false },
        ),
        response: { 202: Type.Object({ ...MessageProperties, export: ListExport }) },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const id = await startExport(db, queue, userId, request.body.campaign_id, request.body.filters, clock.now());
      reply.code(202);
      return { ...say(request, 'listExport.started'), export: toDto(await loadExport(db, userId, id), clock.now()) };
    },
  );

  app.get(
    '/api/list-exports',
    {
      ...guard,
      schema: {
        summary: "The account's exports, newest first (optionally of one list)",
        querystring: Type.Object(
          { ...PageQueryProperties, campaign_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })) },
          { additionalProperties: false },
        ),
        response: {
          200: Page(ListExport, {
            direct_max_rows: Type.Integer({
              description: 'Above this many rows the screens export in the background.',
            }),
          }),
        },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { rows, total } = await exportPage(
        db,
        userId,
        request.query.campaign_id ?? null,
        pageWindow(request.query),
      );
      return {
        ...pageOf(
          rows.map((row) => toDto(row, clock.now())),
          request.query,
          total,
        ),
        direct_max_rows: EXPORT_DIRECT_MAX_ROWS,
      };
    },
  );

  app.get(
    '/api/list-exports/:id',
    { ...guard, schema: { summary: 'One export with its progress', params: IdParams, response: { 200: ListExport } } },
    async (request) => toDto(await loadExport(db, currentUser(request).id, request.params.id), clock.now()),
  );

  app.post(
    '/api/list-exports/:id/link',
    {
      ...guard,
      schema: {
        summary:
          'A short-lived download link of a finished export, for a plain link (the browser streams the file to disk)',
        params: IdParams,
        response: { 200: Type.Object({ url: Type.String(), expires_at: Type.String({ format: 'date-time' }) }) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const row = await loadExport(db, userId, request.params.id);
      refuseExpired(row, request.lang);
      if (row.status !== 'done') throw new ApiError(409, 'listExport.not_ready');
      return downloadLink(config.appSecret, row.id, userId, clock.now());
    },
  );

  // Public in the route table: the signed link is the proof (an anchor cannot send the bearer token).
  app.get(
    '/api/list-exports/:id/file',
    {
      schema: {
        summary: "The export's CSV file, streamed (a link from POST /api/list-exports/{id}/link)",
        params: IdParams,
        querystring: Type.Object(
          { expires: Type.Integer({ minimum: 0 }), signature: Type.String({ minLength: 1, maxLength: 100 }) },
          { additionalProperties: false },
        ),
        response: {
          200: {
            description: 'The CSV file (UTF-8 with a byte order mark)',
            content: { 'text/csv': { schema: Type.Unsafe<Readable>({ type: 'string', format: 'binary' }) } },
          },
        },
      },
    },
    async (request, reply) => {
      const row = await exportById(db, request.params.id);
      if (
        !row ||
        !linkValid(config.appSecret, row.id, row.user_id, request.query.expires, request.query.signature, clock.now())
      )
        throw new ApiError(403, 'listExport.link_invalid');
      refuseExpired(row, request.lang);
      if (row.status !== 'done') throw new ApiError(409, 'listExport.not_ready');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-length', String(row.bytes))
        .header('content-disposition', `attachment; filename="${row.file_name}"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(exportFile(db, row.id, row.chunks, store)));
    },
  );

  app.delete(
    '/api/list-exports/:id',
    {
      ...guard,
      schema: {
        summary: 'Deletes an export and its file',
        params: IdParams,
        response: { 200: Type.Object(MessageProperties) },
      },
    },
    async (request) => {
      await removeExport(db, currentUser(request).id, request.params.id, config.objectStorage);
      return say(request, 'listExport.deleted');
    },
  );
}
