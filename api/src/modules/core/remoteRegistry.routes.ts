import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Type } from '../../http/contract';
import { overridesForDomain } from '../delivery/registryOverrides.repository';
import { RemoteRegistrySchema } from './remoteRegistry.schemas';
import { normaliseDomain } from './siteSettings.schemas';
import { readCatalogue } from '../../web/remoteCatalogue';
import { DEFAULT_DOMAIN_KEY, buildRegistry } from '../../web/remotes';

export function remoteRegistryRoutes(api: FastifyInstance, { config, db }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  // Public and read at every shell boot: a new remote build or a registry override shows up
  // on the next page load, without a restart or a rebuild. Every instance answers from the shared
  // catalogue of builds (web/remoteCatalogue.ts), so all give the same answer.
  app.get(
    '/api/remote-registry',
    {
      onRequest: app.optionalAuth,
      schema: {
        summary: 'Which build of each area remote the shell loads',
        response: { 200: RemoteRegistrySchema },
        querystring: Type.Object(
          {
            domain: Type.Optional(Type.String({ maxLength: 300 })),
            // The browser session's random id: decides canaries for a signed-out visitor.
            sid: Type.Optional(Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      const domain = request.query.domain ? normaliseDomain(request.query.domain) : null;
      const subject = request.user
        ? `user:${request.user.id}`
        : request.query.sid
          ? `session:${request.query.sid}`
          : null;
      const overrides = await overridesForDomain(db, domain ?? DEFAULT_DOMAIN_KEY, DEFAULT_DOMAIN_KEY);
      return buildRegistry(await readCatalogue(db, config.webRoot), { domain, subject, overrides });
    },
  );
}
