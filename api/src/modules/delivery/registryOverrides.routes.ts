import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { currentUser } from '../../http/auth';
import { ApiError } from '../../http/errors';
import {
  Message,
  MessageProperties,
  Nullable,
  Page,
  PageQueryProperties,
  pageOf,
  pageWindow,
  StringEnum,
  Timestamp,
  Type,
} from '../../http/contract';
import { RemoteRegistrySchema } from '../core/remoteRegistry.schemas';
import { say } from '../../http/respond';
import { REMOTES, buildRegistry } from '../../web/remotes';
import { readCatalogue } from '../../web/remoteCatalogue';
import { deleteOverride, listOverrides } from './registryOverrides.repository';
import { domainKey, saveOverride } from './registryOverrides.service';

const REMOTE_NAMES = REMOTES.map((r) => r.name);

const Version = Type.String({ minLength: 1, maxLength: 500 });
const OverrideParams = Type.Object(
  {
    // `_default` applies to every domain without its own override.
    domain: Type.String({ minLength: 1, maxLength: 300, pattern: '^[^\\s/]+$' }),
    remote: StringEnum(REMOTE_NAMES),
  },
  { additionalProperties: false },
);

/** A pin or canary of one remote on one domain (`_default`: every domain without its own). */
const Override = Type.Object({
  domain: Type.String(),
  remote: StringEnum(REMOTE_NAMES),
  version: Nullable(
    Type.String({ description: 'A published version or an https manifest URL everyone on the domain gets.' }),
  ),
  canary: Nullable(
    Type.Object(
      { version: Type.String(), percent: Type.Integer() },
      { description: 'A version a stable share of users get.' },
    ),
  ),
  updated_at: Timestamp(),
  updated_by: Nullable(Type.Integer()),
});

const RegistryOverview = Type.Object({
  remotes: Type.Array(
    Type.Object({
      remote: StringEnum(REMOTE_NAMES),
      folder: Type.String(),
      default_version: Nullable(Type.String()),
      versions: Type.Array(Type.String(), { description: 'The newest 50 published builds.' }),
    }),
  ),
  defaults: RemoteRegistrySchema,
  overrides: Page(Override),
});

/** Admin-only editing of the per-domain remote registry (pins and canaries). */
export function registryOverrideRoutes(api: FastifyInstance, { db, config, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = [api.requireAuth, api.requireModule('admin')];

  app.get(
    '/api/admin/remote-registry',
    {
      onRequest: guard,
      schema: {
        summary:
          "The remotes' published builds, the registry every domain gets by default, and the overrides (paginated)",
        querystring: Type.Object(
          { ...PageQueryProperties, domain: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })) },
          { additionalProperties: false },
        ),
        response: { 200: RegistryOverview },
      },
    },
    async (request) => {
      const { limit, offset } = pageWindow(request.query);
      const domain = request.query.domain ? domainKey(request.query.domain) : null;
      const { rows, total } = await listOverrides(db, { limit, offset, domain });
      const catalogue = await readCatalogue(db, config.webRoot);
      const remotes = REMOTES.map((r) => ({
        remote: r.name,
        folder: r.folder,
        default_version: catalogue[r.folder].defaultVersion,
        // Bounded: a remote keeps a handful of versions; the newest 50 are listed.
        versions: catalogue[r.folder].versions.slice(0, 50),
      }));
      return {
        remotes,
        defaults: buildRegistry(catalogue),
        overrides: pageOf(rows, request.query, total),
      };
    },
  );

  app.put(
    '/api/admin/remote-registry/:domain/:remote',
    {
      onRequest: guard,
      schema: {
        summary: 'Pin a version of a remote on a domain, or send a share of its users to a canary',
        params: OverrideParams,
        response: { 200: Type.Object({ ...MessageProperties, override: Override }) },
        body: Type.Object(
          {
            version: Type.Optional(Type.Union([Version, Type.Null()])),
            canary: Type.Optional(
              Type.Union([
                Type.Object(
                  { version: Version, percent: Type.Integer({ minimum: 0, maximum: 100 }) },
                  { additionalProperties: false },
                ),
                Type.Null(),
              ]),
            ),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      const override = await saveOverride(
        db,
        { webRoot: config.webRoot, clock },
        {
          domain: request.params.domain,
          remote: request.params.remote,
          version: request.body.version ?? null,
          canary: request.body.canary ?? null,
          updatedBy: currentUser(request).id,
        },
      );
      return { ...say(request, 'delivery.override_saved'), override };
    },
  );

  app.delete(
    '/api/admin/remote-registry/:domain/:remote',
    {
      onRequest: guard,
      schema: { summary: "Remove a domain's override of a remote", params: OverrideParams, response: { 200: Message } },
    },
    async (request) => {
      if (!(await deleteOverride(db, domainKey(request.params.domain), request.params.remote)))
        throw new ApiError(404, 'not_found');
      return say(request, 'delivery.override_deleted');
    },
  );
}
