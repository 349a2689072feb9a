/**
 * Entry point: `node api/dist/server.js` (after `npm run build -w @leadsmith/api`).
 *
 * The Node.js check comes first and loads only what it needs: the rest of the API (undici,
 * pg-boss, …) may not even load on another Node, and the operator must read why, not a stack trace.
 */
import path from 'node:path';
import { ConfigError } from './configError';
import { nodeVersionProblem, pinnedNodeVersion, readNodeVersionCheck } from './runtime/nodeVersion';

/** Refuses to start on a Node.js other than the project's pinned one (see runtime/nodeVersion.ts). */
function checkNodeVersion(): void {
  const mode = readNodeVersionCheck(process.env.NODE_VERSION_CHECK);
  if (mode === 'off') return;
  const pinned = pinnedNodeVersion(path.resolve(__dirname, '..', '..'));
  if (pinned === null) throw new Error('package.json names no pinned Node.js version (engines.node)');
  const problem = nodeVersionProblem(process.version, pinned, mode);
  if (problem) {
    console.error(`[api] ${problem}`);
    process.exit(1);
  }
}

function fail(error: unknown): never {
  // A bad variable or a changed shipped migration (db/migrations.ts): the message says it all.
  if (error instanceof ConfigError || (error instanceof Error && error.name === 'ChangedMigrationError')) {
    console.error(`[api] ${error.message}`);
  } else {
    console.error('[api] failed to start', error);
  }
  process.exit(1);
}

try {
  checkNodeVersion();
  // A require, not an import: imports are hoisted above the check, and this must load after it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { main } = require('./start') as typeof import('./start');
  main().catch(fail);
} catch (error) {
  fail(error);
}
