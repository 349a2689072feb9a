import { createHash } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

import { REMOTES, type RemoteFolder } from '@leadsmith/shared/constants';

/** The area remotes (repository folder → Module Federation name): the one list, in shared's constants. */
export { REMOTES, type RemoteFolder };

export function isRemoteFolder(value: string): value is RemoteFolder {
  return REMOTES.some((r) => r.folder === value);
}

export interface RegistryEntry {
  version: string;
  manifestUrl: string;
}

/** What GET /api/remote-registry returns; the shell registers these at runtime. */
export interface RemoteRegistry {
  remotes: Record<string, RegistryEntry>;
}

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$/;

export function isSemver(value: string): boolean {
  return SEMVER.test(value);
}

function comparePrerelease(a: string | undefined, b: string | undefined): number {
  // A release ranks above any of its pre-releases.
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  const as = a.split('.');
  const bs = b.split('.');
  for (let i = 0; i < Math.max(as.length, bs.length); i++) {
    const x = as[i];
    const y = bs[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const xn = /^\d+$/.test(x);
    const yn = /^\d+$/.test(y);
    if (xn && yn) {
      if (Number(x) !== Number(y)) return Number(x) - Number(y);
    } else if (xn !== yn) {
      return xn ? -1 : 1; // numeric identifiers rank below alphanumeric ones
    } else if (x !== y) {
      return x < y ? -1 : 1;
    }
  }
  return 0;
}

/** Semantic-version order (build metadata not supported). Both must be valid semver. */
export function compareSemver(a: string, b: string): number {
  const x = SEMVER.exec(a);
  const y = SEMVER.exec(b);
  if (!x || !y) throw new Error(`not semver: ${x ? b : a}`);
  for (let i = 1; i <= 3; i++) {
    const diff = Number(x[i]) - Number(y[i]);
    if (diff !== 0) return diff;
  }
  return comparePrerelease(x[4], y[4]);
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Highest version folder under `<webRoot>/<folder>/dist/` that holds an mf-manifest.json. */
export async function latestBuiltVersion(webRoot: string, folder: RemoteFolder): Promise<string | null> {
  const distDir = path.join(webRoot, folder, 'dist');
  let names: string[];
  try {
    names = await readdir(distDir);
  } catch {
    return null; // never built
  }
  const versions = names.filter(isSemver).sort(compareSemver).reverse();
  for (const version of versions) {
    if (await isFile(path.join(distDir, version, 'mf-manifest.json'))) return version;
  }
  return null;
}

/** The URL the API serves a remote's file under (see web/static.ts). */
export function remoteFileUrl(folder: RemoteFolder, version: string, file: string): string {
  return `/remotes/${folder}/${version}/${file}`;
}

export function isStableSemver(value: string): boolean {
  return isSemver(value) && !value.includes('-');
}

/** Every built version of a remote (folders holding an mf-manifest.json), newest first. */
export async function builtVersions(webRoot: string, folder: RemoteFolder): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(path.join(webRoot, folder, 'dist'));
  } catch {
    return [];
  }
  const versions = names.filter(isSemver).sort(compareSemver).reverse();
  const built = await Promise.all(
    versions.map(async (v) => ((await isFile(path.join(webRoot, folder, 'dist', v, 'mf-manifest.json'))) ? v : null)),
  );
  return built.filter((v): v is string => v !== null);
}

export async function isVersionBuilt(webRoot: string | null, folder: RemoteFolder, version: string): Promise<boolean> {
  if (!webRoot || !isSemver(version)) return false;
  return isFile(path.join(webRoot, folder, 'dist', version, 'mf-manifest.json'));
}

/** The remote's current release: the version in its package.json. */
export async function packageVersion(webRoot: string, folder: RemoteFolder): Promise<string | null> {
  try {
    const pkg = JSON.parse(await readFile(path.join(webRoot, folder, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : null;
  } catch {
    return null;
  }
}

/**
 * The version every domain gets when no override applies: the remote's current release (its
 * package.json version) when that folder is built, else its newest built stable release
 * (or newest pre-release when nothing else is built). Extra builds made with RELEASE_VERSION (canaries, test builds) never become the default by
 * being built: a domain gets them through a registry override.
 */
export async function defaultVersion(webRoot: string, folder: RemoteFolder): Promise<string | null> {
  const current = await packageVersion(webRoot, folder);
  if (current && (await isVersionBuilt(webRoot, folder, current))) return current;
  const built = await builtVersions(webRoot, folder);
  return built.find(isStableSemver) ?? built[0] ?? null;
}

/** A registry override as stored (see delivery_registry_overrides). */
export interface RegistryOverride {
  domain: string;
  remote: string;
  version: string | null;
  canary_version: string | null;
  canary_percent: number | null;
}

/** The domain key of the override that applies to every domain without its own. */
export const DEFAULT_DOMAIN_KEY = '_default';

export type EntrySource = 'default' | 'pinned' | 'canary';

/** An entry; `source` is present only when an override decided it (absent = the default). */
export interface ResolvedEntry extends RegistryEntry {
  source?: Exclude<EntrySource, 'default'>;
}

/** A version (served from this host) or an absolute https manifest URL, as an entry. */
export function entryFor(folder: RemoteFolder, versionOrUrl: string): RegistryEntry {
  if (/^https:\/\//.test(versionOrUrl)) {
    const match = /\/(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\/[^/]*$/.exec(new URL(versionOrUrl).pathname);
    return { version: match?.[1] ?? 'external', manifestUrl: versionOrUrl };
  }
  return { version: versionOrUrl, manifestUrl: remoteFileUrl(folder, versionOrUrl, 'mf-manifest.json') };
}

/**
 * Stable bucket 0..99 of a subject (user or browser session) for a remote's canary: the same
 * subject always lands in the same bucket, so a user does not flip between versions.
 */
export function canaryBucket(subject: string, remote: string, canaryVersion: string): number {
  const digest = createHash('sha256').update(`${subject}|${remote}|${canaryVersion}`).digest();
  return digest.readUInt32BE(0) % 100;
}

/** Applies the most specific override (domain, then `_default`) to a remote's default entry. */
export function resolveEntry(
  folder: RemoteFolder,
  remote: string,
  base: RegistryEntry | null,
  override: RegistryOverride | undefined,
  subject: string | null,
): ResolvedEntry | null {
  if (override?.canary_version && override.canary_percent !== null && subject) {
    if (canaryBucket(subject, remote, override.canary_version) < override.canary_percent) {
      return { ...entryFor(folder, override.canary_version), source: 'canary' };
    }
  }
  if (override?.version) return { ...entryFor(folder, override.version), source: 'pinned' };
  return base;
}

export interface RegistryRequest {
  domain: string | null;
  /** `user:<id>` or `session:<id>`: whom a canary is decided for; null → never canaried. */
  subject: string | null;
  overrides: readonly RegistryOverride[];
}

/**
 * The registry for a domain: each remote's default (from the shared catalogue: web/remoteCatalogue.ts),
 * with the domain's (or `_default`) override applied.
 */
export function buildRegistry(
  defaults: Readonly<Record<RemoteFolder, { defaultVersion: string | null }>>,
  { domain, subject, overrides }: RegistryRequest = { domain: null, subject: null, overrides: [] },
): RemoteRegistry & { remotes: Record<string, ResolvedEntry> } {
  const remotes: Record<string, ResolvedEntry> = {};
  for (const { folder, name } of REMOTES) {
    const version = defaults[folder].defaultVersion;
    const base = version ? entryFor(folder, version) : null;
    const override =
      overrides.find((o) => o.remote === name && o.domain === domain) ??
      overrides.find((o) => o.remote === name && o.domain === DEFAULT_DOMAIN_KEY);
    const entry = resolveEntry(folder, name, base, override, subject);
    if (entry) remotes[name] = entry;
  }
  return { remotes };
}
