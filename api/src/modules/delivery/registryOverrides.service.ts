/** What a registry override may say: a published build of the remote, or an absolute https manifest URL. */
import type { RemoteName } from '@leadsmith/shared/constants';
import type { Clock } from '../../clock';
import type { Db } from '../../db';
import { ApiError, unprocessable } from '../../http/errors';
import { normaliseDomain } from '../core/siteSettings.schemas';
import { readCatalogue, type Catalogue } from '../../web/remoteCatalogue';
import { DEFAULT_DOMAIN_KEY, isSemver, REMOTES, type RemoteFolder } from '../../web/remotes';
import { upsertOverride, type OverrideDto } from './registryOverrides.repository';

function folderOf(remote: string): RemoteFolder {
  const found = REMOTES.find((r) => r.name === remote);
  if (!found) throw new ApiError(404, 'not_found');
  return found.folder;
}

/** The domain as overrides are keyed: `_default`, or the normalised domain. */
export function domainKey(raw: string): string {
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

/**
 * Pins a version of a remote on a domain and/or sends a share of its users to a canary: 404 for an unknown
 * remote, 422 when neither is given or a value is neither a published build nor an https manifest URL.
 */
export async function saveOverride(
  db: Db,
  { webRoot, clock }: { webRoot: string | null; clock: Clock },
  o: {
    domain: string;
    remote: RemoteName;
    version: string | null;
    canary: { version: string; percent: number } | null;
    updatedBy: number;
  },
): Promise<OverrideDto> {
  const domain = domainKey(o.domain);
  const folder = folderOf(o.remote);
  if (o.version === null && o.canary === null) throw unprocessable('delivery.override_empty', 'version');
  const catalogue = await readCatalogue(db, webRoot);
  if (o.version !== null) checkVersion(catalogue, folder, o.remote, o.version, 'version');
  if (o.canary !== null) checkVersion(catalogue, folder, o.remote, o.canary.version, 'canary.version');
  return upsertOverride(db, { ...o, domain, at: clock.now() });
}
