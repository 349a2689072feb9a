import { preloadChunks } from '../boot/preloadChunks';
import { recordManifestFetch } from './diagnostics';

/**
 * Remotes load with webpack's own container runtime (ADR 060): the shell reads a remote's
 * mf-manifest.json, fetches its entry (a script that defines the container on a global) and the
 * exposed module's files side by side, joins the container to the page's share scope, and asks it
 * for `./mount`. No runtime library in the page: webpack's sharing code is in the shell's runtime.
 */

/** webpack's container interface (a remote's entry assigns one to its global). */
export interface Container {
  init(shareScope: unknown): Promise<void> | void;
  get(module: string): Promise<() => unknown>;
}

/** The parts of a remote's mf-manifest.json the shell reads (shared/remoteManifestPlugin.cjs writes it). */
export interface RemoteManifest {
  name: string;
  metaData: { globalName: string; remoteEntry: { name: string; path: string }; runtime?: string };
  shared: { name: string; version: string | null; requiredVersion: string | false }[];
  /** `requires`: the shared packages the exposed module's own chunks consume. */
  exposes: { path: string; requires?: string[]; assets: { js: { sync: string[] } } }[];
}

/** What a container offers the share scope: read by the diagnostics panel. */
export interface SharedOffer {
  container: string;
  name: string;
  version: string;
  requiredVersion: string | false;
}

/** The share scope webpack's runtime keeps: package → version → provider. */
export type ShareScope = Record<
  string,
  Record<string, { from: string; loaded?: unknown; eager?: boolean; get?: () => Promise<unknown> }>
>;

declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, ShareScope>;

const RUNTIME = 'webpack-container';
const MANIFEST_ATTEMPTS = 2;

export class RemoteManifestError extends Error {
  constructor(
    readonly remote: string,
    message: string,
    /** The remote was built for another runtime: final, like a contract mismatch (no retry helps). */
    readonly incompatible = false,
  ) {
    super(`Remote "${remote}": ${message}`);
    this.name = 'RemoteManifestError';
  }
}

/**
 * Fetches a manifest, revalidated (its URL does not change between releases of a version), with one
 * retry on a network error or a 5xx (a 404 is final: the version is gone); each fetch is recorded.
 */
async function fetchManifest(url: string): Promise<Response> {
  const started = performance.now();
  let lastError: unknown;
  for (let attempt = 1; attempt <= MANIFEST_ATTEMPTS; attempt += 1) {
    try {
      const response = await fetch(url, { cache: 'no-cache' });
      if (response.status >= 500 && attempt < MANIFEST_ATTEMPTS) continue;
      recordManifestFetch(url, response.status, performance.now() - started);
      return response;
    } catch (error) {
      lastError = error;
    }
  }
  recordManifestFetch(url, 0, performance.now() - started);
  throw lastError instanceof Error ? lastError : new Error(`Failed to fetch ${url}`);
}

/** Reads and checks a manifest: a clear error names what is wrong, never a half-loaded remote. */
export function parseManifest(remote: string, raw: unknown): RemoteManifest {
  const m = raw as Partial<RemoteManifest> | null;
  const meta = m?.metaData;
  if (!m || typeof m !== 'object' || !meta || typeof meta.globalName !== 'string' || !meta.remoteEntry?.name)
    throw new RemoteManifestError(remote, 'the manifest names no remote entry');
  if (meta.runtime !== RUNTIME)
    throw new RemoteManifestError(
      remote,
      `built for the federation runtime "${meta.runtime ?? 'unknown'}", the shell runs "${RUNTIME}"`,
      true,
    );
  const mount = m.exposes?.find((e) => e.path === './mount');
  if (!mount) throw new RemoteManifestError(remote, 'the manifest exposes no ./mount');
  return { name: m.name ?? remote, metaData: meta, shared: m.shared ?? [], exposes: [mount] };
}

function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      script.remove();
      resolve();
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(`Failed to load ${url}`));
    };
    document.head.appendChild(script);
  });
}

/**
 * Starts fetching the shell's copies of the shared packages the mount consumes (Chakra and the area
 * libraries on a first area), the version the remote offers too, so they load while its entry does,
 * not once the entry has run and asked for them. Fetching is not running: the singleton rule is unchanged.
 */
function prefetchShared(manifest: RemoteManifest): void {
  const scope = __webpack_share_scopes__.default ?? {};
  for (const key of manifest.exposes[0]!.requires ?? []) {
    const versions = scope[key];
    if (!versions || Object.values(versions).some((e) => e.loaded)) continue;
    const offered = manifest.shared.find((s) => s.name === key || key.startsWith(`${s.name}/`))?.version;
    const entry = offered ? versions[offered] : undefined;
    if (entry?.get) entry.get().catch(() => undefined); // a failure is the consume's to report
  }
}

/**
 * The shared packages a remote's mount consumes that nobody in the page provides. A remote bundles no
 * copy of the shell's singletons (ADR 063): one that needs a key this shell does not offer was built
 * for a newer shell, and would fail inside webpack's runtime with no name for the cause.
 */
export function unprovidedShared(manifest: RemoteManifest, scope: ShareScope): string[] {
  return (manifest.exposes[0]!.requires ?? []).filter((key) => Object.keys(scope[key] ?? {}).length === 0);
}

/** A container joined to the share scope, per manifest URL: a container initialises once. */
const containers = new Map<string, Promise<Container>>();
const offers = new Map<string, SharedOffer[]>();

async function loadContainer(remote: string, manifestUrl: string): Promise<Container> {
  const response = await fetchManifest(manifestUrl);
  if (!response.ok) throw new RemoteManifestError(remote, `manifest answered ${response.status} (${manifestUrl})`);
  const manifest = parseManifest(remote, await response.json());
  // publicPath 'auto': the remote's files sit beside its manifest.
  const base = new URL(manifest.metaData.remoteEntry.path || '.', new URL(manifestUrl, window.location.href));
  const global = manifest.metaData.globalName;
  const target = window as unknown as Record<string, Container | undefined>;
  delete target[global];
  // The exposed module's files are fetched while the entry loads, not once it has run.
  preloadChunks(manifest.exposes[0]!.assets.js.sync.map((file) => new URL(file, base).href));
  const entryLoaded = loadScript(new URL(manifest.metaData.remoteEntry.name, base).href);
  await __webpack_init_sharing__('default');
  prefetchShared(manifest);
  await entryLoaded;
  const container = target[global];
  if (!container || typeof container.get !== 'function')
    throw new RemoteManifestError(remote, `the entry defined no container "${global}"`);
  await container.init(__webpack_share_scopes__.default);
  const missing = unprovidedShared(manifest, __webpack_share_scopes__.default ?? {});
  if (missing.length > 0)
    throw new RemoteManifestError(
      remote,
      `needs shared ${missing.join(', ')}, which this shell does not provide (release the shell first)`,
      true,
    );
  offers.set(
    remote,
    manifest.shared
      .filter((s): s is typeof s & { version: string } => typeof s.version === 'string')
      .map((s) => ({ container: remote, name: s.name, version: s.version, requiredVersion: s.requiredVersion })),
  );
  return container;
}

/**
 * Loads a remote's `./mount`. A failed load is forgotten, so the next call (Retry) starts over;
 * a loaded container is kept, and asking it again refetches only what failed (e.g. a chunk).
 */
export async function loadRemoteMount(remote: string, manifestUrl: string): Promise<unknown> {
  let loading = containers.get(manifestUrl);
  if (!loading) {
    loading = loadContainer(remote, manifestUrl);
    containers.set(manifestUrl, loading);
    loading.catch(() => containers.delete(manifestUrl));
  }
  const container = await loading;
  const factory = await container.get('./mount');
  return factory();
}

/** The page's share scope and what each loaded remote offers, for the diagnostics panel. */
export function shareScopeState(): { scope: ShareScope; offers: SharedOffer[] } {
  const scope = typeof __webpack_share_scopes__ === 'object' ? (__webpack_share_scopes__.default ?? {}) : {};
  return { scope, offers: [...offers.values()].flat() };
}
