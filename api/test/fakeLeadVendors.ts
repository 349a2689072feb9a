import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { guardedHttpClient, type SourceDeps } from '../src/providers/leads/sourceHttp';
import {
  APOLLO_PEOPLE_PER_ORG,
  apolloEnrichedPerson,
  apolloOrganization,
  apolloOrgPersonIndex,
  apolloPhoneWebhook,
  apolloSearchPerson,
} from './fixtures/leadVendors/apollo';
import { GOOGLE_KEY_INVALID, textSearchAnswer } from './fixtures/leadVendors/googlePlaces';
import {
  domainSearchAnswer,
  emailFinderAnswer,
  emailVerifierAnswer,
  HUNTER_ERRORS,
} from './fixtures/leadVendors/hunter';
import { IPINFO } from './fixtures/leadVendors/ipinfo';
import {
  MODASH_ACCOUNT_TYPES,
  modashInvalidBody,
  modashReport,
  modashSearchAnswer,
} from './fixtures/leadVendors/modash';
import {
  YOUTUBE_IDS_PER_CALL,
  YOUTUBE_INVALID_FILTERS,
  YOUTUBE_KEY_INVALID,
  youtubeChannelsAnswer,
  youtubeSearchAnswer,
} from './fixtures/leadVendors/youtube';
import { NOMINATIM_PORTO, NOMINATIM_RIBEIRA, OVERPASS_ELEMENTS, overpassAnswer } from './fixtures/leadVendors/osm';
import { COMPANY_VARS, companyBinding, sparqlAnswer, WIKIDATA_COMPANIES } from './fixtures/leadVendors/wikidata';

/**
 * Local stand-ins for the lead sources, one loopback server with a path prefix per vendor
 * (`/nominatim/`, `/overpass/`, `/hunter/`, …): each answers in the vendor's documented format
 * from the fixtures in `fixtures/leadVendors/` (which cite the reference pages), checks the key the
 * way the vendor does, and records what it received. `queue(vendor, …)` scripts the next answers
 * (a 429 with Retry-After, a 5xx, a refused key) before the normal ones resume; `hold`/`release`
 * make a source slow on purpose, answering only when the test says (also over HTTP, `/__control/…`,
 * for the e2e run, whose fakes live in another process).
 */
export type Vendor =
  'nominatim' | 'overpass' | 'hunter' | 'apollo' | 'google' | 'modash' | 'youtube' | 'ipinfo' | 'wikidata';

export interface Scripted {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A callback the vendor makes after answering (Apollo's phone reveal posts the numbers to the request's `webhook_url`). */
  webhook?: { url: string; body: unknown; requestId?: string };
}

/** One callback the fake made (or holds): where, what, and the receiver's status once it answered. */
export interface WebhookCall {
  url: string;
  body: unknown;
  /** The receiver's HTTP status (0 when it could not be reached). */
  answered: Promise<number>;
}

export interface ReceivedRequest {
  vendor: Vendor;
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeLeadVendors {
  /** Base URL of one vendor (ends with `/`). */
  url(vendor: Vendor): string;
  requests: ReceivedRequest[];
  of(vendor: Vendor): ReceivedRequest[];
  queue(vendor: Vendor, ...answers: Scripted[]): void;
  /**
   * A deliberately slow source: every later request of `vendor` whose `holdKey` is `key` waits
   * until released. Overpass's key is its query's tags, sorted (`amenity=restaurant`); with `within`
   * (south, west, north, east) only Overpass queries whose box lies inside it wait (one test's town,
   * not another test's search running meanwhile).
   */
  hold(vendor: Vendor, key: string, within?: Box): void;
  /** Requests waiting now. */
  held(): number;
  /** Lets the oldest `count` waiting requests be answered; without a count, all of them, and nothing is held any more. */
  release(count?: number): void;
  /** Callbacks made so far (Apollo's phone webhooks), in order. */
  webhooks: WebhookCall[];
  /** Holds later callbacks until `releaseWebhooks` (a reveal that stays pending, or never answers). */
  holdWebhooks(): void;
  /** Sends the held callbacks (and stops holding); resolves when every callback made so far was answered. */
  releaseWebhooks(): Promise<void>;
  /** Drops the held callbacks unsent (stops holding): as if Apollo never called back. */
  dropWebhooks(): void;
  /** Posts callback `index` again, as a vendor retrying would; resolves with the receiver's status. */
  replayWebhook(index: number): Promise<number>;
  close(): Promise<void>;
}

/** South, west, north, east: an Overpass bounding box. */
export type Box = readonly [number, number, number, number];

/** The box an Overpass query asks about, or null (a query by id). */
function queryBox(request: ReceivedRequest): Box | null {
  const query = new URLSearchParams(request.body).get('data') ?? '';
  const box = /\((-?[\d.]+),(-?[\d.]+),(-?[\d.]+),(-?[\d.]+)\)/.exec(query);
  return box ? (box.slice(1).map(Number) as unknown as Box) : null;
}

/** What `hold` compares: Overpass's query tags (sorted `k=v`, comma-separated), else the request's path. */
export function holdKey(request: ReceivedRequest): string {
  if (request.vendor !== 'overpass') return request.path;
  const query = new URLSearchParams(request.body).get('data') ?? '';
  return [...new Set([...query.matchAll(/nwr\["([^"]+)"="([^"]+)"\]/g)].map((m) => `${m[1]}=${m[2]}`))]
    .sort()
    .join(',');
}

export const FAKE_KEYS = {
  hunter: 'hunter-test-key',
  apollo: 'apollo-test-key',
  google: 'google-test-key',
  googleUser: 'AIzaSyLeadsmithUserOwnKey_0000000000000',
  modash: 'modash-test-token',
  youtube: 'youtube-test-key',
  ipinfo: 'ipinfo-test-token',
} as const;

/** How many results the fakes hold: Apollo people and organizations per search, Modash per platform, YouTube channels, Google places per category. */
export const FAKE_TOTALS = {
  apolloPeople: 30,
  apolloOrganizations: 40,
  modash: { instagram: 20, tiktok: 5, youtube: 0 } as Record<string, number>,
  youtube: 120,
  googlePlaces: 45,
};

/** Hunter domains the fake knows, with how many addresses each has. */
export const HUNTER_DOMAINS: Record<string, number> = {
  'acme.test': 23,
  'tripeiro.test': 2,
  'dentes-boavista.test': 1,
};

type Handler = (request: ReceivedRequest) => Scripted;

function overpass(request: ReceivedRequest): Scripted {
  const query = new URLSearchParams(request.body).get('data') ?? '';
  const box = queryBox(request);
  if (!query.startsWith('[out:json]')) return { status: 400, body: 'Error: line 1: parse error' };
  // A query by id (the health check's `node(1)`) finds nothing among the fixtures.
  if (!box) return { status: 200, body: overpassAnswer([]) };
  const [s, w, n, e] = box;
  const tags = [...query.matchAll(/nwr\["([^"]+)"="([^"]+)"\]/g)].map((m) => [m[1]!, m[2]!] as const);
  const named = query.includes('["name"]');
  const elements = OVERPASS_ELEMENTS.filter((el) => {
    const lat = 'center' in el ? el.center.lat : el.lat;
    const lon = 'center' in el ? el.center.lon : el.lon;
    return (
      lat >= s &&
      lat <= n &&
      lon >= w &&
      lon <= e &&
      tags.some(([k, v]) => el.tags[k] === v) &&
      (!named || Boolean(el.tags.name))
    );
  });
  return { status: 200, body: overpassAnswer(elements) };
}

/**
 * The Wikidata Query Service: reads the company query's country code (P297), industry items (VALUES
 * ?ind), employee bounds, LIMIT and OFFSET, and answers from the fixture companies in the SPARQL JSON
 * results format, in the query's order (most employees first, then item).
 */
function wikidata(request: ReceivedRequest): Scripted {
  if (!request.path.endsWith('/sparql')) return { status: 404, body: 'Not Found' };
  // Wikimedia's User-Agent policy: generic library agents are refused.
  if (!/Leadsmith/.test(String(request.headers['user-agent'])))
    return { status: 403, body: 'Please set a user-agent and respect our robot policy https://w.wiki/CX6' };
  const query = request.method === 'POST' ? new URLSearchParams(request.body).get('query') : request.query.get('query');
  if (!query || !/^\s*(SELECT|ASK)\b/i.test(query))
    return { status: 400, body: 'MalformedQueryException: Encountered " <EOF> "' };
  // Without the JSON media type the service answers SPARQL XML.
  if (!String(request.headers.accept).includes('application/sparql-results+json'))
    return {
      status: 200,
      body: '<?xml version="1.0"?><sparql xmlns="http://www.w3.org/2005/sparql-results#"></sparql>',
      headers: { 'content-type': 'application/sparql-results+xml' },
    };
  const country = /wdt:P297 "([A-Z]{2})"/.exec(query)?.[1];
  if (!country)
    return {
      status: 200,
      body: sparqlAnswer(
        ['ok'],
        [{ ok: { type: 'literal', datatype: 'http://www.w3.org/2001/XMLSchema#integer', value: '1' } }],
      ),
    };
  const industries = /VALUES \?ind \{([^}]*)\}/.exec(query)?.[1]?.match(/Q\d+/g) ?? null;
  const min = Number(/\?staff >= (\d+)/.exec(query)?.[1] ?? -Infinity);
  const max = Number(/\?staff <= (\d+)/.exec(query)?.[1] ?? Infinity);
  const staffRequired = /\?company wdt:P1128 \?staff \./.test(query);
  const limit = Number(/LIMIT (\d+)/.exec(query)?.[1] ?? 1000);
  const offset = Number(/OFFSET (\d+)/.exec(query)?.[1] ?? 0);
  const matching = WIKIDATA_COMPANIES.filter(
    (c) =>
      c.country === country &&
      (!industries || industries.includes(c.industry)) &&
      (!staffRequired || (c.employees !== undefined && c.employees >= min && c.employees <= max)),
  ).sort((a, b) => (b.employees ?? -1) - (a.employees ?? -1) || a.qid.localeCompare(b.qid));
  return {
    status: 200,
    body: sparqlAnswer(COMPANY_VARS, matching.slice(offset, offset + limit).map(companyBinding)),
    headers: { 'content-type': 'application/sparql-results+json;charset=utf-8' },
  };
}

function nominatim(request: ReceivedRequest): Scripted {
  if (!request.path.endsWith('/search')) return { status: 404, body: { error: 'Not found' } };
  if (request.query.get('format') !== 'jsonv2')
    return { status: 400, body: { error: { code: 400, message: 'Parameter format' } } };
  // The public instance refuses stock library user agents (usage policy).
  if (!/Leadsmith/.test(String(request.headers['user-agent']))) return { status: 403, body: 'Access blocked' };
  const q = (request.query.get('q') ?? '').toLowerCase();
  return { status: 200, body: q === 'porto' ? NOMINATIM_PORTO : q === 'ribeira, porto' ? NOMINATIM_RIBEIRA : [] };
}

function hunter(request: ReceivedRequest): Scripted {
  if (request.headers['x-api-key'] !== FAKE_KEYS.hunter) return { status: 401, body: HUNTER_ERRORS.unauthorized };
  const q = request.query;
  const domain = q.get('domain') ?? '';
  if (request.path.endsWith('/v2/domain-search')) {
    const limit = Number(q.get('limit') ?? 10);
    const offset = Number(q.get('offset') ?? 0);
    return {
      status: 200,
      body: domainSearchAnswer(domain, HUNTER_DOMAINS[domain] ?? 0, limit, offset, q.get('type') ?? undefined),
    };
  }
  if (request.path.endsWith('/v2/email-finder')) {
    if (!HUNTER_DOMAINS[domain]) return { status: 404, body: HUNTER_ERRORS.notFound };
    const first = q.get('first_name') ?? '';
    return {
      status: 200,
      body: emailFinderAnswer(domain, first, q.get('last_name') ?? '', first === 'Maybe' ? 'accept_all' : 'valid'),
    };
  }
  if (request.path.endsWith('/v2/account')) {
    // https://hunter.io/api-documentation/v2#account
    return {
      status: 200,
      body: {
        data: {
          first_name: 'Test',
          last_name: 'Account',
          email: 'ops@leadsmith.test',
          plan_name: 'Starter',
          plan_level: 1,
          reset_date: '2026-12-01',
          team_id: 1,
          requests: { searches: { used: 12, available: 500 }, verifications: { used: 3, available: 1000 } },
        },
      },
    };
  }
  if (request.path.endsWith('/v2/email-verifier')) {
    // The verdict follows the address: a known Hunter domain's is valid, the others' are told by their domain or mailbox.
    const email = (q.get('email') ?? '').toLowerCase();
    const [local = '', host = ''] = email.split('@');
    if (local === 'slow') return { status: 202, body: { data: null, meta: { params: { email } } } };
    if (HUNTER_DOMAINS[host]) return { status: 200, body: emailVerifierAnswer(email, 'valid') };
    if (host === 'catchall.test') return { status: 200, body: emailVerifierAnswer(email, 'accept_all') };
    if (['gmail.com', 'yahoo.com', 'outlook.com'].includes(host))
      return { status: 200, body: emailVerifierAnswer(email, 'webmail') };
    if (['mailinator.com', 'yopmail.com'].includes(host))
      return { status: 200, body: emailVerifierAnswer(email, 'disposable') };
    if (host.endsWith('.invalid'))
      return { status: 200, body: emailVerifierAnswer(email, 'invalid', { mx_records: false, smtp_server: false }) };
    if (local === 'blocked') return { status: 200, body: emailVerifierAnswer(email, 'unknown', { block: true }) };
    return { status: 200, body: emailVerifierAnswer(email, host.endsWith('.test') ? 'valid' : 'invalid') };
  }
  return { status: 404, body: { errors: [{ id: 'route_not_found', code: 404, details: 'Route not found' }] } };
}

const parse = (body: string): Record<string, unknown> => {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/**
 * Where a query's people start when each query has its own (`peoplePerQuery`): a block of 100 per
 * title and location asked, as the real search finds other people for other filters.
 */
function apolloPeopleBlock(body: Record<string, unknown>): number {
  const key = JSON.stringify([
    body.person_titles ?? null,
    body.person_locations ?? null,
    body.person_seniorities ?? null,
  ]);
  let hash = 0;
  for (const c of key) hash = (hash * 31 + c.charCodeAt(0)) % 9973;
  return (hash % 97) * 100 + 100;
}

function apollo(request: ReceivedRequest, peoplePerQuery = false): Scripted {
  if (request.headers['x-api-key'] !== FAKE_KEYS.apollo)
    return {
      status: 401,
      body: {
        error: 'api/v1/mixed_people/api_search is not accessible with this api_key',
        error_code: 'API_INACCESSIBLE',
      },
    };
  // https://docs.apollo.io/reference/view-api-usage-stats — health: `{ healthy, is_logged_in }`.
  if (request.path.endsWith('/v1/auth/health')) return { status: 200, body: { healthy: true, is_logged_in: true } };
  const body = parse(request.body);
  const page = Number(body.page ?? 1);
  const perPage = Number(body.per_page ?? 10);
  if (request.path.endsWith('/api/v1/mixed_people/api_search')) {
    const domains = (body.q_organization_domains_list as string[] | undefined) ?? [];
    // People at the Organization Search's companies (companyn.test): APOLLO_PEOPLE_PER_ORG each, the companies' people taken in turn.
    const companies = domains
      .map((d) => /^company(\d{1,2})\.test$/.exec(d)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number);
    if (companies.length) {
      const total = companies.length * APOLLO_PEOPLE_PER_ORG;
      const start = (page - 1) * perPage;
      const people = Array.from({ length: Math.max(0, Math.min(perPage, total - start)) }, (_, k) => {
        const at = start + k;
        return apolloSearchPerson(
          apolloOrgPersonIndex(companies[at % companies.length]!, Math.floor(at / companies.length)),
        );
      });
      return { status: 200, body: { total_entries: total, people } };
    }
    // Per query, a block of 100 people; otherwise the same 30 for every query.
    const total = domains.includes('no-such-company.invalid') ? 0 : peoplePerQuery ? 100 : FAKE_TOTALS.apolloPeople;
    const start = (page - 1) * perPage;
    const first = peoplePerQuery ? apolloPeopleBlock(body) : 0;
    return {
      status: 200,
      body: {
        total_entries: total,
        people: Array.from({ length: Math.max(0, Math.min(perPage, total - start)) }, (_, k) =>
          apolloSearchPerson(first + start + k),
        ),
      },
    };
  }
  if (request.path.endsWith('/api/v1/people/match')) {
    // https://docs.apollo.io/reference/people-enrichment: the reveal's parameters are query parameters; webhook_url is mandatory with it.
    const reveal = request.query.get('reveal_phone_number') === 'true';
    const webhookUrl = request.query.get('webhook_url');
    if (reveal && !webhookUrl)
      return {
        status: 422,
        body: { error: "Please add a valid 'webhook_url' parameter when using 'reveal_phone_number'" },
      };
    if (typeof body.id === 'string') {
      const i = Number(body.id.slice(2));
      const answer = apolloEnrichedPerson(i);
      if (!reveal) return { status: 200, body: answer };
      // The synchronous answer carries the profile and the request id, a signed 64-bit integer written as
      // a JSON number (more digits than a double holds); the numbers follow by POST to the webhook.
      const requestId = `-10399955897051219${String(i).padStart(2, '0')}`;
      const text = JSON.stringify({
        request_id: 'REQUEST_ID',
        ...answer,
        person: { ...answer.person, phone_numbers: [] },
      }).replace('"REQUEST_ID"', requestId);
      return {
        status: 200,
        body: text,
        headers: { 'content-type': 'application/json' },
        webhook: { url: webhookUrl!, body: apolloPhoneWebhook(body.id, i), requestId },
      };
    }
    if (body.domain === 'acme.test' && body.first_name) {
      const first = String(body.first_name);
      return {
        status: 200,
        body: {
          person: {
            id: 'match-1',
            first_name: first,
            last_name: body.last_name,
            email: `${first.toLowerCase()}.apollo@acme.test`,
            email_status: 'verified',
          },
        },
      };
    }
    return { status: 200, body: { person: null } };
  }
  if (request.path.endsWith('/api/v1/mixed_companies/search')) {
    if (typeof body.q_organization_name === 'string') {
      const slug = body.q_organization_name.toLowerCase().replace(/[^a-z0-9]/g, '');
      return {
        status: 200,
        body: {
          pagination: { page: 1, per_page: 1, total_entries: 1, total_pages: 1 },
          accounts: [],
          organizations: [{ ...apolloOrganization(0), name: body.q_organization_name, primary_domain: `${slug}.test` }],
        },
      };
    }
    const total = FAKE_TOTALS.apolloOrganizations;
    const start = (page - 1) * perPage;
    return {
      status: 200,
      body: {
        breadcrumbs: [],
        partial_results_only: false,
        pagination: { page, per_page: perPage, total_entries: total, total_pages: Math.ceil(total / perPage) },
        accounts: [],
        organizations: Array.from({ length: Math.max(0, Math.min(perPage, total - start)) }, (_, k) =>
          apolloOrganization(start + k),
        ),
      },
    };
  }
  return { status: 404, body: { error: 'Not found' } };
}

function modash(request: ReceivedRequest): Scripted {
  if (request.headers.authorization !== `Bearer ${FAKE_KEYS.modash}`)
    return { status: 401, body: { error: true, code: 'invalid_token', message: 'Invalid access token' } };
  if (request.path === '/modash/v1/user/info')
    return { status: 200, body: { error: false, billing: { credits: 3000, rawRequests: 0 } } };
  const search = /^\/modash\/v1\/(instagram|tiktok|youtube)\/search$/.exec(request.path);
  if (search && request.method === 'POST') {
    const body = parse(request.body);
    // Account types go by code (fixtures/leadVendors/modash.ts): one Modash does not know is a refused body.
    const accountTypes = ((body.filter as { influencer?: { accountTypes?: unknown } } | undefined)?.influencer
      ?.accountTypes ?? []) as unknown[];
    if (
      !Array.isArray(accountTypes) ||
      accountTypes.some((code) => typeof code !== 'number' || !MODASH_ACCOUNT_TYPES[code])
    ) {
      return {
        status: 400,
        body: modashInvalidBody(
          'filter.influencer.accountTypes must be an array of 1 (regular), 2 (business) or 3 (creator)',
        ),
      };
    }
    return {
      status: 200,
      body: modashSearchAnswer(search[1]!, FAKE_TOTALS.modash[search[1]!] ?? 0, Number(body.page ?? 0)),
    };
  }
  const report = /^\/modash\/v1\/(instagram|tiktok|youtube)\/profile\/([^/]+)\/report$/.exec(request.path);
  if (report)
    return report[2]!.startsWith('unknown')
      ? { status: 404, body: { error: true, code: 'account_not_found' } }
      : { status: 200, body: modashReport(report[1]!, decodeURIComponent(report[2]!)) };
  return { status: 404, body: { error: true, code: 'not_found' } };
}

function youtube(request: ReceivedRequest): Scripted {
  if (request.query.get('key') !== FAKE_KEYS.youtube) return { status: 400, body: YOUTUBE_KEY_INVALID };
  if (request.path.endsWith('/youtube/v3/search')) {
    const page = Number((request.query.get('pageToken') ?? 'page-0').slice('page-'.length));
    return {
      status: 200,
      body: youtubeSearchAnswer(
        request.query.get('q') ?? '',
        FAKE_TOTALS.youtube,
        Number(request.query.get('maxResults') ?? 5),
        page,
      ),
    };
  }
  if (request.path.endsWith('/youtube/v3/videoCategories'))
    return {
      status: 200,
      body: {
        kind: 'youtube#videoCategoryListResponse',
        etag: 'e',
        items: [
          {
            kind: 'youtube#videoCategory',
            etag: 'e1',
            id: '1',
            snippet: { title: 'Film & Animation', assignable: true, channelId: 'UCBR8-60-B28hp2BmDPdntcQ' },
          },
        ],
      },
    };
  if (request.path.endsWith('/youtube/v3/channels')) {
    // Many ids a call (`id=a,b,c`): only the channels YouTube has come back, in no promised order (here the reverse of the ids asked).
    const ids = (request.query.get('id') ?? '').split(',').filter(Boolean);
    // More than 50 ids a call is refused, as the reference says (fixtures/leadVendors/youtube.ts).
    if (ids.length > YOUTUBE_IDS_PER_CALL) return { status: 400, body: YOUTUBE_INVALID_FILTERS };
    const answer = youtubeChannelsAnswer(ids, (request.query.get('part') ?? '').split(','));
    return { status: 200, body: { ...answer, items: [...answer.items].reverse() } };
  }
  return { status: 404, body: { error: { code: 404, message: 'Not Found' } } };
}

function ipinfo(request: ReceivedRequest): Scripted {
  if (request.headers.authorization !== `Bearer ${FAKE_KEYS.ipinfo}`)
    return {
      status: 403,
      body: { status: 403, error: { title: 'Unknown token', message: 'Please ensure you have the correct token' } },
    };
  const ip = decodeURIComponent(request.path.slice('/ipinfo/'.length));
  return {
    status: 200,
    body: IPINFO[ip] ?? {
      ip,
      city: 'Somewhere',
      country: 'PT',
      org: 'AS64999 Some Hosting',
      asn: { asn: 'AS64999', name: 'Some Hosting', domain: 'hosting.test', type: 'hosting' },
    },
  };
}

function google(request: ReceivedRequest): Scripted {
  const key = request.headers['x-goog-api-key'];
  if (key !== FAKE_KEYS.google && key !== FAKE_KEYS.googleUser) return { status: 400, body: GOOGLE_KEY_INVALID };
  if (!request.headers['x-goog-fieldmask'])
    return {
      status: 400,
      body: { error: { code: 400, message: 'FieldMask is a required parameter.', status: 'INVALID_ARGUMENT' } },
    };
  if (!request.path.endsWith('/v1/places:searchText'))
    return { status: 404, body: { error: { code: 404, status: 'NOT_FOUND' } } };
  const body = parse(request.body);
  const page = typeof body.pageToken === 'string' ? Number(body.pageToken.slice('tok-'.length)) : 0;
  return { status: 200, body: textSearchAnswer(String(body.textQuery ?? ''), FAKE_TOTALS.googlePlaces, page) };
}

/**
 * `peoplePerQuery`: Apollo's people search answers other people for another title, location or
 * seniority (100 a query, in blocks from person 100), as the real one does; off, every query gets people 0–29.
 */
export async function startFakeLeadVendors(
  extra: Partial<Record<Vendor, Handler>> = {},
  { port: listenPort = 0, peoplePerQuery = false }: { port?: number; peoplePerQuery?: boolean } = {},
): Promise<FakeLeadVendors> {
  const handlers: Partial<Record<Vendor, Handler>> = {
    nominatim,
    overpass,
    hunter,
    apollo: (request) => apollo(request, peoplePerQuery),
    modash,
    youtube,
    ipinfo,
    google,
    wikidata,
    ...extra,
  };
  const requests: ReceivedRequest[] = [];
  const scripts = new Map<Vendor, Scripted[]>();
  const sockets = new Set<Socket>();

  const holds: { vendor: Vendor; key: string; within?: Box }[] = [];
  const isHeld = (request: ReceivedRequest) =>
    holds.some((h) => {
      if (h.vendor !== request.vendor || h.key !== holdKey(request)) return false;
      if (!h.within) return true;
      const box = queryBox(request);
      return (
        box !== null && box[0] >= h.within[0] && box[1] >= h.within[1] && box[2] <= h.within[2] && box[3] <= h.within[3]
      );
    });
  const waiting: (() => void)[] = [];
  const release = (count = Infinity) => {
    if (count === Infinity) holds.length = 0;
    waiting.splice(0, count).forEach((go) => go());
  };

  const webhooks: WebhookCall[] = [];
  let holdingWebhooks = false;
  const heldWebhooks: { send: () => void; drop: () => void }[] = [];
  const post = (url: string, body: unknown) =>
    new Promise<number>((resolve) => {
      const payload = JSON.stringify(body);
      const out = http.request(
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (answer) => {
          answer.resume();
          answer.on('end', () => resolve(answer.statusCode ?? 0));
        },
      );
      out.on('error', () => resolve(0));
      out.end(payload);
    });
  // Apollo's Poll Webhook Result: what each reveal's request produced, and whether its webhook went out.
  const phoneResults = new Map<string, { body: unknown; state: 'held' | 'sent' | 'dropped' }>();
  const callBack = (url: string, body: unknown, requestId?: string) => {
    const result = { body, state: 'held' as 'held' | 'sent' | 'dropped' };
    if (requestId) phoneResults.set(requestId, result);
    let send!: () => void;
    let drop!: () => void;
    const answered = new Promise<number>((resolve) => {
      send = () => {
        result.state = 'sent';
        void post(url, body).then(resolve);
      };
      drop = () => {
        result.state = 'dropped';
        resolve(0);
      };
    });
    webhooks.push({ url, body, answered });
    if (holdingWebhooks) heldWebhooks.push({ send, drop });
    else send();
  };
  const releaseWebhooks = async () => {
    holdingWebhooks = false;
    heldWebhooks.splice(0).forEach((held) => held.send());
    await Promise.all(webhooks.map((w) => w.answered));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      // Control for a test in another process (the e2e run): hold, count held, release.
      if (url.pathname.startsWith('/__control/')) {
        const action = url.pathname.slice('/__control/'.length);
        if (action === 'hold') {
          const within = url.searchParams.get('within')?.split(',').map(Number);
          holds.push({
            vendor: url.searchParams.get('vendor') as Vendor,
            key: url.searchParams.get('key') ?? '',
            within: within?.length === 4 ? (within as unknown as Box) : undefined,
          });
        }
        if (action === 'release')
          release(url.searchParams.has('count') ? Number(url.searchParams.get('count')) : undefined);
        if (action === 'hold-webhooks') holdingWebhooks = true;
        if (action === 'release-webhooks') void releaseWebhooks();
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ held: waiting.length }));
        return;
      }
      const vendor = url.pathname.split('/')[1] as Vendor;
      // https://docs.apollo.io/reference/poll-webhook-result: pending while Apollo works (here: its webhook held), then the payload, delivered or not.
      const polled = /^\/apollo\/api\/v1\/webhook_result\/([^/]+)$/.exec(url.pathname);
      if (polled && !scripts.get('apollo')?.length && req.headers['x-api-key'] === FAKE_KEYS.apollo) {
        requests.push({
          vendor,
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: '',
        });
        const id = decodeURIComponent(polled[1]!);
        const result = phoneResults.get(id);
        const reply = (status: number, body: unknown) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (!result) reply(404, { error_code: 'request_id_unknown' });
        else if (result.state === 'held') reply(404, { error_code: 'result_pending', retry_after_seconds: 10 });
        else
          reply(200, {
            request_id: id,
            webhook_status: result.state === 'sent' ? 'success' : 'failed',
            request_type: 'phone',
            last_dispatched_at: '2026-11-26T10:42:11Z',
            failure_reason: result.state === 'sent' ? null : 'Connection refused',
            webhook_result: result.body,
          });
        return;
      }
      const received: ReceivedRequest = {
        vendor,
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(received);
      const answer = () => {
        const scripted = scripts.get(vendor)?.shift() ??
          handlers[vendor]?.(received) ?? { status: 404, body: { error: 'no such vendor' } };
        const text = typeof scripted.body === 'string' ? scripted.body : JSON.stringify(scripted.body ?? {});
        res.writeHead(scripted.status, {
          'content-type': typeof scripted.body === 'string' ? 'text/plain' : 'application/json',
          ...scripted.headers,
        });
        res.end(text, () => {
          if (scripted.webhook) callBack(scripted.webhook.url, scripted.webhook.body, scripted.webhook.requestId);
        });
      };
      if (isHeld(received)) waiting.push(answer);
      else answer();
    });
  });
  // A test's polls of `/__control/held` reuse an idle keep-alive connection: with Node's 5 s idle timeout the fake
  // closed one just as a poll was sent on it (ECONNRESET in a CI rehearsal). Idle connections stay open; stopping
  // the fake destroys them.
  server.keepAliveTimeout = 0;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: (vendor) =>
      vendor === 'overpass'
        ? `http://127.0.0.1:${port}/overpass/api/interpreter`
        : vendor === 'wikidata'
          ? `http://127.0.0.1:${port}/wikidata/sparql`
          : `http://127.0.0.1:${port}/${vendor}/`,
    requests,
    of: (vendor) => requests.filter((r) => r.vendor === vendor),
    queue: (vendor, ...answers) => scripts.set(vendor, [...(scripts.get(vendor) ?? []), ...answers]),
    hold: (vendor, key, within) => holds.push({ vendor, key, within }),
    held: () => waiting.length,
    release,
    webhooks,
    holdWebhooks: () => {
      holdingWebhooks = true;
    },
    releaseWebhooks,
    dropWebhooks: () => {
      holdingWebhooks = false;
      heldWebhooks.splice(0).forEach((held) => held.drop());
    },
    replayWebhook: (index) => post(webhooks[index]!.url, webhooks[index]!.body),
    close: () =>
      new Promise<void>((resolve) => {
        release();
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}

/**
 * Deps for adapters under test: the real guarded client (loopback allowed through OUTBOUND_ALLOW_HOSTS,
 * as the app's tests allow their receivers) and a clock that moves by the waits asked for, recorded instead of slept.
 */
export function testSourceDeps(): SourceDeps & { waits: number[] } {
  const waits: number[] = [];
  let now = Date.now();
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  return {
    http: guardedHttpClient(),
    waits,
    now: () => now,
    wait: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  };
}
