import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../http/context';
import { StringEnum, Type } from '../http/contract';
import { objectSchema } from '../http/schemas';
import { normaliseDomain } from './siteSettings';
import { readCatalogue } from '../web/remoteCatalogue';
import { DEFAULT_DOMAIN_KEY, buildRegistry, type RegistryOverride } from '../web/remotes';

/** Each remote's Module Federation name → the version to load and its manifest; `source` says when an override decided it. */
export const RemoteRegistrySchema = Type.Object({
  remotes: Type.Record(
    Type.String(),
    Type.Object({
      version: Type.String(),
      manifestUrl: Type.String(),
      source: Type.Optional(StringEnum(['pinned', 'canary'] as const)),
    }),
  ),
});

export function remoteRegistryRoutes(app: FastifyInstance, { config, db }: AppDeps): void {
  // Public and read at every shell boot: a new remote build or a registry override shows up
  // on the next page load, without a restart or a rebuild. Every instance answers from the shared
  // catalogue of builds (web/remoteCatalogue.ts), so all give the same answer.
  app.get<{ Querystring: { domain?: string; sid?: string } }>(
    '/api/remote-registry',
    {
      onRequest: app.optionalAuth,
      schema: {
        summary: 'Which build of each area remote the shell loads',
        response: { 200: RemoteRegistrySchema },
        querystring: objectSchema({
          domain: { type: 'string', maxLength: 300 },
          // The browser session's random id: decides canaries for a signed-out visitor.
          sid: { type: 'string', minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' },
        }),
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
      const { rows } = await db.query<RegistryOverride>(
        'SELECT domain, remote, version, canary_version, canary_percent FROM delivery_registry_overrides WHERE domain = $1 OR domain = $2',
        [domain ?? DEFAULT_DOMAIN_KEY, DEFAULT_DOMAIN_KEY],
      );
      return buildRegistry(await readCatalogue(db, config.webRoot), { domain, subject, overrides: rows });
    },
  );
}
