import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Nullable, Type } from '../../http/contract';
import { emptyObjectSchema } from '../../http/schemas';

/**
 * GET /api/client-config: runtime settings the web app reads at boot (public, no account data):
 * the browser's error-tracking DSN (SENTRY_BROWSER_DSN; null: the page never loads the SDK).
 */
export function clientConfigRoutes(app: FastifyInstance, { config }: AppDeps): void {
  app.get(
    '/api/client-config',
    {
      schema: {
        summary: 'Runtime settings of the web app',
        querystring: emptyObjectSchema,
        response: { 200: Type.Object({ sentry_dsn: Nullable(Type.String()), environment: Type.String() }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { sentry_dsn: config.sentryBrowserDsn ?? null, environment: config.nodeEnv };
    },
  );
}
