import { getInstance, loadRemote, registerRemotes, satisfy } from '@module-federation/enhanced/runtime';
import {
  AREA_CONTRACT_VERSION,
  isContractCompatible,
  type AreaDefinition,
  type AreaModule,
} from '@leadsmith/shared/core';
import { recordRemote, recordShared } from './diagnostics';
import type { RemoteRegistry } from './remoteRegistry';
import { analyseShareScope, mismatchKey, type ShareScopeLike } from './shareScope';

const warned = new Set<string>();

/**
 * Reads the federation runtime's share scope after a remote registered its shared modules:
 * records what runs for the diagnostics panel and warns once per version skew.
 */
export function inspectShareScope(): void {
  const instance = getInstance();
  if (!instance) return;
  const { shared, mismatches } = analyseShareScope(
    instance.shareScopeMap as unknown as ShareScopeLike,
    (version, range) => satisfy(version, range),
  );
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
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(() => inspectShareScope(), { timeout: 2_000 });
  else setTimeout(inspectShareScope, 0);
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
  ) {
    super(
      `Remote "${remote}" speaks contract ${remoteContract ?? 'unknown'}, the shell speaks ${AREA_CONTRACT_VERSION}`,
    );
    this.name = 'IncompatibleRemoteError';
  }
}

export interface LoadedArea {
  module: AreaModule;
  version: string;
}

const registered = new Map<string, string>();

/**
 * Registers (no request is made by registering) and loads one area's remote.
 * Called only for areas the user is entitled to and visits or hovers; with
 * `force` the runtime drops its cached (failed) entry so a retry refetches.
 */
export async function loadArea(area: AreaDefinition, registry: RemoteRegistry, force = false): Promise<LoadedArea> {
  const entry = registry.remotes[area.remote];
  if (!entry) throw new RemoteUnavailableError(area.remote);
  if (force || registered.get(area.remote) !== entry.manifestUrl) {
    registerRemotes([{ name: area.remote, entry: entry.manifestUrl }], { force: registered.has(area.remote) });
    registered.set(area.remote, entry.manifestUrl);
  }
  const started = performance.now();
  const base = { remote: area.remote, version: entry.version, manifestUrl: entry.manifestUrl, source: entry.source };
  recordRemote({ ...base, status: 'loading' });
  let contractVersion: string | undefined;
  try {
    const module = await loadRemote<AreaModule>(`${area.remote}/mount`);
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
