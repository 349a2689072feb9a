import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import {
  IdParams,
  Message,
  MessageProperties,
  Nullable,
  Page,
  PageQueryProperties,
  StringEnum,
  Timestamp,
  Type,
} from '../../http/contract';
import { ApiError, unprocessable, validationError } from '../../http/errors';
import { say } from '../../routes/respond';
import { accountIdOf } from '../settings/account.repository';
import { addSuppressions, deleteSuppression, listSuppressions, parseSuppressionValue } from './suppressions.repository';

/** Largest CSV upload of do-not-contact entries (bytes of the text). */
export const SUPPRESSION_CSV_MAX_BYTES = 5 * 1024 * 1024;
/** Most entries one upload adds. */
export const SUPPRESSION_CSV_MAX_ROWS = 100_000;
/** Invalid lines an upload answer lists (the count covers them all). */
const INVALID_LISTED = 50;

const SuppressionDto = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(['email', 'domain', 'email_sha256'] as const),
  value: Type.String(),
  reason: Nullable(Type.String()),
  source: Type.String({ description: 'manual, csv, bounce or erasure' }),
  created_at: Timestamp(),
});
const Reason = Type.String({ maxLength: 200 });

/** Header names that say which column holds the entries. */
const VALUE_HEADERS = [
  'email',
  'e-mail',
  'email address',
  'domain',
  'website',
  'value',
  'correo',
  'courriel',
  'adresse e-mail',
  'e-mail-adresse',
  'dominio',
  'domaine',
];

/**
 * The do-not-contact list of the signed-in user's account (team members share their owner's): emails and whole
 * domains, one by one or from a CSV file. Platform-wide entries are honoured but never listed.
 */
export function suppressionRoutes(api: FastifyInstance, { db }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  app.get(
    '/api/suppressions',
    {
      ...guard,
      schema: {
        summary: "The account's do-not-contact entries, newest first",
        querystring: Type.Object(
          {
            ...PageQueryProperties,
            search: Type.Optional(Type.String({ maxLength: 254 })),
            kind: Type.Optional(StringEnum(['email', 'domain'] as const)),
          },
          { additionalProperties: false },
        ),
        response: { 200: Page(SuppressionDto) },
      },
    },
    async (request) => {
      const accountId = await accountIdOf(db, currentUser(request).id);
      const { page, pageSize, search, kind } = request.query;
      const { rows, total } = await listSuppressions(db, accountId, {
        search,
        kind,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { data: rows, currentPage: page, pageSize, total };
    },
  );

  app.post(
    '/api/suppressions',
    {
      ...guard,
      schema: {
        summary: 'Adds an email or a whole domain to the do-not-contact list',
        body: Type.Object(
          { value: Type.String({ minLength: 1, maxLength: 300 }), reason: Type.Optional(Reason) },
          { additionalProperties: false },
        ),
        response: { 201: Type.Object({ ...MessageProperties, suppression: SuppressionDto }) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const entry = parseSuppressionValue(request.body.value);
      if (!entry) throw validationError({ field: 'value', code: 'lists.suppression_value' });
      const accountId = await accountIdOf(db, user.id);
      const [added] = await addSuppressions(
        db,
        accountId,
        [{ ...entry, reason: request.body.reason?.trim() || null }],
        { source: 'manual', createdBy: user.id },
      );
      if (!added) throw unprocessable('lists.suppression_exists', 'value');
      reply.code(201);
      return { ...say(request, 'lists.suppression_added', { value: added.value }), suppression: added };
    },
  );

  app.post(
    '/api/suppressions/import',
    {
      ...guard,
      bodyLimit: SUPPRESSION_CSV_MAX_BYTES + 64 * 1024,
      schema: {
        summary: 'Adds the emails and domains of a CSV file to the do-not-contact list',
        body: Type.Object(
          { csv: Type.String({ minLength: 1, maxLength: SUPPRESSION_CSV_MAX_BYTES }), reason: Type.Optional(Reason) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            ...MessageProperties,
            added: Type.Integer(),
            already_listed: Type.Integer(),
            invalid_count: Type.Integer(),
            invalid: Type.Array(Type.Object({ line: Type.Integer(), value: Type.String() }), {
              description: `The first ${INVALID_LISTED} lines that hold no email or domain.`,
            }),
          }),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      let records: string[][];
      try {
        records = parse(request.body.csv, {
          bom: true,
          relax_column_count: true,
          skip_empty_lines: true,
          trim: true,
          max_record_size: 64 * 1024,
        });
      } catch (error) {
        throw new ApiError(400, 'lists.csv_unreadable', {
          field: 'csv',
          params: { reason: (error as Error).message.slice(0, 200) },
        });
      }
      // A header row names the column; without one, each line's first cell that reads as an email or domain.
      const header = records[0]?.map((h) => h.toLowerCase()) ?? [];
      const named = header.findIndex((h) => VALUE_HEADERS.includes(h));
      const headed = named >= 0 || (header.length > 0 && header.every((h) => !parseSuppressionValue(h)));
      const body = headed ? records.slice(1) : records;
      if (body.length > SUPPRESSION_CSV_MAX_ROWS)
        throw validationError({
          field: 'csv',
          code: 'lists.csv_too_many_rows',
          params: { max: SUPPRESSION_CSV_MAX_ROWS },
        });
      const entries = new Map<string, { kind: 'email' | 'domain'; value: string }>();
      const invalid: { line: number; value: string }[] = [];
      let invalidCount = 0;
      body.forEach((cells, i) => {
        const candidates = named >= 0 ? [cells[named] ?? ''] : cells;
        const entry = candidates.map(parseSuppressionValue).find(Boolean);
        if (entry) entries.set(`${entry.kind}:${entry.value}`, entry);
        else {
          invalidCount += 1;
          if (invalid.length < INVALID_LISTED)
            invalid.push({ line: i + 1 + (headed ? 1 : 0), value: (candidates[0] ?? '').slice(0, 100) });
        }
      });
      const accountId = await accountIdOf(db, user.id);
      const reason = request.body.reason?.trim() || null;
      const list = [...entries.values()].map((e) => ({ ...e, reason }));
      let added = 0;
      // Batches keep each statement's JSON small; an entry already listed is left as it was.
      for (let i = 0; i < list.length; i += 5000)
        added += (await addSuppressions(db, accountId, list.slice(i, i + 5000), { source: 'csv', createdBy: user.id }))
          .length;
      return {
        ...say(request, 'lists.suppression_imported', { added, invalid: invalidCount }),
        added,
        already_listed: list.length - added,
        invalid_count: invalidCount,
        invalid,
      };
    },
  );

  app.delete(
    '/api/suppressions/:id',
    {
      ...guard,
      schema: {
        summary: 'Removes an entry from the do-not-contact list',
        params: IdParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      const accountId = await accountIdOf(db, currentUser(request).id);
      if (!(await deleteSuppression(db, accountId, request.params.id))) throw new ApiError(404, 'not_found');
      return say(request, 'lists.suppression_removed');
    },
  );
}
