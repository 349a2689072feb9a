// The one declaration of what the shell and every remote share at runtime.
// Listed by name on purpose (not spread from package.json): only these are
// singletons; everything else is bundled where it is used.
const fs = require('node:fs');
const path = require('node:path');

const SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  '@tanstack/react-query',
  'zustand',
  '@chakra-ui/react',
  '@emotion/react',
  'i18next',
  'react-i18next',
  'react-toastify',
];

/** Installed version of a package, found by walking up node_modules from here. */
function installedVersion(name) {
  let dir = __dirname;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(candidate)) return JSON.parse(fs.readFileSync(candidate, 'utf8')).version;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`federation: ${name} is not installed`);
    dir = parent;
  }
}

function sharedSingletons() {
  const shared = {};
  for (const name of SINGLETONS) {
    const version = installedVersion(name);
    shared[name] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  // Trailing-slash entries share deep imports too (react/jsx-runtime, react-dom/client),
  // otherwise they are bundled a second time.
  shared['react/'] = { ...shared.react };
  shared['react-dom/'] = { ...shared['react-dom'] };
  const own = JSON.parse(fs.readFileSync(path.join(__dirname, 'package.json'), 'utf8'));
  // The shared library itself: one session store, query client and i18n instance per page.
  shared[own.name] = { singleton: true, version: own.version, requiredVersion: `^${own.version}` };
  return applySharedOverride(shared, process.env.LEADSMITH_SHARED_OVERRIDE);
}

/**
 * Test builds only: LEADSMITH_SHARED_OVERRIDE=zustand@6.0.0 makes this build offer and require
 * another version of one singleton (the code bundled stays the installed one), so the e2e tests
 * can prove a shell/remote version skew is detected and reported. Never set for a real release.
 */
function applySharedOverride(shared, override) {
  if (!override) return shared;
  const match = /^(@?[^@\s]+)@(\d+\.\d+\.\d+)$/.exec(override);
  if (!match || !shared[match[1]]) throw new Error(`LEADSMITH_SHARED_OVERRIDE must be <shared package>@<x.y.z>, got "${override}"`);
  const [, name, version] = match;
  shared[name] = { ...shared[name], version, requiredVersion: `^${version}` };
  return shared;
}

module.exports = { SINGLETONS, sharedSingletons, installedVersion, applySharedOverride };
