// Starts the bench's API server (scripts/bench/server.mjs) as a child process.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts scripts/bench/server.mjs and resolves once it prints its ready line. */
export function startServer(port, env = {}, { timeoutMs = 180_000 } = {}) {
  // The V8 flag `npm start` gives the API (api/package.json): a young generation of 16 MB semi-spaces.
  const child = spawn(process.execPath, ['--max-semi-space-size=16', path.join(ROOT, 'scripts/bench/server.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: ':memory:',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`bench server on ${port} did not start within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    child.once('exit', (code) => reject(new Error(`bench server on ${port} exited with ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      clearTimeout(timer);
      resolve({ child, ...JSON.parse(line), base: `http://127.0.0.1:${port}` });
    });
  });
}
