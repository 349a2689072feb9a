/**
 * The mount contract between the shell and every area remote.
 *
 * A remote exposes exactly one module, `./mount`, whose exports are single-spa
 * lifecycles created with `createAreaLifecycles`. The shell mounts it through
 * single-spa-react's Parcel and passes `AreaMountProps`. The contract carries a
 * semver: a remote compiled against another major is refused by the shell with
 * an in-area message instead of being mounted.
 */
export const AREA_CONTRACT_VERSION = '1.0.0';

import type { RemoteArea } from '../constants/remotes';

/** The areas, one per remote (shared/src/constants/remotes.ts). */
export type AreaId = RemoteArea;

/** The location the shell's router currently shows (the one URL truth). */
export interface AreaLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface AreaNavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** Navigation is delegated to the shell: areas never touch browser history. */
export interface AreaNavigator {
  navigate(to: string, options?: AreaNavigateOptions): void;
  go(delta: number): void;
}

export interface AreaMountProps {
  /** Contract version the shell speaks. */
  contractVersion: string;
  area: AreaId;
  /** Absolute path the area lives under, e.g. `/lead-search`. */
  basename: string;
  location: AreaLocation;
  navigator: AreaNavigator;
}

/** What `./mount` exports, plus the contract version the remote was built for. */
export interface AreaModule {
  contractVersion: string;
  bootstrap: (props: unknown) => Promise<unknown>;
  mount: (props: unknown) => Promise<unknown>;
  unmount: (props: unknown) => Promise<unknown>;
  update?: (props: unknown) => Promise<unknown>;
}

export function contractMajor(version: string): number {
  const major = Number.parseInt(version.split('.')[0] ?? '', 10);
  return Number.isFinite(major) ? major : -1;
}

export function isContractCompatible(remoteVersion: string | undefined, hostVersion = AREA_CONTRACT_VERSION): boolean {
  if (!remoteVersion) return false;
  return contractMajor(remoteVersion) === contractMajor(hostVersion);
}
