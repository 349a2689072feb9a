import type { SearchType } from './catalog';
import { emailWaterfall, type EmailFinder } from './emailFinder';
import { apolloCompanySearch, apolloEmailFinder, apolloEmployees, apolloFindPhone, apolloPeopleSearch } from './apolloProvider';
import { googlePlacesSearch } from './googlePlacesProvider';
import { hunterDomainSearch, hunterEmailFinder, hunterEmployees } from './hunterProvider';
import { ipinfoIdentify, reverseDnsIdentify, type ReverseLookup } from './intentProvider';
import { modashEnrich, modashSearch } from './modashProvider';
import { osmLocalSearch, withEmail } from './osmProvider';
import { youtubeSearch } from './youtubeProvider';
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
  /** Reverse DNS for intent (tests pass a local one). */
  reverseLookup?: ReverseLookup;
  /** The keyless domain engine's domain search (crawls the site; `domain/`). */
  siteDomainSearch?: LeadProvider | null;
}

/** The email finders in the configured order, the unconfigured ones left out. */
export function emailFinders(config: LeadSourcesConfig, deps: SourceDeps, extras: LeadSourceExtras): EmailFinder[] {
  const available: Partial<Record<EmailSourceId, EmailFinder>> = {};
  if (config.keyless && extras.siteEmailFinder) available.site = extras.siteEmailFinder;
  if (config.hunter) available.hunter = hunterEmailFinder(deps, config.hunter);
  if (config.apollo) available.apollo = apolloEmailFinder(deps, config.apollo);
  return config.emailWaterfall.flatMap((id) => (available[id] ? [available[id]] : []));
}

/** A search whose records get their emails from the waterfall when the source gave none. */
function withEmails(search: NonNullable<ProviderParts['search']>, finder: EmailFinder | null): NonNullable<ProviderParts['search']> {
  if (!finder) return search;
  return async function* (query, options) {
    for await (const record of search(query, options)) yield await withEmail(record, finder);
  };
}

/**
 * The real provider of each search type the configuration can serve; a type missing here keeps
 * the demo generator (`leadSourceStatus` in index.ts says why). Keyless engines come first for the
 * types they serve; keyed vendors take the types only a vendor can answer, and add "get
 * employees", phones and emails.
 */
export function assembleLeadSources(config: LeadSourcesConfig, deps: SourceDeps, extras: LeadSourceExtras = {}): Partial<Record<SearchType, LeadProvider>> {
  const finders = emailFinders(config, deps, extras);
  const finder = finders.length ? emailWaterfall(finders) : null;
  const employees = config.apollo
    ? apolloEmployees(deps, config.apollo)
    : config.hunter
      ? hunterEmployees(deps, config.hunter)
      : config.keyless
        ? (extras.siteEmployees ?? undefined)
        : undefined;
  const out: Partial<Record<SearchType, LeadProvider>> = {};

  // Local: Google Places with the platform's key, or the user's own (per search); else OpenStreetMap.
  const google = googlePlacesSearch(deps, { apiKey: config.googlePlaces?.apiKey ?? null, baseUrl: config.googlePlacesUrl }, finder);
  const osm = config.keyless ? osmLocalSearch(deps, { nominatimUrl: config.nominatimUrl, overpassUrl: config.overpassUrl }, finder) : null;
  if (config.googlePlaces || osm) {
    out.local = composeProvider({
      id: config.googlePlaces ? 'google_places' : 'osm',
      search: (query, options) => (config.googlePlaces || query.credentials?.googleApiKey || !osm ? google(query, options) : osm(query, options)),
      findEmployees: employees,
    });
  }
  if (config.apollo) {
    const people = composeProvider({ id: 'apollo', search: apolloPeopleSearch(deps, config.apollo), findPhone: apolloFindPhone(deps, config.apollo) });
    out.people = people;
    out.group = people;
    out.company = composeProvider({ id: 'apollo', search: withEmails(apolloCompanySearch(deps, config.apollo), finder), findEmployees: employees });
  }
  // Domain: the keyless site crawl is the default; Hunter's domain search when the crawl is switched off.
  if (config.keyless && extras.siteDomainSearch) out.domain = extras.siteDomainSearch;
  if (config.hunter && !out.domain) {
    out.domain = composeProvider({ id: 'hunter', search: hunterDomainSearch(deps, config.hunter), findEmployees: employees });
  }
  if (config.modash) {
    out.influencer = composeProvider({ id: 'modash', search: modashSearch(deps, config.modash), enrichInfluencer: modashEnrich(deps, config.modash) });
  } else if (config.youtube) {
    out.influencer = composeProvider({ id: 'youtube', search: youtubeSearch(deps, config.youtube) });
  }
  const reverse = config.keyless ? reverseDnsIdentify(deps, finder, extras.reverseLookup) : null;
  if (config.ipinfo) {
    out.intent = composeProvider({ id: 'ipinfo', identifyVisitor: ipinfoIdentify(deps, config.ipinfo, finder, reverse) });
  } else if (reverse) {
    out.intent = composeProvider({ id: 'reverse_dns', identifyVisitor: reverse });
  }
  return out;
}
