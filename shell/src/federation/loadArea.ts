import {
  AREA_CONTRACT_VERSION,
  isContractCompatible,
  type AreaDefinition,
  type AreaModule,
} from '@leadsmith/shared/core';
import { loadRemoteMount, RemoteManifestError, shareScopeState } from './container';
import { recordRemote, recordShared } from './diagnostics';
import type { RemoteRegistry } from './remoteRegistry';
import { analyseShareScope, hasOtherVersions, mismatchKey } from './shareScope';

const warned = new Set<string>();

/**
 * Reads the page's share scope after a remote joined it: records what runs for the diagnostics
 * panel and warns once per version skew. The range check's semver code is fetched only when a
 * remote offered another version than the one in use.
 */
export async function inspectShareScope(): Promise<void> {
  const { scope, offers } = shareScopeState();
  const satisfies = hasOtherVersions(scope, offers)
    ? (await import(/* webpackChunkName: "semver" */ 'semver/functions/satisfies')).default
    : () => true;
  const { shared, mismatches } = analyseShareScope(scope, offers, (version, range) => satisfies(version, range));
  recordShared(shared, mismatches);
  for (const m of mismatches) {
    if (warned.has(mismatchKey(m))) continue;
    warned.add(mismatchKey(m));
    console.warn(
      `[leadsmith] shared singleton "${m.name}": ${m.container} offers ${m.registeredVersion} (requires ${m.requiredVersion || 'any'}), ` +
        `the page runs ${m.inUse}${m.satisfied ? '' : ' — requirement NOT satisfied'}; the singleton in use is kept`,
    );
  }
}

/**
 * The check after each area load runs when the page is idle: it is diagnostics (the panel runs it
 * again when opened), and at 4× CPU throttling it took about 64 ms on the way to the area's first render.
 */
function inspectShareScopeWhenIdle(): void {
  const inspect = () => void inspectShareScope().catch((error: unknown) => console.error('[leadsmith]', error));
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(inspect, { timeout: 2_000 });
  else setTimeout(inspect, 0);
}

export class RemoteUnavailableError extends Error {
  constructor(readonly remote: string) {
    super(`Remote "${remote}" is not in the registry`);
    this.name = 'RemoteUnavailableError';
  }
}

export class IncompatibleRemoteError extends Error {
  constructor(
    readonly remote: string,
    readonly remoteContract: string | undefined,
    detail?: string,
  ) {
    super(
      detail ??
        `Remote "${remote}" speaks contract ${remoteContract ?? 'unknown'}, the shell speaks ${AREA_CONTRACT_VERSION}`,
    );
    this.name = 'IncompatibleRemoteError';
  }
}

export interface LoadedArea {
  module: AreaModule;
  version: string;
}

/**
 * Loads one area's remote: called only for areas the user is entitled to and visits or hovers.
 * A failed load is not kept, so a retry refetches what failed.
 */
export async function loadArea(area: AreaDefinition, registry: RemoteRegistry): Promise<LoadedArea> {
  const entry = registry.remotes[area.remote];
  if (!entry) throw new RemoteUnavailableError(area.remote);
  const started = performance.now();
  const base = { remote: area.remote, version: entry.version, manifestUrl: entry.manifestUrl, source: entry.source };
  recordRemote({ ...base, status: 'loading' });
  let contractVersion: string | undefined;
  try {
    const module = (await loadRemoteMount(area.remote, entry.manifestUrl).catch((error: unknown) => {
      throw error instanceof RemoteManifestError && error.incompatible
        ? new IncompatibleRemoteError(area.remote, undefined, error.message)
        : error;
    })) as AreaModule | undefined;
    if (!module) throw new Error(`Remote "${area.remote}" returned no ./mount module`);
    contractVersion = module.contractVersion;
    inspectShareScopeWhenIdle();
    if (!isContractCompatible(module.contractVersion))
      throw new IncompatibleRemoteError(area.remote, module.contractVersion);
    recordRemote({ ...base, contractVersion, status: 'loaded', loadMs: Math.round(performance.now() - started) });
    return { module, version: entry.version };
  } catch (error) {
    const incompatible = error instanceof IncompatibleRemoteError;
    recordRemote({
      ...base,
      contractVersion,
      status: incompatible ? 'incompatible' : 'failed',
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
}
