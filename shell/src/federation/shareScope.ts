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

interface SharedLike {
  version: string;
  from: string;
  loaded?: boolean;
  useIn?: string[];
  shareConfig?: { requiredVersion?: string | false; singleton?: boolean };
}

export type ShareScopeLike = Record<string, Record<string, Record<string, SharedLike>>>;

type Satisfies = (version: string, range: string) => boolean;

/**
 * Reads the runtime's share scope (versions registered by each container). With `singleton`
 * the runtime runs one version of each package — the one loaded first ('loaded-first'); a
 * container that registered another version, or whose requiredVersion the one in use does
 * not satisfy, is a mismatch: reported, not fixed (the runtime's singleton rule stands).
 */
export function analyseShareScope(
  scopeMap: ShareScopeLike,
  satisfies: Satisfies,
  scope = 'default',
): { shared: SharedModuleUse[]; mismatches: ShareMismatch[] } {
  const shared: SharedModuleUse[] = [];
  const mismatches: ShareMismatch[] = [];
  for (const [name, versions] of Object.entries(scopeMap[scope] ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    const entries = Object.values(versions);
    const used = entries.find((e) => e.loaded) ?? entries.find((e) => (e.useIn?.length ?? 0) > 0) ?? null;
    const registered: SharedModuleUse['registered'] = [];
    for (const entry of entries) {
      const containers = new Set([entry.from, ...(entry.useIn ?? [])]);
      for (const from of containers)
        registered.push({ version: entry.version, from, requiredVersion: entry.shareConfig?.requiredVersion ?? false });
    }
    shared.push({ name, inUse: used?.version ?? null, from: used?.from ?? null, registered });
    if (!used) continue;
    for (const entry of entries) {
      if (entry === used) continue;
      const required = entry.shareConfig?.requiredVersion ?? false;
      mismatches.push({
        name,
        container: entry.from,
        registeredVersion: entry.version,
        requiredVersion: required,
        inUse: used.version,
        satisfied: required === false || satisfies(used.version, required),
      });
    }
  }
  return { shared, mismatches };
}

export function mismatchKey(m: ShareMismatch): string {
  return `${m.name}|${m.container}|${m.registeredVersion}|${m.inUse}`;
}
