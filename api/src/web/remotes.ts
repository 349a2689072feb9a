import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** The area remotes: repository folder → Module Federation name. */
export const REMOTES = [
  { folder: 'mfe-settings', name: 'mfe_settings' },
  { folder: 'mfe-ai', name: 'mfe_ai' },
  { folder: 'mfe-lead-search', name: 'mfe_lead_search' },
  { folder: 'mfe-whitelabel', name: 'mfe_whitelabel' },
  { folder: 'mfe-admin', name: 'mfe_admin' },
] as const;
export type RemoteFolder = (typeof REMOTES)[number]['folder'];

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

/**
 * The registry for a domain. Today every domain gets the newest build of each
 * remote; per-domain pins (a reseller held on an older white-label build)
 * will be applied on top of this result, keyed by `domain`.
 */
export async function buildRegistry(webRoot: string | null, _domain: string | null): Promise<RemoteRegistry> {
  const remotes: Record<string, RegistryEntry> = {};
  if (!webRoot) return { remotes };
  const found = await Promise.all(REMOTES.map(async (r) => ({ ...r, version: await latestBuiltVersion(webRoot, r.folder) })));
  for (const { folder, name, version } of found) {
    if (version) remotes[name] = { version, manifestUrl: remoteFileUrl(folder, version, 'mf-manifest.json') };
  }
  return { remotes };
}
