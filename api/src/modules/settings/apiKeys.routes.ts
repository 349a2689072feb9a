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
  PageQuery,
  Timestamp,
  Type,
  pageOf,
  pageWindow,
} from '../../http/contract';
import { say } from '../../http/respond';
import { notFound } from './account.service';
import { countApiKeys, deleteApiKey, listApiKeys, updateApiKey } from './apiKeys.repository';
import { createApiKey } from './apiKeys.service';

/** One API key as every answer shows it: never the key itself after creation. */
const ApiKey = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The first characters, to tell keys apart. */
  key_prefix: Type.String({
    description: 'The first characters of the key, to tell keys apart; the key itself is shown only at creation.',
  }),
  created_at: Timestamp(),
  last_used_at: Nullable(Timestamp()),
  revoked_at: Nullable(Timestamp()),
});
const KeyName = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
const KeyAnswer = Type.Object({ ...MessageProperties, data: ApiKey });

/**
 * API keys (spec §7: GET, POST /api/user-api-key; PUT, DELETE /api/user-api-key/{id}).
 * Managing keys needs a session token (a key cannot mint or revoke keys).
 */
export function apiKeyRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/user-api-key',
    {
      onRequest: app.requireAuth,
      schema: { summary: 'Your API keys, newest first', querystring: PageQuery, response: { 200: Page(ApiKey) } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const rows = await listApiKeys(db, userId, pageWindow(request.query));
      return pageOf(rows, request.query, await countApiKeys(db, userId));
    },
  );

  app.post(
    '/api/user-api-key',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'Create an API key (the answer carries the key, shown this once)',
        body: Type.Object({ name: KeyName }, { additionalProperties: false }),
        response: { 201: Type.Object({ ...MessageProperties, data: ApiKey, key: Type.String() }) },
      },
    },
    async (request, reply) => {
      const { row, key } = await createApiKey({ db, clock }, currentUser(request).id, request.body.name);
      reply.code(201);
      // The only time the key is ever shown.
      return { ...say(request, 'settings.api_key_created'), data: row, key };
    },
  );

  app.put(
    '/api/user-api-key/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'Rename ({ name }) or revoke ({ revoked: true }) an API key',
        params: IdParams,
        body: Type.Object(
          { name: Type.Optional(KeyName), revoked: Type.Optional(Type.Literal(true)) },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: { 200: KeyAnswer },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { name, revoked } = request.body;
      const row = await updateApiKey(db, request.params.id, userId, {
        name: name?.trim() ?? null,
        revoke: revoked === true,
        at: clock.now(),
      });
      if (!row) throw notFound();
      return { ...say(request, revoked ? 'settings.api_key_revoked' : 'settings.api_key_updated'), data: row };
    },
  );

  app.delete(
    '/api/user-api-key/:id',
    {
      onRequest: app.requireAuth,
      schema: { summary: 'Delete an API key', params: IdParams, response: { 200: Message } },
    },
    async (request) => {
      if (!(await deleteApiKey(db, request.params.id, currentUser(request).id))) throw notFound();
      return say(request, 'settings.api_key_deleted');
    },
  );
}
