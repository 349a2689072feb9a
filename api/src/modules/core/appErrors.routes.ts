import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Type } from '../../http/contract';
import { validationError } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import { insertAppError } from './appErrors.repository';

/** Bound on the JSON size of `info` (objects cannot carry a maxLength). */
export const INFO_MAX_CHARS = 16_000;

interface AppErrorBody {
  message: string;
  stack?: string | null;
  info?: Record<string, unknown> | string | null;
  remote?: string | null;
  remote_version?: string | null;
  url?: string | null;
  request_id?: string | null;
}

const optionalText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

export function appErrorRoutes(app: FastifyInstance, { db, config }: AppDeps): void {
  app.post<{ Body: AppErrorBody }>(
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
        body: objectSchema(
          {
            message: { type: 'string', minLength: 1, maxLength: 2000 },
            stack: optionalText(20_000),
            info: { type: ['object', 'string', 'null'], maxLength: 4000 },
            remote: optionalText(100),
            remote_version: optionalText(50),
            url: optionalText(2000),
            // The request id of the failed API answer behind the error, when there was one.
            request_id: optionalText(128),
          },
          ['message'],
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
      return reply.code(204).send();
    },
  );
}
