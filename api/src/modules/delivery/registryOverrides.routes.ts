import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { currentUser } from '../../http/auth';
import { ApiError, unprocessable } from '../../http/errors';
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
import { objectSchema } from '../../http/schemas';
import { RemoteRegistrySchema } from '../../routes/remoteRegistry';
import { say } from '../../routes/respond';
import { normaliseDomain } from '../../routes/siteSettings';
import {
  DEFAULT_DOMAIN_KEY,
  REMOTES,
  buildRegistry,
  isSemver,
  type RegistryOverride,
  type RemoteFolder,
} from '../../web/remotes';
import { readCatalogue, type Catalogue } from '../../web/remoteCatalogue';

const REMOTE_NAMES = REMOTES.map((r) => r.name);

interface OverrideRow extends RegistryOverride {
  updated_at: Date;
  updated_by: number | null;
}

interface OverrideBody {
  version?: string | null;
  canary?: { version: string; percent: number } | null;
}

const versionSchema = { type: 'string', minLength: 1, maxLength: 500 } as const;
const paramsSchema = objectSchema(
  {
    // `_default` applies to every domain without its own override.
    domain: { type: 'string', minLength: 1, maxLength: 300, pattern: '^[^\\s/]+$' },
    remote: { type: 'string', enum: REMOTE_NAMES },
  },
  ['domain', 'remote'],
);

function folderOf(remote: string): RemoteFolder {
  const found = REMOTES.find((r) => r.name === remote);
  if (!found) throw new ApiError(404, 'not_found');
  return found.folder;
}

function domainKey(raw: string): string {
  return raw === DEFAULT_DOMAIN_KEY ? raw : normaliseDomain(raw);
}

/** A pinned value must be a published build (web/remoteCatalogue.ts) or an absolute https manifest URL. */
function checkVersion(catalogue: Catalogue, folder: RemoteFolder, remote: string, value: string, field: string): void {
  if (/^https:\/\/[^\s/]+\/\S*$/.test(value)) {
    try {
      new URL(value);
      return;
    } catch {
      throw unprocessable('delivery.version_format', field);
    }
  }
  if (!isSemver(value)) throw unprocessable('delivery.version_format', field);
  if (!catalogue[folder].versions.includes(value))
    throw unprocessable('delivery.version_not_found', field, { remote, version: value });
}

const toDto = (row: OverrideRow) => ({
  domain: row.domain,
  remote: row.remote,
  version: row.version,
  canary:
    row.canary_version !== null && row.canary_percent !== null
      ? { version: row.canary_version, percent: row.canary_percent }
      : null,
  updated_at: row.updated_at,
  updated_by: row.updated_by,
});

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
  const guard = [api.requireAuth, api.requireModule('admin')];

  api.get<{ Querystring: { page: number; pageSize: number; domain?: string } }>(
    '/api/admin/remote-registry',
    {
      onRequest: guard,
      schema: {
        summary:
          "The remotes' published builds, the registry every domain gets by default, and the overrides (paginated)",
        querystring: objectSchema({ ...PageQueryProperties, domain: { type: 'string', minLength: 1, maxLength: 300 } }),
        response: { 200: RegistryOverview },
      },
    },
    async (request) => {
      const { limit, offset } = pageWindow(request.query);
      const domain = request.query.domain ? domainKey(request.query.domain) : null;
      const where = domain ? 'WHERE domain = $3' : '';
      const params: (string | number)[] = [limit, offset, ...(domain ? [domain] : [])];
      const { rows } = await db.query<OverrideRow & { total: string }>(
        `SELECT domain, remote, version, canary_version, canary_percent, updated_at, updated_by, count(*) OVER () AS total
           FROM delivery_registry_overrides ${where}
          ORDER BY (domain = '${DEFAULT_DOMAIN_KEY}') DESC, domain, remote LIMIT $1 OFFSET $2`,
        params,
      );
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
        overrides: pageOf(rows.map(toDto), request.query, rows[0]?.total ?? 0),
      };
    },
  );

  api.put<{ Params: { domain: string; remote: string }; Body: OverrideBody }>(
    '/api/admin/remote-registry/:domain/:remote',
    {
      onRequest: guard,
      schema: {
        summary: 'Pin a version of a remote on a domain, or send a share of its users to a canary',
        params: paramsSchema,
        response: { 200: Type.Object({ ...MessageProperties, override: Override }) },
        body: objectSchema({
          version: { anyOf: [versionSchema, { type: 'null' }] },
          canary: {
            anyOf: [
              objectSchema({ version: versionSchema, percent: { type: 'integer', minimum: 0, maximum: 100 } }, [
                'version',
                'percent',
              ]),
              { type: 'null' },
            ],
          },
        }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { remote } = request.params;
      const domain = domainKey(request.params.domain);
      const folder = folderOf(remote);
      const version = request.body.version ?? null;
      const canary = request.body.canary ?? null;
      if (version === null && canary === null) throw unprocessable('delivery.override_empty', 'version');
      const catalogue = await readCatalogue(db, config.webRoot);
      if (version !== null) checkVersion(catalogue, folder, remote, version, 'version');
      if (canary !== null) checkVersion(catalogue, folder, remote, canary.version, 'canary.version');
      const { rows } = await db.query<OverrideRow>(
        `INSERT INTO delivery_registry_overrides (domain, remote, version, canary_version, canary_percent, updated_by, updated_at)
              VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (domain, remote) DO UPDATE
              SET version = EXCLUDED.version, canary_version = EXCLUDED.canary_version, canary_percent = EXCLUDED.canary_percent,
                  updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at
         RETURNING domain, remote, version, canary_version, canary_percent, updated_at, updated_by`,
        [domain, remote, version, canary?.version ?? null, canary?.percent ?? null, user.id, clock.now()],
      );
      return { ...say(request, 'delivery.override_saved'), override: toDto(rows[0]!) };
    },
  );

  api.delete<{ Params: { domain: string; remote: string } }>(
    '/api/admin/remote-registry/:domain/:remote',
    {
      onRequest: guard,
      schema: { summary: "Remove a domain's override of a remote", params: paramsSchema, response: { 200: Message } },
    },
    async (request) => {
      const { rowCount } = await db.query('DELETE FROM delivery_registry_overrides WHERE domain = $1 AND remote = $2', [
        domainKey(request.params.domain),
        request.params.remote,
      ]);
      if (!rowCount) throw new ApiError(404, 'not_found');
      return say(request, 'delivery.override_deleted');
    },
  );
}
