#!/usr/bin/env node
// Releases one area remote alone: builds it into mfe-<area>/dist/<version>/ (with its
// mf-manifest.json), ready to copy to static hosting, and prints the registry entry to
// publish. The shell is not built or touched.
//
//   npm run release -w mfe-whitelabel                      # version from its package.json
//   RELEASE_VERSION=1.1.0 npm run release -w mfe-whitelabel # a second version beside the first
//   node scripts/release.mjs mfe-whitelabel                 # same, from the repository root
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { releaseVersion, contractVersionForBuild } = require(path.join(root, 'shared/release.cjs'));

const REMOTES = ['mfe-settings', 'mfe-ai', 'mfe-lead-search', 'mfe-whitelabel', 'mfe-admin'];

function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}

const folder = process.argv[2] ?? path.basename(process.cwd());
if (!REMOTES.includes(folder)) fail(`unknown remote "${folder}" (one of ${REMOTES.join(', ')})`);
const dir = path.join(root, folder);
const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
let version;
try {
  version = releaseVersion(pkg.version);
} catch (error) {
  fail(error.message);
}

const outDir = path.join(dir, 'dist', version);
console.error(
  `release: building ${folder} ${version} (contract ${contractVersionForBuild()}) into ${path.relative(root, outDir)}/`,
);
const webpackCli = require.resolve('webpack-cli/bin/cli.js', { paths: [dir] });
const build = spawnSync(process.execPath, [webpackCli, 'build', '--mode', 'production'], {
  cwd: dir,
  // webpack's output goes to stderr: stdout carries only the registry entry.
  stdio: ['ignore', 2, 2],
  env: { ...process.env, RELEASE_VERSION: version },
});
if (build.status !== 0) fail(`webpack failed (exit ${build.status})`);

const manifestFile = path.join(outDir, 'mf-manifest.json');
if (!existsSync(manifestFile)) fail(`${path.relative(root, manifestFile)} was not written`);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const entry = {
  remote: manifest.name ?? manifest.id,
  version,
  manifestUrl: `/remotes/${folder}/${version}/mf-manifest.json`,
};
// stdout carries only the registry entry (machine-readable); progress goes to stderr.
console.error(
  `release: ${readdirSync(outDir).length} files in ${path.relative(root, outDir)}/ — copy the folder to <static host>/remotes/${folder}/${version}/`,
);
console.error(
  'release: registry entry (pin a domain with PUT /api/admin/remote-registry/<domain>/<remote> {"version": "…"}):',
);
console.log(JSON.stringify(entry, null, 2));
