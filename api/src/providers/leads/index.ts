import { demoLeadProvider } from './demoProvider';
import type { SearchType } from './catalog';
import type { LeadProvider } from './types';

export * from './types';
export * from './catalog';
export { demoLeadProvider, demoRecord, canonicalQuery } from './demoProvider';

const overrides = new Map<SearchType, LeadProvider>();

/** The provider that serves a search type: a registered vendor adapter, else the demo generator. */
export function providerFor(type: SearchType): LeadProvider {
  return overrides.get(type) ?? demoLeadProvider;
}

/**
 * The provider a job recorded (`search_jobs.provider`): the demo generator for "demo", else the
 * type's current provider. Demo lists always get demo data, whatever adapters are plugged in.
 */
export function providerById(id: string, type: SearchType): LeadProvider {
  return id === demoLeadProvider.id ? demoLeadProvider : providerFor(type);
}

/** Plugs a vendor adapter in for some search types (at start-up, or in a test). Returns an undo. */
export function registerLeadProvider(provider: LeadProvider, types: readonly SearchType[]): () => void {
  const previous = types.map((t) => [t, overrides.get(t)] as const);
  types.forEach((t) => overrides.set(t, provider));
  return () => previous.forEach(([t, p]) => (p ? overrides.set(t, p) : overrides.delete(t)));
}
