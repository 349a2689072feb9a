import type { SearchType } from './catalog';
import { emailWaterfall, type EmailFinder } from './emailFinder';
import {
  apolloCompanySearch,
  apolloEmailFinder,
  apolloEmployees,
  apolloFindPhone,
  apolloPeopleSearch,
  apolloPollPhoneReveal,
  apolloRevealPhone,
} from './apolloProvider';
import { googlePlacesSearch } from './googlePlacesProvider';
import { hunterDomainSearch, hunterEmailFinder, hunterEmployees } from './hunterProvider';
import { ipinfoIdentify, reverseDnsIdentify, type ReverseLookup } from './intentProvider';
import { modashCovers, modashEnrich, modashSearch } from './modashProvider';
import { osmLocalSearch, withEmailsAhead } from './osmProvider';
import { wikidataCompanySearch } from './wikidataProvider';
import { youtubeCovers, youtubeEnrich, youtubeSearch } from './youtubeProvider';
import type { EmailSourceId, KeyedSource, KeyedSourceId, LeadSourcesConfig } from './sourceConfig';
import type { SourceDeps } from './sourceHttp';
import type {
  EmployeeRecord,
  InfluencerEnrichment,
  LeadProvider,
  LeadQuery,
  LeadRecord,
  SiteVisit,
  StoredLead,
} from './types';

/** The parts a real provider is made of; a part a source does not offer answers "nothing found". */
export interface ProviderParts {
  id: string;
  search?: (query: LeadQuery, options: { offset: number; limit?: number }) => AsyncIterable<LeadRecord>;
  findPhone?: (lead: StoredLead) => Promise<string | null>;
  revealPhone?: LeadProvider['revealPhone'];
  pollPhoneReveal?: LeadProvider['pollPhoneReveal'];
  findEmployees?: (lead: StoredLead) => Promise<EmployeeRecord[]>;
  enrichInfluencer?: LeadProvider['enrichInfluencer'];
  /** Many creators a call (the single look-up then asks through it). */
  enrichInfluencers?: NonNullable<LeadProvider['enrichInfluencers']>;
  /** The creators `enrichInfluencer` can ask about (absent with it: every creator). */
  coversInfluencer?: NonNullable<LeadProvider['coversInfluencer']>;
  identifyVisitor?: (visit: SiteVisit) => Promise<LeadRecord | null>;
}

// eslint-disable-next-line require-yield -- a source without a search yields nothing
async function* nothing(): AsyncIterable<LeadRecord> {
  return;
}

export function composeProvider(parts: ProviderParts): LeadProvider {
  const enrichMany = parts.enrichInfluencers;
  return {
    id: parts.id,
    demo: false,
    search: parts.search ?? nothing,
    findPhone: parts.findPhone ?? (async () => null),
    ...(parts.revealPhone ? { revealPhone: parts.revealPhone } : {}),
    ...(parts.pollPhoneReveal ? { pollPhoneReveal: parts.pollPhoneReveal } : {}),
    findEmployees: parts.findEmployees ?? (async () => []),
    enrichInfluencer:
      parts.enrichInfluencer ??
      (enrichMany
        ? async (lead) => (await enrichMany([lead]))[0] ?? null
        : async (): Promise<InfluencerEnrichment | null> => null),
    ...(enrichMany ? { enrichInfluencers: enrichMany } : {}),
    coversInfluencer: parts.coversInfluencer ?? (() => Boolean(parts.enrichInfluencer ?? enrichMany)),
    identifyVisitor: parts.identifyVisitor ?? (async () => null),
  };
}

/** Every source, keyless or keyed; `site` is the domain engine (crawl). */
export const LEAD_SOURCE_IDS = [
  'osm',
  'google_places',
  'apollo',
  'hunter',
  'site',
  'modash',
  'youtube',
  'ipinfo',
  'reverse_dns',
  'wikidata',
] as const;
export type LeadSourceId = (typeof LEAD_SOURCE_IDS)[number];
/** What the super admin orders: each search type, and the email waterfall. */
export type OrderedUse = SearchType | 'email';

/** The sources that can serve each use, in the default order (Admin → Searchers may reorder them). */
export const SOURCE_CANDIDATES: Readonly<Record<OrderedUse, readonly LeadSourceId[]>> = {
  people: ['apollo'],
  group: ['apollo'],
  local: ['google_places', 'osm'],
  company: ['apollo', 'wikidata'],
  domain: ['site', 'hunter'],
  influencer: ['modash', 'youtube'],
  intent: ['ipinfo', 'reverse_dns'],
  email: ['site', 'hunter', 'apollo'],
};

/** The super admin's settings (stored, keys already opened): they override the environment. */
export interface LeadSourceSettings {
  disabled: readonly LeadSourceId[];
  keys: Partial<Record<KeyedSourceId, string>>;
  order: Partial<Record<OrderedUse, readonly LeadSourceId[]>>;
}
export const NO_SETTINGS: LeadSourceSettings = { disabled: [], keys: {}, order: {} };

/** What the host hands over besides config: the domain engine's parts, when it is built. */
export interface LeadSourceExtras {
  /** The keyless site crawl as an email source (`site` in the waterfall). */
  siteEmailFinder?: EmailFinder | null;
  /** The keyless domain engine's people named on the site ("get employees" without a key). */
  siteEmployees?: ((lead: StoredLead) => Promise<EmployeeRecord[]>) | null;
  /** The keyless domain engine's domain search (crawls the site; `domain/`). */
  siteDomainSearch?: LeadProvider | null;
  /** Reverse DNS for intent (tests pass a local one). */
  reverseLookup?: ReverseLookup;
}

/** A keyed vendor's effective key and URL: the admin's key first, then the environment's; null when off or keyless. */
export function effectiveKey(
  id: KeyedSourceId,
  config: LeadSourcesConfig,
  settings: LeadSourceSettings,
): KeyedSource | null {
  if (settings.disabled.includes(id)) return null;
  const env = {
    google_places: config.googlePlaces,
    apollo: config.apollo,
    hunter: config.hunter,
    modash: config.modash,
    youtube: config.youtube,
    ipinfo: config.ipinfo,
  }[id];
  const apiKey = settings.keys[id] ?? env?.apiKey;
  return apiKey ? { apiKey, baseUrl: env?.baseUrl ?? config.urls[id] } : null;
}

/** The order a use tries its sources in: the admin's, with any candidate it left out appended. */
export function orderOf(
  use: OrderedUse,
  settings: LeadSourceSettings,
  fallback: readonly LeadSourceId[] = SOURCE_CANDIDATES[use],
): LeadSourceId[] {
  const chosen = (settings.order[use] ?? fallback).filter((id) => SOURCE_CANDIDATES[use].includes(id));
  return [...new Set([...chosen, ...SOURCE_CANDIDATES[use]])];
}

/** The email finders in the configured order, the unavailable ones left out. */
export function emailFinders(
  config: LeadSourcesConfig,
  deps: SourceDeps,
  extras: LeadSourceExtras,
  settings: LeadSourceSettings = NO_SETTINGS,
): EmailFinder[] {
  const hunter = effectiveKey('hunter', config, settings);
  const apollo = effectiveKey('apollo', config, settings);
  const available: Partial<Record<EmailSourceId, EmailFinder>> = {};
  if (
    config.keyless &&
    (!config.keylessOnly || config.keylessOnly.includes('site')) &&
    extras.siteEmailFinder &&
    !settings.disabled.includes('site')
  )
    available.site = extras.siteEmailFinder;
  if (hunter) available.hunter = hunterEmailFinder(deps, hunter);
  if (apollo) available.apollo = apolloEmailFinder(deps, apollo);
  // The environment's LEAD_EMAIL_WATERFALL is the default order; the admin's order replaces it.
  const order = settings.order.email ? orderOf('email', settings) : config.emailWaterfall;
  return order.flatMap((id) => (available[id as EmailSourceId] ? [available[id as EmailSourceId]!] : []));
}

/** A search whose records get their emails from the waterfall when the source gave none. */
function withEmails(
  search: NonNullable<ProviderParts['search']>,
  finder: EmailFinder | null,
): NonNullable<ProviderParts['search']> {
  if (!finder) return search;
  return (query, options) => withEmailsAhead(search(query, options), finder, options.limit);
}

/**
 * Every available real source of each search type, in its order (the admin's, else the default:
 * keyed vendors before the keyless engines where both can serve): the first serves the type; a job
 * whose source cannot be reached before it found anything moves on to the next (`nextLeadSource` in
 * index.ts). A type missing here keeps the demo generator (`leadSourceStatus` says why). Keyed
 * vendors also add "get employees", phones and emails.
 */
export function assembleLeadSourceChains(
  config: LeadSourcesConfig,
  deps: SourceDeps,
  extras: LeadSourceExtras = {},
  settings: LeadSourceSettings = NO_SETTINGS,
): Partial<Record<SearchType, LeadProvider[]>> {
  const on = (id: LeadSourceId) => !settings.disabled.includes(id);
  const keyless = (id: LeadSourceId) =>
    config.keyless && (!config.keylessOnly || config.keylessOnly.includes(id)) && on(id);
  const finders = emailFinders(config, deps, extras, settings);
  const finder = finders.length ? emailWaterfall(finders) : null;
  const apollo = effectiveKey('apollo', config, settings);
  const hunter = effectiveKey('hunter', config, settings);
  const modash = effectiveKey('modash', config, settings);
  const youtube = effectiveKey('youtube', config, settings);
  const ipinfo = effectiveKey('ipinfo', config, settings);
  const googleKey = effectiveKey('google_places', config, settings);
  const employees = apollo
    ? apolloEmployees(deps, apollo)
    : hunter
      ? hunterEmployees(deps, hunter)
      : keyless('site')
        ? (extras.siteEmployees ?? undefined)
        : undefined;
  const google = googlePlacesSearch(
    deps,
    { apiKey: googleKey?.apiKey ?? null, baseUrl: config.urls.google_places },
    finder,
  );
  const reverse = keyless('reverse_dns') ? reverseDnsIdentify(deps, finder, extras.reverseLookup) : null;

  const build: Record<LeadSourceId, (type: SearchType) => LeadProvider | null> = {
    google_places: () =>
      googleKey ? composeProvider({ id: 'google_places', search: google, findEmployees: employees }) : null,
    osm: () => {
      if (!keyless('osm')) return null;
      const osm = osmLocalSearch(deps, { nominatimUrl: config.nominatimUrl, overpassUrl: config.overpassUrl }, finder);
      // A user's own Google key still gets Google Places (spec: the user's "Google API key").
      return composeProvider({
        id: 'osm',
        search: (query, options) =>
          query.credentials?.googleApiKey && on('google_places') ? google(query, options) : osm(query, options),
        findEmployees: employees,
      });
    },
    apollo: (type) => {
      if (!apollo) return null;
      if (type === 'company')
        return composeProvider({
          id: 'apollo',
          search: withEmails(apolloCompanySearch(deps, apollo), finder),
          findEmployees: employees,
        });
      // Mobile numbers come by webhook, so only an API Apollo can reach (PUBLIC_URL) asks for them.
      const revealPhone = config.publicUrl ? apolloRevealPhone(deps, apollo, config.publicUrl) : undefined;
      return composeProvider({
        id: 'apollo',
        search: apolloPeopleSearch(deps, apollo),
        findPhone: apolloFindPhone(deps, apollo),
        revealPhone,
        pollPhoneReveal: apolloPollPhoneReveal(deps, apollo),
      });
    },
    hunter: () =>
      hunter
        ? composeProvider({ id: 'hunter', search: hunterDomainSearch(deps, hunter), findEmployees: employees })
        : null,
    wikidata: () =>
      keyless('wikidata')
        ? composeProvider({
            id: 'wikidata',
            search: withEmails(
              wikidataCompanySearch(deps, { sparqlUrl: config.wikidataSparqlUrl, nominatimUrl: config.nominatimUrl }),
              finder,
            ),
            findEmployees: employees,
          })
        : null,
    site: () => (keyless('site') ? (extras.siteDomainSearch ?? null) : null),
    modash: () =>
      modash
        ? composeProvider({
            id: 'modash',
            search: modashSearch(deps, modash),
            enrichInfluencer: modashEnrich(deps, modash),
            coversInfluencer: modashCovers,
          })
        : null,
    youtube: () =>
      youtube
        ? composeProvider({
            id: 'youtube',
            search: youtubeSearch(deps, youtube),
            enrichInfluencers: youtubeEnrich(deps, youtube),
            coversInfluencer: youtubeCovers,
          })
        : null,
    ipinfo: () =>
      ipinfo ? composeProvider({ id: 'ipinfo', identifyVisitor: ipinfoIdentify(deps, ipinfo, finder, reverse) }) : null,
    reverse_dns: () => (reverse ? composeProvider({ id: 'reverse_dns', identifyVisitor: reverse }) : null),
  };

  const out: Partial<Record<SearchType, LeadProvider[]>> = {};
  for (const type of Object.keys(SOURCE_CANDIDATES).filter((u): u is SearchType => u !== 'email')) {
    const chain = orderOf(type, settings).flatMap((id) => build[id](type) ?? []);
    if (chain.length) out[type] = chain;
  }
  return out;
}
