import { demoLeadProvider } from './demoProvider';
import { domainEngine, siteSources } from './domain';
import { SEARCH_TYPES, type SearchType } from './catalog';
import {
  assembleLeadSourceChains,
  effectiveKey,
  emailFinders,
  NO_SETTINGS,
  type LeadSourceExtras,
  type LeadSourceSettings,
} from './leadSources';
import { hunterGrader, installEmailGrader } from './emailGrades';
import { emailWaterfall, installEmailFinder } from './emailFinder';
import type { LeadSourcesConfig } from './sourceConfig';
import { defaultSourceDeps, type LeadSourceError, type SourceDeps } from './sourceHttp';
import { t, type Language } from '../../i18n/messages';
import type { LeadProvider } from './types';

export * from './types';
export * from './catalog';
export { demoLeadProvider, demoRecord, canonicalQuery } from './demoProvider';
export { loadLeadSourcesConfig, type LeadSourcesConfig } from './sourceConfig';
export { LeadSourceError } from './sourceHttp';

const overrides = new Map<SearchType, LeadProvider>();
/** The other real sources of a type, in order, tried when the one before cannot be reached. */
const alternatives = new Map<SearchType, readonly LeadProvider[]>();

/** The provider that serves a search type: a registered vendor adapter, else the demo generator. */
export function providerFor(type: SearchType): LeadProvider {
  return overrides.get(type) ?? demoLeadProvider;
}

/**
 * The sources an enrichment of a type can use, in order: every configured real source, or the demo
 * generator when none is (influencer enrich gives each row to the first one that covers it).
 */
export function enrichmentSourcesFor(type: SearchType): LeadProvider[] {
  const chain = chainOf(type);
  return chain.length ? chain : [providerFor(type)];
}

/** Every real source that can serve a type, in the order they are tried (empty: demo data only). */
function chainOf(type: SearchType): LeadProvider[] {
  const first = overrides.get(type);
  return first ? [first, ...(alternatives.get(type) ?? []).filter((p) => p.id !== first.id)] : [];
}

/**
 * The provider a job recorded (`search_jobs.provider`): the demo generator for "demo", the type's
 * source of that id when it is still configured, else the type's current provider. Demo lists
 * always get demo data, whatever adapters are plugged in.
 */
export function providerById(id: string, type: SearchType): LeadProvider {
  if (id === demoLeadProvider.id) return demoLeadProvider;
  return chainOf(type).find((p) => p.id === id) ?? providerFor(type);
}

/**
 * The real source to try when `id` could not be reached for a type (local: Google Places, then
 * OpenStreetMap), or null when no other real source can answer: the job then falls back to
 * labelled, free demo data.
 */
export function nextLeadSource(id: string, type: SearchType): LeadProvider | null {
  const chain = chainOf(type);
  const at = chain.findIndex((p) => p.id === id);
  return at >= 0 ? (chain[at + 1] ?? null) : null;
}

/** Plugs a vendor adapter in for some search types (at start-up, or in a test). Returns an undo. */
export function registerLeadProvider(provider: LeadProvider, types: readonly SearchType[]): () => void {
  const previous = types.map((t) => [t, overrides.get(t)] as const);
  types.forEach((t) => overrides.set(t, provider));
  return () => previous.forEach(([t, p]) => (p ? overrides.set(t, p) : overrides.delete(t)));
}

/** What the new-search screen shows per type: the source, and why it is demo data when it is. */
export interface LeadSourceStatus {
  id: string;
  demo: boolean;
  /** Why the type shows demo data: no real source for it is configured (the screen says so per type); null for a real source. */
  demo_reason: 'no_source' | null;
}

export function leadSourceStatus(type: SearchType): LeadSourceStatus {
  const provider = providerFor(type);
  return { id: provider.id, demo: provider.demo, demo_reason: provider.demo ? 'no_source' : null };
}

/** The keyless sources every process has without configuration: the domain engine's site crawl. */
export function defaultLeadSourceExtras(): LeadSourceExtras {
  return siteSources(domainEngine());
}

/**
 * Plugs in every real source the configuration enables (at start-up; tests pass their fakes' base
 * URLs and a `deps` that records waits). Types no source serves keep the demo generator. Returns an undo.
 */
export function installLeadSources(
  config: LeadSourcesConfig,
  extras: LeadSourceExtras = defaultLeadSourceExtras(),
  deps: SourceDeps = defaultSourceDeps(),
  settings: LeadSourceSettings = NO_SETTINGS,
): () => void {
  const chains = assembleLeadSourceChains(config, deps, extras, settings);
  const undos = SEARCH_TYPES.flatMap((type) => {
    const [first, ...rest] = chains[type] ?? [];
    if (!first) return [];
    const before = alternatives.get(type);
    alternatives.set(type, rest);
    const undoFirst = registerLeadProvider(first, [type]);
    return [
      () => {
        undoFirst();
        if (before) alternatives.set(type, before);
        else alternatives.delete(type);
      },
    ];
  });
  // Email grades: Hunter's Email Verifier when Hunter has a key; otherwise the keyless checks (emailGrader's fallback).
  const hunter = effectiveKey('hunter', config, settings);
  undos.push(installEmailGrader(hunter ? hunterGrader(deps, hunter) : null));
  // The email waterfall on its own, for rows that come without an email (CSV imports' "find emails").
  const finders = emailFinders(config, deps, extras, settings);
  undos.push(installEmailFinder(finders.length ? emailWaterfall(finders) : null));
  return () => undos.reverse().forEach((undo) => undo());
}

/** The per-job sentence for a source's failure ("The people-data provider refused the key."), in the user's language. */
export function leadSourceErrorMessage(error: LeadSourceError, language: Language): string {
  return t(language, `leadSources.${error.code}`, { source: error.source });
}
