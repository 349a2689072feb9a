import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { IdParams, MessageProperties, StringEnum, Type } from '../../http/contract';
import { unprocessable, validationError } from '../../http/errors';
import { t, type MessageCode } from '../../i18n/messages';
import { say } from '../../http/respond';
import { csvLine } from './csv';
import { loadCampaign } from './campaigns.service';
import { importErrors, importPreview, savedMappings } from './listImports.repository';
import { ImportSchema, Mapping } from './listImports.schemas';
import {
  IMPORT_MAX_BYTES,
  loadImport,
  loadListImport,
  startImport,
  storeUpload,
  suggestMapping,
} from './listImports.service';

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
        const file: unknown = request.body;
        if (!(file instanceof Readable)) throw validationError({ field: 'file', code: 'lists.import_no_rows' });
        const id = await storeUpload(
          db,
          {
            campaignId: campaign.id,
            userId: user.id,
            actorId: user.id,
            impersonatorId: user.impersonatorId,
            fileName: request.query.file_name ?? 'import.csv',
          },
          file,
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
      const { found } = await loadListImport(db, currentUser(request).id, request.params.id, request.params.importId);
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
      const { campaign, found } = await loadListImport(db, user.id, request.params.id, request.params.importId);
      await startImport(db, queue, user.id, campaign, found, {
        mapping: request.body.mapping,
        saveAs: request.body.save_mapping_as,
        findEmails: request.body.find_emails ?? false,
        skipDuplicates: request.body.duplicates === 'skip',
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
      const { found } = await loadListImport(db, currentUser(request).id, request.params.id, request.params.importId);
      const rows = await importErrors(db, found.id);
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
      return { data: await savedMappings(db, currentUser(request).id, request.query.list_type) };
    },
  );
}
