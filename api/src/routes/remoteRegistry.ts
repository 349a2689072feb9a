import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../http/context';
import { objectSchema } from '../http/schemas';
import { normaliseDomain } from './siteSettings';
import { buildRegistry } from '../web/remotes';

export function remoteRegistryRoutes(app: FastifyInstance, { config }: AppDeps): void {
  // Public and read at every shell boot: a new remote build shows up without a restart.
  app.get<{ Querystring: { domain?: string } }>(
    '/api/remote-registry',
    { schema: { querystring: objectSchema({ domain: { type: 'string', maxLength: 300 } }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      const domain = request.query.domain ? normaliseDomain(request.query.domain) : null;
      return buildRegistry(config.webRoot, domain);
    },
  );
}
