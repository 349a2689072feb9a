import { ConfigError } from '../../config';

/** A keyed vendor: its key and base URL (configurable so tests and operators can point elsewhere). */
export interface KeyedSource {
  apiKey: string;
  baseUrl: string;
}

/** The vendors that need a key. */
export const KEYED_SOURCES = ['google_places', 'apollo', 'hunter', 'modash', 'youtube', 'ipinfo'] as const;
export type KeyedSourceId = (typeof KEYED_SOURCES)[number];

/** The email sources the waterfall may use, in the order they are tried by default. */
export const EMAIL_SOURCES = ['site', 'hunter', 'apollo'] as const;
export type EmailSourceId = (typeof EMAIL_SOURCES)[number];

/** Which lead sources the API uses, read once from the environment (see README.md in this folder). */
export interface LeadSourcesConfig {
  /** The keyless engines (OpenStreetMap, reverse DNS, the domain crawl). On by default; LEAD_KEYLESS_SOURCES=0 turns them off. */
  keyless: boolean;
  /** LEAD_KEYLESS_SOURCES as a list (`site`, `osm`, `reverse_dns`, `wikidata`): only those keyless engines; null for all. */
  keylessOnly?: readonly string[] | null;
  nominatimUrl: string;
  overpassUrl: string;
  /** Wikidata Query Service SPARQL endpoint (companies, keyless). */
  wikidataSparqlUrl: string;
  /** The platform's Google Places key (users may bring their own, see LeadQuery.credentials). */
  googlePlaces: KeyedSource | null;
  apollo: KeyedSource | null;
  hunter: KeyedSource | null;
  modash: KeyedSource | null;
  youtube: KeyedSource | null;
  ipinfo: KeyedSource | null;
  /** Base URL of every keyed vendor, also when its key comes from Admin → Searchers rather than the environment. */
  urls: Readonly<Record<KeyedSourceId, string>>;
  /** The API's public address (PUBLIC_URL): vendors that answer by webhook (Apollo's phone reveal) post to it; null: they are not asked to. */
  publicUrl: string | null;
  /** Email finding order (LEAD_EMAIL_WATERFALL, e.g. `site,hunter,apollo`); sources not configured are skipped. */
  emailWaterfall: EmailSourceId[];
}

type Env = Readonly<Record<string, string | undefined>>;

const value = (env: Env, key: string) => {
  const v = env[key]?.trim();
  return v ? v : undefined;
};

function baseUrl(env: Env, key: string, fallback: string): string {
  const v = value(env, key) ?? fallback;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new ConfigError(key, `expected an http(s) URL, got "${v}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(key, `expected an http(s) URL, got "${v}"`);
  return v;
}

function keyed(env: Env, keyName: string, urlName: string, fallback: string): KeyedSource | null {
  const apiKey = value(env, keyName);
  const url = baseUrl(env, urlName, fallback);
  return apiKey ? { apiKey, baseUrl: url } : null;
}

/** The engines that need no key (LEAD_KEYLESS_SOURCES may name some of them). */
export const KEYLESS_SOURCES = ['osm', 'reverse_dns', 'site', 'wikidata'] as const;

export function loadLeadSourcesConfig(env: Env): LeadSourcesConfig {
  const keylessRaw = (value(env, 'LEAD_KEYLESS_SOURCES') ?? '1').toLowerCase();
  const keylessList = keylessRaw
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const listed = !['1', '0', 'true', 'false', 'on', 'off'].includes(keylessRaw);
  if (listed && !keylessList.every((k) => (KEYLESS_SOURCES as readonly string[]).includes(k))) {
    throw new ConfigError(
      'LEAD_KEYLESS_SOURCES',
      `expected 1/0, true/false or some of ${KEYLESS_SOURCES.join(', ')}, got "${keylessRaw}"`,
    );
  }
  const order = (value(env, 'LEAD_EMAIL_WATERFALL') ?? EMAIL_SOURCES.join(','))
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const unknown = order.find((s) => !(EMAIL_SOURCES as readonly string[]).includes(s));
  if (unknown)
    throw new ConfigError(
      'LEAD_EMAIL_WATERFALL',
      `unknown email source "${unknown}" (expected some of ${EMAIL_SOURCES.join(', ')})`,
    );
  return {
    keyless: listed || ['1', 'true', 'on'].includes(keylessRaw),
    keylessOnly: listed ? keylessList : null,
    nominatimUrl: baseUrl(env, 'NOMINATIM_URL', 'https://nominatim.openstreetmap.org/'),
    overpassUrl: baseUrl(env, 'OVERPASS_URL', 'https://overpass-api.de/api/interpreter'),
    wikidataSparqlUrl: baseUrl(env, 'WIKIDATA_SPARQL_URL', 'https://query.wikidata.org/sparql'),
    googlePlaces: keyed(env, 'GOOGLE_PLACES_API_KEY', 'GOOGLE_PLACES_URL', 'https://places.googleapis.com/'),
    apollo: keyed(env, 'APOLLO_API_KEY', 'APOLLO_URL', 'https://api.apollo.io/'),
    hunter: keyed(env, 'HUNTER_API_KEY', 'HUNTER_URL', 'https://api.hunter.io/'),
    modash: keyed(env, 'MODASH_API_KEY', 'MODASH_URL', 'https://api.modash.io/'),
    youtube: keyed(env, 'YOUTUBE_API_KEY', 'YOUTUBE_URL', 'https://www.googleapis.com/'),
    ipinfo: keyed(env, 'IPINFO_TOKEN', 'IPINFO_URL', 'https://ipinfo.io/'),
    urls: {
      google_places: baseUrl(env, 'GOOGLE_PLACES_URL', 'https://places.googleapis.com/'),
      apollo: baseUrl(env, 'APOLLO_URL', 'https://api.apollo.io/'),
      hunter: baseUrl(env, 'HUNTER_URL', 'https://api.hunter.io/'),
      modash: baseUrl(env, 'MODASH_URL', 'https://api.modash.io/'),
      youtube: baseUrl(env, 'YOUTUBE_URL', 'https://www.googleapis.com/'),
      ipinfo: baseUrl(env, 'IPINFO_URL', 'https://ipinfo.io/'),
    },
    publicUrl: value(env, 'PUBLIC_URL') ? baseUrl(env, 'PUBLIC_URL', '') : null,
    emailWaterfall: [...new Set(order)] as EmailSourceId[],
  };
}
