/** API tests: node environment, TypeScript through swc, CommonJS. */
const fs = require('node:fs');
const path = require('node:path');

const swc = (syntax) => ['@swc/jest', { jsc: { parser: { syntax }, target: 'es2022' }, module: { type: 'commonjs' } }];
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Plain Node runs the API's dependencies as they are, but Jest's
 * module sandbox cannot load ES-module-only packages through require() (e.g.
 * cookie, content-disposition) nor run PGlite's dynamic import() of Node
 * built-ins. Those packages, found by walking the API's dependency tree, are
 * compiled to CommonJS for the tests; everything else in node_modules is not.
 */
const ALWAYS_TRANSFORM = new Set(['@electric-sql/pglite']);

function packagesNeedingTransform() {
  const dirs = new Set();
  const seen = new Set();
  const visit = (name, from) => {
    let pkgFile;
    try {
      pkgFile = require.resolve(`${name}/package.json`, { paths: [from] });
    } catch {
      try {
        let dir = path.dirname(require.resolve(name, { paths: [from] }));
        while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
        pkgFile = path.join(dir, 'package.json');
      } catch {
        return; // optional or platform-specific dependency that is not installed
      }
    }
    if (seen.has(pkgFile)) return;
    seen.add(pkgFile);
    const dir = path.dirname(pkgFile);
    const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
    if (ALWAYS_TRANSFORM.has(name)) dirs.add(dir);
    if (pkg.type === 'module') {
      // ESM-only when require() resolves into the package's own ESM scope.
      try {
        const entry = require.resolve(name, { paths: [from] });
        let scope = path.dirname(entry);
        while (!fs.existsSync(path.join(scope, 'package.json'))) scope = path.dirname(scope);
        const scopeType = JSON.parse(fs.readFileSync(path.join(scope, 'package.json'), 'utf8')).type;
        if (/\.m?js$/.test(entry) && (scopeType === 'module' || entry.endsWith('.mjs'))) dirs.add(dir);
      } catch {
        dirs.add(dir);
      }
    }
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, dir);
  };
  const own = JSON.parse(fs.readFileSync(path.join(__dirname, 'package.json'), 'utf8'));
  for (const dep of Object.keys(own.dependencies ?? {})) visit(dep, __dirname);
  return [...dirs];
}

const transformDirs = packagesNeedingTransform().map((d) => escapeRegExp(d.split(path.sep).join('/')));
const inTransformDirs = `^(${transformDirs.join('|')})/`;

module.exports = {
  displayName: 'api',
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': swc('typescript'),
    [`${inTransformDirs}.+\\.(m?js|cjs)$`]: swc('ecmascript'),
  },
  transformIgnorePatterns: [`^(?!${inTransformDirs}).*/node_modules/`],
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  // Each file starts its own embedded PostgreSQL (a few seconds on this machine).
  testTimeout: 30_000,
  // Run alone (`npm test -w api`, the PostgreSQL pass): a worker past this size after a file is
  // replaced, so the heap kept from file to file never reaches Node's limit (see ../jest.config.cjs).
  workerIdleMemoryLimit: '1GB',
  setupFilesAfterEnv: ['<rootDir>/test/jest.setup.ts'],
  // One loopback DNS server answering from fixtures for the whole run (DOMAIN_DNS_SERVERS): no test reaches real DNS.
  globalSetup: '<rootDir>/test/support/globalSetup.ts',
  globalTeardown: '<rootDir>/test/support/globalTeardown.ts',
  // The spec constants from their TypeScript source (the built server requires shared/dist, see shared/package.json).
  moduleNameMapper: { '^@leadsmith/shared/constants$': '<rootDir>/../shared/src/constants/index.ts' },
};
