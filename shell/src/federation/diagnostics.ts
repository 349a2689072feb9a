/** What the shell knows about remote loading, for diagnostics and error reports. */
export interface RemoteLoadRecord {
  remote: string;
  version: string;
  manifestUrl: string;
  status: 'loading' | 'loaded' | 'failed' | 'incompatible';
  loadMs?: number;
  error?: string;
}

const records = new Map<string, RemoteLoadRecord>();
const manifestFetches: { url: string; status: number; ms: number }[] = [];

export function recordRemote(record: RemoteLoadRecord): void {
  records.set(record.remote, record);
}

export function recordManifestFetch(url: string, status: number, ms: number): void {
  manifestFetches.push({ url, status, ms: Math.round(ms) });
  if (manifestFetches.length > 50) manifestFetches.shift();
}

export function remoteRecords(): RemoteLoadRecord[] {
  return [...records.values()];
}

export function manifestFetchLog(): readonly { url: string; status: number; ms: number }[] {
  return manifestFetches;
}
