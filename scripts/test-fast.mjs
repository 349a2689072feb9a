#!/usr/bin/env node
// The quick loop: what a change touches, checked in minutes (no builds, no browsers, no PostgreSQL server).
//   npm run test:fast                 the change since the branch left main (commits + uncommitted files)
//   npm run test:fast -- --base REV   the change since REV
//   npm run test:fast -- --all        every package and every unit/component/API test (slower)
// Steps: typecheck the touched packages and the packages that depend on them (turbo, cached), the API
// contract's stale check when the API or shared's generated types changed, eslint and the format check on the changed files,
// and jest: the web tests related to the changed files (jest --findRelatedTests follows imports, jsdom) and
// the API suites of the changed route areas and modules (embedded PGlite). `npm test` stays the full run CI uses.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const all = args.includes('--all');
const baseAt = args.indexOf('--base');
const base = baseAt >= 0 ? args[baseAt + 1] : 'main';
if (baseAt >= 0 && !base) throw new Error('--base needs a revision, e.g. --base HEAD~3');

const git = (...a) => execFileSync('git', a, { cwd: root, encoding: 'utf8' }).trim();
const lines = (text) => text.split('\n').filter(Boolean);

/** Files added or changed since the merge base with `base`, plus uncommitted and untracked ones (deleted files left out). */
function changedFiles() {
  const mergeBase = git('merge-base', base, 'HEAD');
  const files = new Set([
    ...lines(git('diff', '--name-only', '--diff-filter=d', mergeBase)),
    ...lines(git('ls-files', '--others', '--exclude-standard')),
  ]);
  return [...files].filter((f) => existsSync(path.join(root, f)));
}

/** Workspace folder → package name, from the root package.json's workspaces. */
const WORKSPACES = Object.fromEntries(
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces.map((dir) => [
    dir,
    JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).name,
  ]),
);
const packageName = (dir) => WORKSPACES[dir];

const timings = [];
function step(name, command, commandArgs) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  // The project's Node (this process's) first on PATH: the tools' `#!/usr/bin/env node` must not pick an older system Node.
  const env = {
    ...process.env,
    TURBO_TELEMETRY_DISABLED: '1',
    PATH: [path.dirname(process.execPath), path.join(root, 'node_modules', '.bin'), process.env.PATH].join(
      path.delimiter,
    ),
  };
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env });
  const seconds = (Date.now() - started) / 1000;
  timings.push(`${name}: ${seconds.toFixed(1)} s`);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (${seconds.toFixed(1)} s)\n  ${timings.join('\n  ')}`);
    process.exit(result.status ?? 1);
  }
}

const started = Date.now();
const files = all ? [] : changedFiles();
const touched = new Set(files.map((f) => f.split('/')[0]).filter((dir) => dir in WORKSPACES));
// Root configuration (tsconfig, eslint, jest, package.json) can change every package.
const rootConfig = files.some((f) => !f.includes('/') && /\.(json|cjs|mjs|js|ts)$/.test(f));
if (all || rootConfig) Object.keys(WORKSPACES).forEach((dir) => touched.add(dir));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

console.log(
  all
    ? 'test:fast --all: every package'
    : `test:fast: ${files.length} changed file(s) since ${base}; packages: ${[...touched].join(', ') || 'none'}`,
);
if (touched.size === 0 && files.length === 0) {
  console.log('Nothing changed.');
  process.exit(0);
}

// 1. Types: the touched packages and everything that depends on them (shared → every front end).
if (touched.size)
  step('typecheck', bin('turbo'), [
    'run',
    'typecheck',
    '--output-logs=errors-only',
    ...[...touched].map((dir) => `--filter=...${packageName(dir)}`),
  ]);

// 2. The generated front-end types must still match the API's route schemas.
if (all || files.some((f) => f.startsWith('api/src/') || f.startsWith('shared/src/api/')))
  step('API contract (openapi.gen.ts up to date)', process.execPath, ['scripts/gen-api.mjs', '--check']);

// 3. Lint the changed files (all of them with --all).
const lintable = files.filter((f) => /\.(ts|tsx|mjs|cjs|js)$/.test(f) && !f.includes('/dist/'));
if (all) step('eslint', bin('eslint'), ['.']);
else if (lintable.length) step('eslint', bin('eslint'), ['--no-warn-ignored', ...lintable]);
if (all) step('prettier', bin('prettier'), ['--check', '**/*.{ts,tsx,js,mjs,cjs}']);
else if (lintable.length) step('prettier', bin('prettier'), ['--check', ...lintable]);

// 4. Tests related to the changed files: web (jsdom) and API (embedded PGlite).
const source = (f) => /\.(ts|tsx)$/.test(f);
const webFiles = files.filter((f) => source(f) && /^(shared|shell|mfe-[a-z-]+)\//.test(f));
const apiFiles = files.filter((f) => source(f) && f.startsWith('api/'));
const related = (list) => ['--findRelatedTests', ...list, '--passWithNoTests'];
// One worker per core (jest's default leaves one core idle: a single worker on a 2-core machine).
const workers = '--maxWorkers=100%';
if (all || webFiles.length)
  step('jest (web)', bin('jest'), ['-c', 'jest.web.config.cjs', workers, ...(all ? [] : related(webFiles))]);
// The API's tests import shared's contract types only (no runtime code), so a web change runs no API test.
// Every API suite builds the whole app, so import-following would select all ~70 suites (each starts its own
// PGlite): the quick loop takes the changed test files, the suites that import a changed module by path, and
// for a changed route file the suites of its area (api/test/<area>-*.test.ts) that call one of its paths.
const apiTests = all ? [] : selectApiTests(apiFiles);
if (all) step('jest (API)', bin('jest'), ['-c', 'api/jest.config.cjs', workers]);
else if (apiTests.length)
  step(`jest (API: ${apiTests.length} suites)`, bin('jest'), ['-c', 'api/jest.config.cjs', workers, ...apiTests]);

function selectApiTests(changed) {
  const testDir = path.join(root, 'api', 'test');
  const suites = readdirSync(testDir).filter((f) => f.endsWith('.test.ts'));
  const chosen = new Set(changed.filter((f) => /^api\/test\/[^/]+\.test\.ts$/.test(f)).map((f) => path.basename(f)));
  const texts = Object.fromEntries(suites.map((name) => [name, readFileSync(path.join(testDir, name), 'utf8')]));
  const modulesDir = path.join(root, 'api', 'src', 'modules');
  // Every routes file of api/src/modules with its source, read once.
  const routesFiles = Object.fromEntries(
    readdirSync(modulesDir).flatMap((area) =>
      readdirSync(path.join(modulesDir, area))
        .filter((f) => f.endsWith('.routes.ts'))
        .map((f) => [`api/src/modules/${area}/${f}`, readFileSync(path.join(modulesDir, area, f), 'utf8')]),
    ),
  );
  // The suites of an area: api/src/modules/settings/… → settings-*.test.ts. The routes of no area
  // (api/src/modules/core: sign-in, the account, branding, health…) have no core-* suites: theirs are the auth,
  // security, ops and account suites and the single-file ones named after a feature.
  const inArea = (area, name) =>
    area === 'core'
      ? /^(auth|security|ops|accounts)-|^(me|chatWidget|web|public|errors)\.test\.ts$/.test(name)
      : name.startsWith(`${area}-`);
  // A file's paths: '/api/crm/fields/:provider' → '/api/crm/fields/' (template literals are skipped: `/api/${type}-…` says too little).
  const pathsOf = (source) => [...source.matchAll(/'(\/(?:api|auth|p)\/[^':{]+)/g)].map((m) => m[1]);
  for (const file of changed.filter((f) => f.startsWith('api/src/') && existsSync(path.join(root, f)))) {
    const modulePath = file.replace(/^api\//, '').replace(/\.tsx?$/, '');
    for (const [name, text] of Object.entries(texts)) if (text.includes(`../${modulePath}'`)) chosen.add(name);
    const feature = /^api\/src\/modules\/([a-zA-Z]+)\/([a-zA-Z]+)\./.exec(file);
    if (!feature) continue;
    // A module file is covered by the routes that reach it (ADR 058: a repository or service has no path of its
    // own): its feature's routes file, and every routes file that imports it.
    const base = path.basename(modulePath);
    const imports = new RegExp(`from '\\.{1,2}/(?:[a-zA-Z]+/)?${base.replace(/\./g, '\\.')}'`);
    const covering = Object.entries(routesFiles).filter(
      ([r, source]) =>
        r === file || r === `api/src/modules/${feature[1]}/${feature[2]}.routes.ts` || imports.test(source),
    );
    for (const [routes, source] of covering) {
      const area = /^api\/src\/modules\/([a-zA-Z]+)\//.exec(routes)[1];
      const paths = pathsOf(source);
      for (const [name, text] of Object.entries(texts))
        if (inArea(area, name) && paths.some((p) => text.includes(p))) chosen.add(name);
    }
  }
  return [...chosen].sort().map((s) => `api/test/${s}`);
}

console.log(`\n✔ test:fast passed in ${((Date.now() - started) / 1000).toFixed(1)} s\n  ${timings.join('\n  ')}`);
