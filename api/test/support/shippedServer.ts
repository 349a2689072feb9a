import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The API server as it ships (compiled from src by swc into a temp folder, package.json beside
 * dist/ as in api/), started as real processes: for the suites that kill a server or run two.
 */
const API_DIR = path.resolve(__dirname, '..', '..');
const REPO = path.resolve(API_DIR, '..');

export interface ShippedBuild {
  /** The temp folder holding dist/ and package.json; scratch folders may go in it too. */
  work: string;
  dist: string;
  remove(): void;
}

export function buildShippedServer(prefix: string): ShippedBuild {
  const work = mkdtempSync(path.join(tmpdir(), `leadsmith-${prefix}-`));
  const dist = path.join(work, 'dist');
  // The server requires the spec constants built to CommonJS in shared/dist (shared's build, which the API's build runs first).
  execFileSync('npm', ['run', 'build', '--silent', '-w', '@leadsmith/shared'], { cwd: REPO, stdio: 'ignore' });
  execFileSync(
    path.join(REPO, 'node_modules', '.bin', 'swc'),
    ['src', '-d', dist, '--strip-leading-paths', '--config-file', '../.swcrc.node'],
    { cwd: API_DIR, stdio: 'ignore' },
  );
  // The built app reads its version from the package.json beside dist/, as in api/.
  copyFileSync(path.join(API_DIR, 'package.json'), path.join(work, 'package.json'));
  return { work, dist, remove: () => rmSync(work, { recursive: true, force: true }) };
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

export interface ShippedServer {
  process: ChildProcess;
  port: number;
}

/**
 * Starts `dist/server.js` on `port` (a free one when not given) with the test defaults plus `env`,
 * and resolves once /api/health answers. A cold start on disk (migrations, seed) is slow on a loaded
 * CI box: up to 3 minutes. Rejects with the server's stderr if it exits first.
 */
export async function startShippedServer(
  build: ShippedBuild,
  env: Record<string, string>,
  port?: number,
): Promise<ShippedServer> {
  const listenOn = port ?? (await freePort());
  const child = spawn(process.execPath, [path.join(build.dist, 'server.js')], {
    env: {
      ...process.env,
      PORT: String(listenOn),
      HOST: '127.0.0.1',
      SERVE_WEB: '0',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      // This build lives outside the repository, away from the package.json that pins Node; the check has its own test.
      NODE_VERSION_CHECK: 'off',
      NODE_PATH: [path.join(API_DIR, 'node_modules'), path.join(REPO, 'node_modules')].join(path.delimiter),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  for (let i = 0; i < 1800; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${listenOn}/api/health`)).ok) return { process: child, port: listenOn };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopShippedServer(child, 'SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}

/** Ends the process (SIGKILL: as a crash would) and resolves once it has exited. */
export function stopShippedServer(child: ChildProcess | null, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** One JSON request to a started server. */
export async function callServer<T>(
  port: number,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as T };
}
