import type { ShareMismatch, SharedModuleUse } from './shareScope';

/** What the shell knows about remote loading, for diagnostics and error reports. */
export interface RemoteLoadRecord {
  remote: string;
  version: string;
  manifestUrl: string;
  status: 'loading' | 'loaded' | 'failed' | 'incompatible';
  loadMs?: number;
  /** The mount contract the remote was built for (once its `./mount` loaded). */
  contractVersion?: string;
  /** Set when a registry override (not the default) chose this version. */
  source?: string;
  error?: string;
}

export interface ManifestFetch {
  url: string;
  status: number;
  ms: number;
}

export interface DiagnosticsSnapshot {
  remotes: RemoteLoadRecord[];
  manifestFetches: ManifestFetch[];
  shared: SharedModuleUse[];
  mismatches: ShareMismatch[];
}

let snapshot: DiagnosticsSnapshot = { remotes: [], manifestFetches: [], shared: [], mismatches: [] };
const listeners = new Set<() => void>();

function update(patch: Partial<DiagnosticsSnapshot>): void {
  snapshot = { ...snapshot, ...patch };
  for (const listener of listeners) listener();
}

export function recordRemote(record: RemoteLoadRecord): void {
  const remotes = snapshot.remotes.filter((r) => r.remote !== record.remote);
  update({ remotes: [...remotes, record].sort((a, b) => a.remote.localeCompare(b.remote)) });
}

export function recordManifestFetch(url: string, status: number, ms: number): void {
  update({ manifestFetches: [...snapshot.manifestFetches, { url, status, ms: Math.round(ms) }].slice(-50) });
}

export function recordShared(shared: SharedModuleUse[], mismatches: ShareMismatch[]): void {
  update({ shared, mismatches });
}

export function remoteRecords(): RemoteLoadRecord[] {
  return snapshot.remotes;
}

export function manifestFetchLog(): readonly ManifestFetch[] {
  return snapshot.manifestFetches;
}

/** For useSyncExternalStore: the diagnostics panel re-renders when a remote loads. */
export function subscribeDiagnostics(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function diagnosticsSnapshot(): DiagnosticsSnapshot {
  return snapshot;
}
