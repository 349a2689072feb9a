// Build-time inputs of a remote release: its version and the mount-contract version it speaks.
const fs = require('node:fs');
const path = require('node:path');

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$/;

/** RELEASE_VERSION (e.g. 1.1.0 for a canary beside 1.0.0) or the package.json version. */
function releaseVersion(packageVersion, env = process.env) {
  const wanted = env.RELEASE_VERSION || packageVersion;
  if (!SEMVER.test(wanted))
    throw new Error(`RELEASE_VERSION must be a semver like 1.2.0 or 1.2.0-rc.1, got "${wanted}"`);
  return wanted;
}

/** The AREA_CONTRACT_VERSION declared in shared/src/contract/areaContract.ts. */
function declaredContractVersion() {
  const source = fs.readFileSync(path.join(__dirname, 'src/contract/areaContract.ts'), 'utf8');
  const match = /export const AREA_CONTRACT_VERSION = '([^']+)'/.exec(source);
  if (!match) throw new Error('shared/src/contract/areaContract.ts: AREA_CONTRACT_VERSION not found');
  return match[1];
}

/**
 * The contract a remote build speaks. AREA_CONTRACT_VERSION_OVERRIDE builds a remote
 * for another contract (used by the e2e test of the shell's refusal of an incompatible major).
 */
function contractVersionForBuild(env = process.env) {
  const override = env.AREA_CONTRACT_VERSION_OVERRIDE;
  if (override) {
    if (!SEMVER.test(override)) throw new Error(`AREA_CONTRACT_VERSION_OVERRIDE must be a semver, got "${override}"`);
    return override;
  }
  return declaredContractVersion();
}

module.exports = { SEMVER, releaseVersion, declaredContractVersion, contractVersionForBuild };
