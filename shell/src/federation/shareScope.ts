import type { ShareScope, SharedOffer } from './container';

/** One package of the federation share scope: the version in use and who registered which. */
export interface SharedModuleUse {
  name: string;
  /** The version the page runs (the singleton the runtime picked), or null before anything used it. */
  inUse: string | null;
  /** Container that provided the version in use. */
  from: string | null;
  /** Every registered version with the containers that offered it. */
  registered: { version: string; from: string; requiredVersion: string | false }[];
}

/** A container registered another version than the one in use, or requires a range it does not satisfy. */
export interface ShareMismatch {
  name: string;
  /** The container (shell or remote) whose version or requirement differs. */
  container: string;
  registeredVersion: string;
  requiredVersion: string | false;
  inUse: string;
  /** false when the version in use does not satisfy the container's requiredVersion. */
  satisfied: boolean;
}

type Satisfies = (version: string, range: string) => boolean;

/**
 * Reads the page's share scope (webpack's runtime keeps one provider per package version: the
 * shell wins a tie) with what each loaded remote's manifest says it offers and requires. With
 * `singleton` the runtime runs one version of each package — the one already loaded; a remote
 * that offered another version, or whose requiredVersion the one in use does not satisfy, is a
 * mismatch: reported, not fixed (the runtime's singleton rule stands).
 */
export function analyseShareScope(
  scope: ShareScope,
  offers: SharedOffer[],
  satisfies: Satisfies,
): { shared: SharedModuleUse[]; mismatches: ShareMismatch[] } {
  const shared: SharedModuleUse[] = [];
  const mismatches: ShareMismatch[] = [];
  for (const [name, versions] of Object.entries(scope).sort(([a], [b]) => a.localeCompare(b))) {
    const entries = Object.entries(versions).map(([version, e]) => ({ version, from: e.from, loaded: !!e.loaded }));
    const used = entries.find((e) => e.loaded) ?? null;
    const registered: SharedModuleUse['registered'] = [];
    const add = (version: string, from: string, requiredVersion: string | false) => {
      if (!registered.some((r) => r.version === version && r.from === from))
        registered.push({ version, from, requiredVersion });
    };
    const offered = offers.filter((o) => o.name === name);
    for (const e of entries)
      add(
        e.version,
        e.from,
        offered.find((o) => o.container === e.from && o.version === e.version)?.requiredVersion ?? false,
      );
    for (const o of offered) add(o.version, o.container, o.requiredVersion);
    shared.push({ name, inUse: used?.version ?? null, from: used?.from ?? null, registered });
    if (!used) continue;
    for (const r of registered) {
      if (r.version === used.version) continue;
      mismatches.push({
        name,
        container: r.from,
        registeredVersion: r.version,
        requiredVersion: r.requiredVersion,
        inUse: used.version,
        satisfied: r.requiredVersion === false || satisfies(used.version, r.requiredVersion),
      });
    }
  }
  return { shared, mismatches };
}

/** Whether any remote offered a version other than the one in use (the range check then needs semver). */
export function hasOtherVersions(scope: ShareScope, offers: SharedOffer[]): boolean {
  return offers.some((o) => {
    const loaded = Object.entries(scope[o.name] ?? {}).find(([, e]) => e.loaded);
    return loaded !== undefined && loaded[0] !== o.version;
  });
}

export function mismatchKey(m: ShareMismatch): string {
  return `${m.name}|${m.container}|${m.registeredVersion}|${m.inUse}`;
}
