import { randomBytes } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { hashToken } from '../../auth/tokens';
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
  type Static,
} from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { say } from '../../routes/respond';
import { notFound } from './account.schemas';
import { API_KEY_PREFIX } from './apiKeyAuth.routes';

/** Per user; a revoked key still counts until it is deleted. */
export const MAX_API_KEYS = 25;

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
type KeyRow = Static<typeof ApiKey>;

const COLUMNS = 'id, name, key_prefix, created_at, last_used_at, revoked_at';
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
      const { page, pageSize } = request.query;
      const { rows } = await db.query<KeyRow>(
        `SELECT ${COLUMNS} FROM settings_api_keys WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
        [userId, pageSize, (page - 1) * pageSize],
      );
      const count = await db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM settings_api_keys WHERE user_id = $1',
        [userId],
      );
      return { data: rows, currentPage: page, pageSize, total: count.rows[0]?.total ?? 0 };
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
      const userId = currentUser(request).id;
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await db.transaction(async (tx) => {
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
        const count = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM settings_api_keys WHERE user_id = $1',
          [userId],
        );
        if ((count.rows[0]?.n ?? 0) >= MAX_API_KEYS)
          throw unprocessable('settings.api_key_limit', 'name', { n: MAX_API_KEYS });
        const { rows } = await tx.query<KeyRow>(
          `INSERT INTO settings_api_keys (user_id, name, key_prefix, key_hash, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
          [userId, request.body.name.trim(), key.slice(0, API_KEY_PREFIX.length + 6), hashToken(key), clock.now()],
        );
        return rows[0]!;
      });
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
      const { rows } = await db.query<KeyRow>(
        `UPDATE settings_api_keys SET name = COALESCE($3, name), revoked_at = CASE WHEN $4::boolean THEN COALESCE(revoked_at, $5) ELSE revoked_at END
          WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
        [request.params.id, userId, name?.trim() ?? null, revoked === true, clock.now()],
      );
      if (!rows[0]) throw notFound();
      return { ...say(request, revoked ? 'settings.api_key_revoked' : 'settings.api_key_updated'), data: rows[0] };
    },
  );

  app.delete(
    '/api/user-api-key/:id',
    {
      onRequest: app.requireAuth,
      schema: { summary: 'Delete an API key', params: IdParams, response: { 200: Message } },
    },
    async (request) => {
      const { rowCount } = await db.query('DELETE FROM settings_api_keys WHERE id = $1 AND user_id = $2', [
        request.params.id,
        currentUser(request).id,
      ]);
      if (rowCount === 0) throw notFound();
      return say(request, 'settings.api_key_deleted');
    },
  );
}
