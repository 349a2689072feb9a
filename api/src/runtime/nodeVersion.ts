import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../configError';

/**
 * The project runs on one Node.js release, pinned in the root package.json (`engines.node`, the
 * `node-linux-*` packages that bring that binary into node_modules/.bin) and `.nvmrc`.
 * A server started on another Node (the machine's own, say) stops at once instead of running on a
 * runtime nobody tested. `NODE_VERSION_CHECK=major` accepts any release of the pinned major line,
 * for hosts that bring their own Node (a container image's patch release); `off` skips the check.
 */
export type NodeVersionCheck = 'exact' | 'major' | 'off';

/** The pinned version (`24.21.0`), read from the root package.json's `engines.node`. */
export function pinnedNodeVersion(repoRoot: string): string | null {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      engines?: { node?: string };
    };
    const pinned = pkg.engines?.node?.trim();
    return pinned && /^\d+\.\d+\.\d+$/.test(pinned) ? pinned : null;
  } catch {
    return null;
  }
}

/** Null when `running` (process.version, with or without the `v`) satisfies `pinned`; else the reason. */
export function nodeVersionProblem(running: string, pinned: string, mode: NodeVersionCheck): string | null {
  if (mode === 'off') return null;
  const have = running.replace(/^v/, '');
  if (have === pinned) return null;
  if (mode === 'major' && have.split('.')[0] === pinned.split('.')[0]) return null;
  const wanted = mode === 'major' ? `Node ${pinned.split('.')[0]}.x` : `Node ${pinned}`;
  return `Leadsmith runs on ${wanted} (pinned in package.json), but this is Node ${have}. Start it through npm (\`npm start\`), which puts the project's own Node first on PATH, or run node_modules/.bin/node.`;
}

export function readNodeVersionCheck(value: string | undefined): NodeVersionCheck {
  if (value === undefined || value === '' || value === 'exact') return 'exact';
  if (value === 'major' || value === 'off') return value;
  throw new ConfigError('NODE_VERSION_CHECK', `expected exact, major or off (got "${value}")`);
}
