import type { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { IdParams, MessageProperties, Nullable, StringEnum, Type } from '../../http/contract';
import { unprocessable, validationError } from '../../http/errors';
import { t, type MessageCode } from '../../i18n/messages';
import { enqueueListImport } from '../../workers/listImport';
import { say } from '../respond';
import { csvLine } from './csv';
import { loadCampaign } from '../../modules/leadSearch/campaigns.service';
import {
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  importPreview,
  loadImport,
  storeUpload,
  suggestMapping,
  type ImportMapping,
} from './listImportStore';

const Mapping = Type.Object(
  Object.fromEntries(
    IMPORT_FIELDS.map((f) => [f, Type.Optional(Type.String({ minLength: 1, maxLength: 200 }))]),
  ) as Record<(typeof IMPORT_FIELDS)[number], ReturnType<typeof Type.Optional<ReturnType<typeof Type.String>>>>,
  {
    additionalProperties: false,
    description: 'Lead field → the header of the column that holds it.',
  },
);
const ImportSchema = Type.Object({
  id: Type.Integer(),
  campaign_id: Type.Integer(),
  file_name: Type.String(),
  columns: Type.Array(Type.String()),
  status: StringEnum(['uploaded', 'running', 'done', 'failed'] as const),
  mapping: Nullable(Mapping),
  find_emails: Type.Boolean(),
  skip_duplicates: Type.Boolean(),
  total: Type.Integer({ description: 'Data rows in the file.' }),
  processed: Type.Integer({ description: 'Rows handled so far.' }),
  imported: Type.Integer(),
  duplicates: Type.Integer(),
  suppressed: Type.Integer(),
  failed: Type.Integer(),
  emails_found: Type.Integer(),
  credits_charged: Type.Integer(),
  stopped_no_credits: Type.Boolean({
    description: 'The credits ran out: later rows came in without looking for their email.',
  }),
  created_at: Type.String({ format: 'date-time' }),
  finished_at: Nullable(Type.String({ format: 'date-time' })),
});
const SavedMapping = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  list_type: Type.String(),
  mapping: Mapping,
});
const ImportParams = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    importId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  },
  { additionalProperties: false },
);

/** List types rows can be imported into (intent lists fill from site visits only). */
const IMPORTABLE = ['people', 'group', 'local', 'company', 'domain', 'influencer'];

/**
 * CSV import into a list (ADR 038): upload the file (streamed into staging rows), map its columns to lead fields with a
 * preview and saved mappings, then a queued job imports it with dedupe, the do-not-contact list and optional email
 * finding, showing its progress; the rows not imported can be downloaded with the reason.
 */
export function listImportRoutes(api: FastifyInstance, { db, queue }: AppDeps): void {
  api.register(async (scope) => {
    // The file arrives as it is (text/csv), read as a stream: never held whole in memory.
    scope.addContentTypeParser(
      ['text/csv', 'application/octet-stream'],
      { bodyLimit: IMPORT_MAX_BYTES },
      (_request, payload, done) => done(null, payload),
    );
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();
    const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

    app.post(
      '/api/campaigns/:id/imports',
      {
        ...guard,
        bodyLimit: IMPORT_MAX_BYTES,
        schema: {
          summary:
            'Uploads a CSV file (text/csv body, up to 100,000 rows) to import into the list: answers its columns, a preview and a suggested mapping',
          params: IdParams,
          querystring: Type.Object(
            { file_name: Type.Optional(Type.String({ maxLength: 200 })) },
            { additionalProperties: false },
          ),
          response: {
            201: Type.Object({
              ...MessageProperties,
              import: ImportSchema,
              preview: Type.Array(Type.Array(Type.String())),
              suggested_mapping: Mapping,
            }),
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const campaign = await loadCampaign(db, user.id, request.params.id);
        if (!IMPORTABLE.includes(campaign.list_type))
          throw unprocessable('lists.import_type_unsupported', undefined, { type: campaign.list_type });
        // The file itself, as text/csv: anything else (a JSON body) is not a file.
        if (typeof (request.body as Readable | undefined)?.pipe !== 'function')
          throw validationError({ field: 'file', code: 'lists.import_no_rows' });
        const id = await storeUpload(
          db,
          {
            campaignId: campaign.id,
            userId: user.id,
            actorId: user.id,
            impersonatorId: user.impersonatorId,
            fileName: request.query.file_name ?? 'import.csv',
          },
          request.body as Readable,
        );
        const created = await loadImport(db, user.id, id);
        reply.code(201);
        return {
          ...say(request, 'lists.import_uploaded', { n: created.total }),
          import: created,
          preview: await importPreview(db, id),
          suggested_mapping: suggestMapping(created.columns),
        };
      },
    );
  });

  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  app.get(
    '/api/campaigns/:id/imports/:importId',
    {
      ...guard,
      schema: {
        summary: "An import's progress and figures",
        params: ImportParams,
        response: { 200: Type.Object({ import: ImportSchema, preview: Type.Array(Type.Array(Type.String())) }) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await loadCampaign(db, user.id, request.params.id);
      const found = await loadImport(db, user.id, request.params.importId);
      if (found.campaign_id !== request.params.id)
        throw validationError({ field: 'importId', code: 'validation.invalid' });
      return { import: found, preview: found.status === 'uploaded' ? await importPreview(db, found.id) : [] };
    },
  );

  app.post(
    '/api/campaigns/:id/imports/:importId/start',
    {
      ...guard,
      schema: {
        summary:
          'Starts an uploaded import with a column mapping (queued); optionally saves the mapping by name, finds missing emails, skips contacts held in other lists',
        params: ImportParams,
        body: Type.Object(
          {
            mapping: Mapping,
            save_mapping_as: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
            find_emails: Type.Optional(Type.Boolean({ default: false })),
            duplicates: Type.Optional(
              StringEnum(['keep', 'skip'] as const, {
                description:
                  'keep: contacts held in other lists come in (marked); skip: left out. Rows already in this list are always left out.',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 202: Type.Object({ ...MessageProperties, import: ImportSchema }) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const campaign = await loadCampaign(db, user.id, request.params.id);
      const found = await loadImport(db, user.id, request.params.importId);
      if (found.campaign_id !== campaign.id) throw validationError({ field: 'importId', code: 'validation.invalid' });
      const mapping = Object.fromEntries(
        Object.entries(request.body.mapping).filter(([, column]) => column),
      ) as ImportMapping;
      for (const [field, column] of Object.entries(mapping)) {
        if (!found.columns.includes(column))
          throw validationError({ field: `mapping.${field}`, code: 'lists.import_unknown_column', params: { column } });
      }
      if (
        !mapping.name &&
        !mapping.first_name &&
        !mapping.last_name &&
        !mapping.email &&
        !mapping.website &&
        !mapping.linkedin_url
      ) {
        throw validationError({ field: 'mapping', code: 'lists.import_mapping_empty' });
      }
      await db.transaction(async (tx) => {
        const started = await tx.query(
          `UPDATE list_imports SET status = 'running', mapping = $2::jsonb, find_emails = $3, skip_duplicates = $4 WHERE id = $1 AND status = 'uploaded'`,
          [found.id, JSON.stringify(mapping), request.body.find_emails ?? false, request.body.duplicates === 'skip'],
        );
        if (started.rowCount === 0) throw unprocessable('lists.import_not_startable');
        if (request.body.save_mapping_as?.trim()) {
          await tx.query(
            `INSERT INTO list_import_mappings (user_id, list_type, name, mapping) VALUES ($1, $2, $3, $4::jsonb)
             ON CONFLICT (user_id, list_type, name) DO UPDATE SET mapping = EXCLUDED.mapping, created_at = now()`,
            [user.id, campaign.list_type, request.body.save_mapping_as.trim(), JSON.stringify(mapping)],
          );
        }
        await enqueueListImport(queue, found.id, tx);
      });
      reply.code(202);
      return { ...say(request, 'lists.import_started'), import: await loadImport(db, user.id, found.id) };
    },
  );

  app.get(
    '/api/campaigns/:id/imports/:importId/errors',
    {
      ...guard,
      schema: {
        summary: 'The rows of an import that did not come in, and why, as a CSV file',
        params: ImportParams,
        response: {
          200: {
            description: 'The report (UTF-8 CSV with a byte order mark)',
            content: { 'text/csv': { schema: Type.String() } },
          },
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await loadCampaign(db, user.id, request.params.id);
      const found = await loadImport(db, user.id, request.params.importId);
      if (found.campaign_id !== request.params.id)
        throw validationError({ field: 'importId', code: 'validation.invalid' });
      const { rows } = await db.query<{ line: number; field: string | null; code: string; value: string | null }>(
        'SELECT line, field, code, value FROM list_import_errors WHERE import_id = $1 ORDER BY line',
        [found.id],
      );
      const lang = request.lang;
      const header = csvLine([
        t(lang, 'lists.import_report_line'),
        t(lang, 'lists.import_report_field'),
        t(lang, 'lists.import_report_value'),
        t(lang, 'lists.import_report_error'),
      ]);
      // The file's line numbers: the header is line 1, so data row n is line n + 1.
      const body = rows
        .map((r) =>
          csvLine([r.line + 1, r.field ?? '', r.value ?? '', t(lang, `lists.import_error_${r.code}` as MessageCode)]),
        )
        .join('');
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-${found.id}-errors.csv"`);
      return `\uFEFF${header}${body}`;
    },
  );

  app.get(
    '/api/import-mappings',
    {
      ...guard,
      schema: {
        summary: 'Column mappings saved for imports into a type of list',
        querystring: Type.Object({ list_type: Type.String({ maxLength: 20 }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ data: Type.Array(SavedMapping) }) },
      },
    },
    async (request) => {
      const { rows } = await db.query<{ id: number; name: string; list_type: string; mapping: ImportMapping }>(
        'SELECT id, name, list_type, mapping FROM list_import_mappings WHERE user_id = $1 AND list_type = $2 ORDER BY name',
        [currentUser(request).id, request.query.list_type],
      );
      return { data: rows };
    },
  );
}
