import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { currentUser } from '../../http/auth';
import { ApiError, unprocessable } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import { say } from '../respond';
import { normaliseDomain } from '../siteSettings';
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
const MAX_PAGE_SIZE = 100;

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
  if (!catalogue[folder].versions.includes(value)) throw unprocessable('delivery.version_not_found', field, { remote, version: value });
}

const toDto = (row: OverrideRow) => ({
  domain: row.domain,
  remote: row.remote,
  version: row.version,
  canary: row.canary_version !== null && row.canary_percent !== null ? { version: row.canary_version, percent: row.canary_percent } : null,
  updated_at: row.updated_at,
  updated_by: row.updated_by,
});

/** Admin-only editing of the per-domain remote registry (pins and canaries). */
export function registryOverrideRoutes(api: FastifyInstance, { db, config, clock }: AppDeps): void {
  const guard = [api.requireAuth, api.requireModule('admin')];

  api.get<{ Querystring: { page: number; page_size: number; domain?: string } }>(
    '/api/admin/remote-registry',
    {
      onRequest: guard,
      schema: {
        querystring: objectSchema({
          page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
          page_size: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 25 },
          domain: { type: 'string', minLength: 1, maxLength: 300 },
        }),
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const domain = request.query.domain ? domainKey(request.query.domain) : null;
      const where = domain ? 'WHERE domain = $3' : '';
      const params: (string | number)[] = [page_size, (page - 1) * page_size, ...(domain ? [domain] : [])];
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
        overrides: { items: rows.map(toDto), page, page_size, total: Number(rows[0]?.total ?? 0) },
      };
    },
  );

  api.put<{ Params: { domain: string; remote: string }; Body: OverrideBody }>(
    '/api/admin/remote-registry/:domain/:remote',
    {
      onRequest: guard,
      schema: {
        params: paramsSchema,
        body: objectSchema({
          version: { anyOf: [versionSchema, { type: 'null' }] },
          canary: {
            anyOf: [
              objectSchema({ version: versionSchema, percent: { type: 'integer', minimum: 0, maximum: 100 } }, ['version', 'percent']),
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
    { onRequest: guard, schema: { params: paramsSchema } },
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
