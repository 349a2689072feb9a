import type { Db, Queryable } from '../db';
import { builtVersions, compareSemver, isStableSemver, packageVersion, REMOTES, type RemoteFolder } from './remotes';

/**
 * The remote builds the registry offers, from one shared place: the table delivery_remote_versions.
 *
 * Each instance publishes what it finds on its own disk (every built version of each remote, and
 * its current release: the remote's package.json version, when built) and answers from the table,
 * never from its disk alone. During a rolling deploy the first new instance publishes the new
 * release and from then on every instance, old or new, names it as the default; an old instance
 * that restarts cannot take the default back (the default is the highest release ever published;
 * to go back, pin a version for `_default` in the admin registry).
 * Publishing happens on each read (a new build shows up without a restart) but writes only what
 * this process has not written yet. The remotes' files themselves must be reachable from every
 * instance (a shared volume, or each image keeping the versions it may be asked for).
 */
export interface CatalogueEntry {
  /** Every published version, newest first. */
  versions: string[];
  /** What a domain gets without an override: the highest release, else the newest stable, else the newest. */
  defaultVersion: string | null;
}
export type Catalogue = Record<RemoteFolder, CatalogueEntry>;

/** What each database has already been told by this process: `folder@version@release`. */
const published = new WeakMap<Queryable, Set<string>>();

/** Publishes this instance's builds under `webRoot` (only what this process has not published yet). */
export async function publishRemoteBuilds(db: Db, webRoot: string): Promise<void> {
  let seen = published.get(db);
  if (!seen) published.set(db, (seen = new Set()));
  const rows: { remote: RemoteFolder; version: string; release: boolean }[] = [];
  for (const { folder } of REMOTES) {
    const [versions, current] = await Promise.all([builtVersions(webRoot, folder), packageVersion(webRoot, folder)]);
    for (const version of versions) {
      const release = version === current;
      if (!seen.has(`${folder}@${version}@${release}`)) rows.push({ remote: folder, version, release });
    }
  }
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO delivery_remote_versions (remote, version, is_release)
       SELECT * FROM unnest($1::text[], $2::text[], $3::boolean[])
     ON CONFLICT (remote, version) DO UPDATE SET is_release = true WHERE EXCLUDED.is_release AND NOT delivery_remote_versions.is_release`,
    [
      `{${rows.map((r) => r.remote).join(',')}}`,
      `{${rows.map((r) => r.version).join(',')}}`,
      `{${rows.map((r) => r.release).join(',')}}`,
    ],
  );
  for (const r of rows) seen.add(`${r.remote}@${r.version}@${r.release}`);
}

/** The shared catalogue, after publishing this instance's builds (none without a web root). */
export async function readCatalogue(db: Db, webRoot: string | null): Promise<Catalogue> {
  const catalogue = Object.fromEntries(
    REMOTES.map((r) => [r.folder, { versions: [], defaultVersion: null }]),
  ) as unknown as Catalogue;
  if (!webRoot) return catalogue;
  await publishRemoteBuilds(db, webRoot);
  const { rows } = await db.query<{ remote: string; version: string; is_release: boolean }>(
    'SELECT remote, version, is_release FROM delivery_remote_versions',
  );
  for (const { folder } of REMOTES) {
    const mine = rows.filter((r) => r.remote === folder).sort((a, b) => compareSemver(b.version, a.version));
    catalogue[folder] = {
      versions: mine.map((r) => r.version),
      defaultVersion:
        mine.find((r) => r.is_release)?.version ??
        mine.find((r) => isStableSemver(r.version))?.version ??
        mine[0]?.version ??
        null,
    };
  }
  return catalogue;
}
