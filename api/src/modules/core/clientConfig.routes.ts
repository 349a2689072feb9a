import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Empty, Nullable, Type } from '../../http/contract';

/**
 * GET /api/client-config: runtime settings the web app reads at boot (public, no account data):
 * the browser's error-tracking DSN (SENTRY_BROWSER_DSN; null: the page never loads the SDK).
 */
export function clientConfigRoutes(api: FastifyInstance, { config }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/client-config',
    {
      schema: {
        summary: 'Runtime settings of the web app',
        querystring: Empty,
        response: { 200: Type.Object({ sentry_dsn: Nullable(Type.String()), environment: Type.String() }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { sentry_dsn: config.sentryBrowserDsn ?? null, environment: config.nodeEnv };
    },
  );
}
