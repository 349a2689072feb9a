import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import {
  IdParams,
  Message,
  MessageProperties,
  Nullable,
  Page,
  pageOf,
  PageQueryProperties,
  pageWindow,
  StringEnum,
  Timestamp,
  Type,
} from '../../http/contract';
import { ApiError } from '../../http/errors';
import { say } from '../../http/respond';
import { accountIdOf } from '../settings/account.repository';
import { deleteSuppression, listSuppressions } from './suppressions.repository';
import {
  addSuppression,
  importSuppressionCsv,
  INVALID_LISTED,
  SUPPRESSION_CSV_MAX_BYTES,
} from './suppressions.service';

const SuppressionDto = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(['email', 'domain', 'email_sha256'] as const),
  value: Type.String(),
  reason: Nullable(Type.String()),
  source: Type.String({ description: 'manual, csv, bounce or erasure' }),
  created_at: Timestamp(),
});
const Reason = Type.String({ maxLength: 200 });

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
      const { search, kind } = request.query;
      const { rows, total } = await listSuppressions(db, accountId, { search, kind, ...pageWindow(request.query) });
      return pageOf(rows, request.query, total);
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
      const added = await addSuppression(db, currentUser(request).id, request.body.value, request.body.reason);
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
      const { added, listed, invalidCount, invalid } = await importSuppressionCsv(
        db,
        currentUser(request).id,
        request.body.csv,
        request.body.reason,
      );
      return {
        ...say(request, 'lists.suppression_imported', { added, invalid: invalidCount }),
        added,
        already_listed: listed - added,
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
