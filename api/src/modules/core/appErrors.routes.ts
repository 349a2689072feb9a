import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { OrNull, Type } from '../../http/contract';
import { validationError } from '../../http/errors';
import { insertAppError } from './appErrors.repository';

/** Bound on the JSON size of `info` (objects cannot carry a maxLength). */
export const INFO_MAX_CHARS = 16_000;

const optionalText = (maxLength: number) => Type.Optional(OrNull(Type.String({ maxLength })));

export function appErrorRoutes(api: FastifyInstance, { db, config }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/log-app-error',
    {
      // Works signed in or not; a valid token only adds the user id.
      onRequest: app.optionalAuth,
      // A crash loop in one browser must not flood the table.
      config: { rateLimit: { max: config.logErrorRateLimit, timeWindow: 60_000 } },
      bodyLimit: 64 * 1024,
      schema: {
        summary: 'Report an error a screen ran into',
        response: { 204: Type.Null() },
        body: Type.Object(
          {
            message: Type.String({ minLength: 1, maxLength: 2000 }),
            stack: optionalText(20_000),
            // Any JSON object or a text; its JSON's size is bounded in the handler (INFO_MAX_CHARS).
            info: Type.Optional(
              Type.Unsafe<Record<string, unknown> | string | null>({
                type: ['object', 'string', 'null'],
                maxLength: 4000,
              }),
            ),
            remote: optionalText(100),
            remote_version: optionalText(50),
            url: optionalText(2000),
            // The request id of the failed API answer behind the error, when there was one.
            request_id: optionalText(128),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const info = body.info ?? null;
      const infoJson = info === null ? null : JSON.stringify(info);
      if (infoJson !== null && infoJson.length > INFO_MAX_CHARS)
        throw validationError({ field: 'info', code: 'validation.max_length', params: { max: INFO_MAX_CHARS } });
      const userAgent = request.headers['user-agent'];
      await insertAppError(db, {
        userId: request.user?.id ?? null,
        message: body.message,
        stack: body.stack ?? null,
        infoJson,
        remote: body.remote ?? null,
        remoteVersion: body.remote_version ?? null,
        url: body.url ?? null,
        userAgent: userAgent ? userAgent.slice(0, 500) : null,
        requestId: body.request_id ?? null,
        reportRequestId: String(request.id),
      });
      request.log.info({ failedRequestId: body.request_id ?? undefined }, 'app error reported');
      // The schema's null: Fastify sends a 204 without a body.
      return reply.code(204).send(null);
    },
  );
}
