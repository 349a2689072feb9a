import { RANGE_FILTERS, RATE_FILTERS, SOCIAL_PLATFORMS } from './catalog';
import { normalisePhone } from './phone';
import { AnswerCache, requestJson, type SourceDeps } from './sourceHttp';
import type { InfluencerEnrichment, LeadQuery, LeadRecord, StoredLead } from './types';

/**
 * Modash Discovery API (https://docs.modash.io/products/discovery_api/): Search Influencers
 * (`POST /v1/{instagram|tiktok|youtube}/search`, 15 results a page, pages from 0) and the profile
 * report (`GET /v1/{platform}/profile/{userId}/report`) for "enrich" (contacts, averages). Bearer
 * token auth. Search and report are rate-limited per plan (usually 2 requests/s, 429 beyond);
 * a search costs 0.01 Modash credits per result, a report 1 credit.
 */
export interface ModashConfig {
  apiKey: string;
  baseUrl: string;
}

interface ModashProfile {
  userId: string;
  fullname?: string | null;
  username?: string | null;
  handle?: string | null;
  url?: string | null;
  followers?: number | null;
  engagements?: number | null;
  engagementRate?: number | null;
  averageViews?: number | null;
}

interface ModashSearchAnswer {
  error?: boolean;
  total?: number;
  lookalikes?: { userId: string; profile: ModashProfile }[];
  directs?: { userId: string; profile: ModashProfile }[];
}

const PAGE_SIZE = 15;
const PAGES = new AnswerCache<{ items: ModashProfile[]; total: number }>(10 * 60_000);
/**
 * Spec account types as Modash's `filter.influencer.accountTypes` codes: 1 regular, 2 business, 3 creator, as
 * written in a transcription of Modash's Search Influencers reference ("Instagram Search Influencers API -
 * Modash Documentation": `"accountTypes": [2], // 1=Regular, 2=Business, 3=Creator`,
 * https://github.com/techstridesocial/ss/blob/c7a0db34ba78b910c20936123a8725589b94c0e4/Instagram%20Search%20Influencers%20API%20modash.md)
 * and in the order Modash's API cheat sheet lists the types (https://help.modash.io/en/articles/14035619-api-cheat-sheet).
 * Modash's own page (docs.modash.io, instagramcontroller_search) could not be read that far: see README.md.
 */
const ACCOUNT_TYPE: Readonly<Record<string, number>> = { regular: 1, business: 2, creator: 3 };

const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The spec's influencer filters (§3) as Modash's `filter` object. */
export function modashFilter(filters: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const influencer: Record<string, unknown> = {};
  for (const name of RANGE_FILTERS) {
    const min = num(filters[`${name}_min`]);
    const max = num(filters[`${name}_max`]);
    if (min !== undefined || max !== undefined)
      influencer[name] = { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
  }
  const lastposted = num(filters.lastposted);
  if (lastposted !== undefined) influencer.lastposted = lastposted;
  const genders = list(filters.genders);
  if (genders.length)
    influencer.gender = genders.includes('male') && genders.includes('female') ? 'KNOWN' : genders[0]!.toUpperCase();
  const accountTypes = list(filters.account_types)
    .map((t) => ACCOUNT_TYPE[t])
    .filter((n): n is number => n !== undefined);
  if (accountTypes.length) influencer.accountTypes = accountTypes;
  if (typeof filters.keyword === 'string' && filters.keyword.trim()) influencer.keywords = filters.keyword.trim();
  for (const name of RATE_FILTERS) {
    const rate = filters[name] as { interval?: string; operator?: string; value?: number | null } | undefined;
    if (!rate || rate.value === null || rate.value === undefined) continue;
    // Engagement rate is a plain minimum in Modash; the growth rates keep interval and operator.
    if (name === 'engagementRate') influencer.engagementRate = rate.value;
    else influencer[name] = { interval: rate.interval, operator: rate.operator, value: rate.value };
  }
  const filter: Record<string, unknown> = { influencer };
  const credibility = num(filters.audience_credibility);
  if (credibility !== undefined) filter.audience = { credibility };
  return filter;
}

function call<T>(deps: SourceDeps, config: ModashConfig, method: 'GET' | 'POST', path: string, body?: unknown) {
  const url = new URL(path, config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`);
  return requestJson<T>(deps, 'modash', {
    method,
    url,
    headers: { authorization: `Bearer ${config.apiKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function page(
  deps: SourceDeps,
  config: ModashConfig,
  platform: string,
  filter: Record<string, unknown>,
  n: number,
) {
  const body = { page: n, sort: { field: 'followers', direction: 'desc' }, filter };
  return PAGES.get(`${config.baseUrl}|${platform}|${JSON.stringify(body)}`, deps.now(), async () => {
    const { data } = await call<ModashSearchAnswer>(deps, config, 'POST', `v1/${platform}/search`, body);
    const items = [...(data?.directs ?? []), ...(data?.lookalikes ?? [])].map((d) => ({
      ...d.profile,
      userId: d.profile?.userId ?? d.userId,
    }));
    return { items, total: data?.total ?? 0 };
  });
}

function influencerRecord(platform: string, p: ModashProfile): LeadRecord {
  const handle = p.username ?? p.handle ?? p.userId;
  const social: Record<string, string | number> = {
    source: 'modash',
    platform,
    handle: `@${handle}`,
    user_id: p.userId,
  };
  if (p.followers !== undefined && p.followers !== null) social.followers = p.followers;
  if (p.engagements !== undefined && p.engagements !== null) social.engagements = p.engagements;
  if (p.engagementRate !== undefined && p.engagementRate !== null) social.engagement_rate = p.engagementRate;
  if (p.averageViews) social.average_views = p.averageViews;
  return {
    key: `modash:${platform}:${p.userId}`,
    name: p.fullname || handle,
    company: null,
    job_title: null,
    department: null,
    seniority: null,
    management_level: null,
    website: p.url ?? null,
    city: null,
    country: null,
    category: platform,
    employee_count: null,
    linkedin_url: null,
    email: null,
    email_outcome: 'not_found',
    phone: null,
    social,
  };
}

/** The platforms of a query, in the catalog's order (all three when none is chosen). */
export function platformsOf(
  filters: Readonly<Record<string, unknown>>,
  offered: readonly string[] = SOCIAL_PLATFORMS,
): string[] {
  const chosen = list(filters.platforms);
  return offered.filter((p) => !chosen.length || chosen.includes(p));
}

/** Influencer search: each chosen platform in turn, page by page; `offset` counts across platforms. */
export function modashSearch(deps: SourceDeps, config: ModashConfig) {
  return async function* search(query: LeadQuery, { offset }: { offset: number }): AsyncIterable<LeadRecord> {
    const filter = modashFilter(query.filters);
    let skip = offset;
    for (const platform of platformsOf(query.filters)) {
      const first = await page(deps, config, platform, filter, 0);
      if (skip >= first.total) {
        skip -= first.total;
        continue;
      }
      for (let n = Math.floor(skip / PAGE_SIZE); n * PAGE_SIZE < first.total; n += 1) {
        const { items } = n === 0 ? first : await page(deps, config, platform, filter, n);
        for (const item of items.slice(n === Math.floor(skip / PAGE_SIZE) ? skip % PAGE_SIZE : 0))
          yield influencerRecord(platform, item);
        if (items.length < PAGE_SIZE) break;
      }
      skip = 0;
    }
  };
}

interface ModashReport {
  profile?: {
    profile?: ModashProfile;
    contacts?: { type: string; value: string }[];
    avgLikes?: number;
    avgComments?: number;
    avgViews?: number;
    city?: string;
    country?: string;
  };
}

/** The platform and user id Modash's report is asked with. */
function modashProfileOf(lead: { social: Readonly<Record<string, unknown>> | null }): {
  platform: string;
  userId: string;
} {
  return {
    platform: String(lead.social?.platform ?? ''),
    userId: String(lead.social?.user_id ?? lead.social?.handle ?? '').replace(/^@/, ''),
  };
}

/** Whether Modash can report on a row: a creator on one of its platforms, with a user id or handle. */
export const modashCovers = (lead: { social: Readonly<Record<string, unknown>> | null }): boolean => {
  const { platform, userId } = modashProfileOf(lead);
  return (SOCIAL_PLATFORMS as readonly string[]).includes(platform) && userId !== '';
};

/** Influencer "enrich": the profile report's contacts (email, phone) and averages. */
export function modashEnrich(deps: SourceDeps, config: ModashConfig) {
  return async (
    lead: StoredLead & { social: Readonly<Record<string, unknown>> | null },
  ): Promise<InfluencerEnrichment | null> => {
    const { platform, userId } = modashProfileOf(lead);
    if (!modashCovers(lead)) return null;
    const { status, data } = await requestJson<ModashReport>(
      deps,
      'modash',
      {
        method: 'GET',
        url: new URL(
          `v1/${platform}/profile/${encodeURIComponent(userId)}/report`,
          config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`,
        ),
        headers: { authorization: `Bearer ${config.apiKey}` },
      },
      { accept: [404] },
    );
    if (status === 404 || !data?.profile) return null;
    const contacts = data.profile.contacts ?? [];
    const email = contacts.find((c) => c.type === 'email')?.value ?? null;
    const phone = normalisePhone(contacts.find((c) => c.type === 'phone')?.value, data.profile.country ?? null);
    const social: Record<string, string | number> = {};
    if (data.profile.avgLikes !== undefined) social.avg_likes = data.profile.avgLikes;
    if (data.profile.avgComments !== undefined) social.avg_comments = data.profile.avgComments;
    if (data.profile.avgViews !== undefined) social.avg_views = data.profile.avgViews;
    if (data.profile.country) social.country = data.profile.country;
    if (!email && !phone && !Object.keys(social).length) return null;
    return { email, phone, social };
  };
}
