import type { SearchType } from './catalog';
import { emailWaterfall, type EmailFinder } from './emailFinder';
import { hunterDomainSearch, hunterEmailFinder, hunterEmployees } from './hunterProvider';
import { osmLocalSearch } from './osmProvider';
import type { EmailSourceId, LeadSourcesConfig } from './sourceConfig';
import type { SourceDeps } from './sourceHttp';
import type { EmployeeRecord, InfluencerEnrichment, LeadProvider, LeadQuery, LeadRecord, SiteVisit, StoredLead } from './types';

/** The parts a real provider is made of; a part a source does not offer answers "nothing found". */
export interface ProviderParts {
  id: string;
  search?: (query: LeadQuery, options: { offset: number }) => AsyncIterable<LeadRecord>;
  findPhone?: (lead: StoredLead) => Promise<string | null>;
  findEmployees?: (lead: StoredLead) => Promise<EmployeeRecord[]>;
  enrichInfluencer?: LeadProvider['enrichInfluencer'];
  identifyVisitor?: (visit: SiteVisit) => Promise<LeadRecord | null>;
}

// eslint-disable-next-line require-yield -- a source without a search yields nothing
async function* nothing(): AsyncIterable<LeadRecord> {
  return;
}

export function composeProvider(parts: ProviderParts): LeadProvider {
  return {
    id: parts.id,
    demo: false,
    search: parts.search ?? nothing,
    findPhone: parts.findPhone ?? (async () => null),
    findEmployees: parts.findEmployees ?? (async () => []),
    enrichInfluencer: parts.enrichInfluencer ?? (async (): Promise<InfluencerEnrichment | null> => null),
    identifyVisitor: parts.identifyVisitor ?? (async () => null),
  };
}

/** What the host hands over besides config: the domain engine's email finder and employees, when it is built. */
export interface LeadSourceExtras {
  /** The keyless site crawl as an email source (`site` in the waterfall). */
  siteEmailFinder?: EmailFinder | null;
  /** The keyless domain engine's people named on the site ("get employees" without a key). */
  siteEmployees?: ((lead: StoredLead) => Promise<EmployeeRecord[]>) | null;
}

/** The email finders in the configured order, the unconfigured ones left out. */
export function emailFinders(config: LeadSourcesConfig, deps: SourceDeps, extras: LeadSourceExtras): EmailFinder[] {
  const available: Partial<Record<EmailSourceId, EmailFinder>> = {};
  if (config.keyless && extras.siteEmailFinder) available.site = extras.siteEmailFinder;
  if (config.hunter) available.hunter = hunterEmailFinder(deps, config.hunter);
  return config.emailWaterfall.flatMap((id) => (available[id] ? [available[id]] : []));
}

/**
 * The real provider of each search type the configuration can serve; a type missing here keeps
 * the demo generator (`leadSourceStatus` in index.ts says why). Keyless engines come first for the types they
 * serve; keyed vendors take the types only a vendor can answer, and add "get employees" and emails.
 */
export function assembleLeadSources(config: LeadSourcesConfig, deps: SourceDeps, extras: LeadSourceExtras = {}): Partial<Record<SearchType, LeadProvider>> {
  const finders = emailFinders(config, deps, extras);
  const finder = finders.length ? emailWaterfall(finders) : null;
  const employees = config.hunter ? hunterEmployees(deps, config.hunter) : (extras.siteEmployees ?? undefined);
  const out: Partial<Record<SearchType, LeadProvider>> = {};

  if (config.keyless) {
    out.local = composeProvider({ id: 'osm', search: osmLocalSearch(deps, { nominatimUrl: config.nominatimUrl, overpassUrl: config.overpassUrl }, finder), findEmployees: employees });
  }
  if (config.hunter && !out.domain) {
    out.domain = composeProvider({ id: 'hunter', search: hunterDomainSearch(deps, config.hunter), findEmployees: employees });
  }
  return out;
}
