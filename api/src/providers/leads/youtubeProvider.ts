import { vendorEmailSource } from './emailFinder';
import { platformsOf } from './modashProvider';
import { AnswerCache, requestJson, type CallOptions, type SourceDeps } from './sourceHttp';
import type { InfluencerEnrichment, LeadQuery, LeadRecord, StoredLead } from './types';

/**
 * YouTube Data API v3 (https://developers.google.com/youtube/v3/docs): `search.list` with
 * `type=channel` finds channels for the keyword (100 quota units a call, 50 results a page,
 * `pageToken` paging), `channels.list` with `part=snippet,statistics` gives their subscriber and
 * view counts (1 unit per 50 channels). Default quota: 10,000 units a day; 403 `quotaExceeded`
 * means the day's quota is used, 400 `keyInvalid` a bad key
 * (https://developers.google.com/youtube/v3/docs/errors).
 */
export interface YoutubeConfig {
  apiKey: string;
  baseUrl: string;
}

interface SearchAnswer {
  nextPageToken?: string;
  pageInfo?: { totalResults?: number };
  items?: { id?: { channelId?: string } }[];
}

interface Channel {
  id: string;
  snippet?: {
    title?: string;
    description?: string;
    customUrl?: string;
    country?: string;
    thumbnails?: Record<string, { url?: string } | undefined>;
  };
  statistics?: { subscriberCount?: string; viewCount?: string; videoCount?: string; hiddenSubscriberCount?: boolean };
  brandingSettings?: { channel?: { title?: string; description?: string; keywords?: string; country?: string } };
}

const PAGES = new AnswerCache<{ channels: Channel[]; next: string | null }>(10 * 60_000);

export const youtubeStatuses: CallOptions['classify'] = (status, body) => {
  if (status === 403 && /quotaExceeded|dailyLimitExceeded/.test(body)) return 'quota_exhausted';
  if (status === 403 && /rateLimitExceeded|userRateLimitExceeded/.test(body)) return 'retry';
  if (status === 400 && /keyInvalid|API_KEY_INVALID|API key not valid/.test(body)) return 'key_refused';
  return undefined;
};

/**
 * Quota units per call as the quota calculator gives them (https://developers.google.com/youtube/v3/determine_quota_cost):
 * search.list 100, channels.list and videoCategories.list 1; an invalid request still costs its units.
 */
export const YOUTUBE_QUOTA_UNITS: Readonly<Record<string, number>> = {
  'youtube/v3/search': 100,
  'youtube/v3/channels': 1,
  'youtube/v3/videoCategories': 1,
};

function get<T>(deps: SourceDeps, config: YoutubeConfig, path: string, params: Record<string, string>) {
  const url = new URL(path, config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`);
  url.search = new URLSearchParams({ ...params, key: config.apiKey }).toString();
  return requestJson<T>(
    deps,
    'youtube',
    { method: 'GET', url },
    { classify: youtubeStatuses, units: YOUTUBE_QUOTA_UNITS[path] },
  );
}

/** One page of channels for the keyword: search.list for the ids, channels.list for their figures. */
async function channelPage(deps: SourceDeps, config: YoutubeConfig, keyword: string, token: string | null) {
  return PAGES.get(`${config.baseUrl}|${keyword}|${token ?? ''}`, deps.now(), async () => {
    const params: Record<string, string> = {
      part: 'snippet',
      type: 'channel',
      q: keyword,
      maxResults: '50',
      order: 'relevance',
    };
    if (token) params.pageToken = token;
    const { data: found } = await get<SearchAnswer>(deps, config, 'youtube/v3/search', params);
    const ids = (found?.items ?? []).map((i) => i.id?.channelId).filter((id): id is string => Boolean(id));
    if (!ids.length) return { channels: [], next: null };
    const { data: details } = await get<{ items?: Channel[] }>(deps, config, 'youtube/v3/channels', {
      part: 'snippet,statistics',
      id: ids.join(','),
      maxResults: '50',
    });
    const byId = new Map((details?.items ?? []).map((c) => [c.id, c]));
    return {
      channels: ids.map((id) => byId.get(id)).filter((c): c is Channel => Boolean(c)),
      next: found?.nextPageToken ?? null,
    };
  });
}

const EMAIL_IN_TEXT = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/i;

function inRange(value: number, filters: Readonly<Record<string, unknown>>, name: string): boolean {
  const min = filters[`${name}_min`];
  const max = filters[`${name}_max`];
  return (typeof min !== 'number' || value >= min) && (typeof max !== 'number' || value <= max);
}

function channelRecord(c: Channel): LeadRecord {
  const subscribers = Number(c.statistics?.subscriberCount ?? 0);
  const views = Number(c.statistics?.viewCount ?? 0);
  const handle = c.snippet?.customUrl ?? c.id;
  const email = EMAIL_IN_TEXT.exec(c.snippet?.description ?? '')?.[0] ?? null;
  const social: Record<string, string | number> = {
    source: 'youtube',
    platform: 'youtube',
    handle: handle.startsWith('@') ? handle : `@${handle}`,
    user_id: c.id,
    followers: subscribers,
    views,
  };
  if (c.statistics?.videoCount) social.videos = Number(c.statistics.videoCount);
  return {
    key: `youtube:${c.id}`,
    name: c.snippet?.title ?? handle,
    company: null,
    job_title: null,
    department: null,
    seniority: null,
    management_level: null,
    website: `https://www.youtube.com/channel/${c.id}`,
    city: null,
    country: c.snippet?.country ?? null,
    category: 'youtube',
    employee_count: null,
    linkedin_url: null,
    // Published in the channel's own description: "found".
    email,
    email_outcome: email ? 'found' : 'not_found',
    ...(email
      ? { email_source: vendorEmailSource('youtube', `https://www.youtube.com/channel/${c.id}/about`, 'text') }
      : {}),
    phone: null,
    social,
  };
}

/**
 * YouTube influencers by keyword (the channel search needs one: without it nothing is searched),
 * filtered by the followers (subscribers) and views ranges; other platforms are not served here.
 * `offset` counts the channels that passed the filters, so pages are walked from the first (cached).
 */
export function youtubeSearch(deps: SourceDeps, config: YoutubeConfig) {
  return async function* search(query: LeadQuery, { offset }: { offset: number }): AsyncIterable<LeadRecord> {
    if (!platformsOf(query.filters).includes('youtube')) return;
    const keyword = typeof query.filters.keyword === 'string' ? query.filters.keyword.trim() : '';
    if (!keyword) return;
    let seen = 0;
    let token: string | null = null;
    for (let pages = 0; pages < 10; pages += 1) {
      const { channels, next }: { channels: Channel[]; next: string | null } = await channelPage(
        deps,
        config,
        keyword,
        token,
      );
      for (const c of channels) {
        if (
          !inRange(Number(c.statistics?.subscriberCount ?? 0), query.filters, 'followers') ||
          !inRange(Number(c.statistics?.viewCount ?? 0), query.filters, 'views')
        )
          continue;
        if (seen >= offset) yield channelRecord(c);
        seen += 1;
      }
      if (!next) return;
      token = next;
    }
  };
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"')\]]+/gi;

/** The YouTube channel id of a stored influencer row (a channel id starts with `UC`), or null. */
function channelIdOf(lead: StoredLead & { social: Readonly<Record<string, unknown>> | null }): string | null {
  if (lead.social?.platform !== 'youtube') return null;
  const id = String(lead.social.user_id ?? (lead.key?.startsWith('youtube:') ? lead.key.slice('youtube:'.length) : ''));
  return /^UC[\w-]{22}$/.test(id) ? id : null;
}

/** Whether influencer enrich through YouTube can ask about a row: a YouTube channel with its channel id. */
export const youtubeCovers = (lead: StoredLead & { social: Readonly<Record<string, unknown>> | null }): boolean =>
  channelIdOf(lead) !== null;

/** The most channel ids one `channels.list` call takes (its `id` filter, `maxResults` 0–50). */
export const YOUTUBE_CHANNELS_PER_CALL = 50;

/** What a channel publishes about itself, as an influencer enrichment. */
function channelEnrichment(c: Channel): InfluencerEnrichment {
  const description = c.snippet?.description ?? c.brandingSettings?.channel?.description ?? '';
  const social: Record<string, string | number> = {};
  const title = c.snippet?.title ?? c.brandingSettings?.channel?.title;
  if (title) social.title = title;
  if (!c.statistics?.hiddenSubscriberCount && c.statistics?.subscriberCount !== undefined)
    social.followers = Number(c.statistics.subscriberCount);
  if (c.statistics?.viewCount !== undefined) social.views = Number(c.statistics.viewCount);
  if (c.statistics?.videoCount !== undefined) social.videos = Number(c.statistics.videoCount);
  if (c.snippet?.customUrl)
    social.handle = c.snippet.customUrl.startsWith('@') ? c.snippet.customUrl : `@${c.snippet.customUrl}`;
  const country = c.snippet?.country ?? c.brandingSettings?.channel?.country;
  if (country) social.country = country;
  const thumbnail =
    c.snippet?.thumbnails?.high?.url ?? c.snippet?.thumbnails?.medium?.url ?? c.snippet?.thumbnails?.default?.url;
  if (thumbnail) social.thumbnail = thumbnail;
  if (description) social.description = description.slice(0, 1000);
  const links = [...new Set(description.match(URL_IN_TEXT) ?? [])].slice(0, 10);
  if (links.length) social.links = links.join(' ');
  const email = EMAIL_IN_TEXT.exec(description)?.[0] ?? null;
  return { email, phone: null, social };
}

/**
 * Influencer "enrich" for YouTube channels: `channels.list` (`part=snippet,statistics,brandingSettings`,
 * 1 quota unit a call) for up to 50 channel ids a call (`id=a,b,c`) refreshes each channel's figures,
 * title, country, custom URL and thumbnail, and reads the contacts the channel publishes itself: an
 * email and the links written in its description. The API answers only the channels it has, in no
 * promised order: each answer is matched to its row by channel id. YouTube hides the "business email"
 * of the About page behind a captcha and the API does not give it, so no email is returned unless the
 * channel wrote one. Answers in the order of `leads`: null for a row that is not a YouTube channel
 * (not asked) or a channel YouTube no longer has.
 */
export function youtubeEnrich(deps: SourceDeps, config: YoutubeConfig) {
  return async (
    leads: readonly (StoredLead & { social: Readonly<Record<string, unknown>> | null })[],
  ): Promise<(InfluencerEnrichment | null)[]> => {
    const ids = leads.map(channelIdOf);
    const unique = [...new Set(ids.filter((id): id is string => id !== null))];
    const channels = new Map<string, Channel>();
    for (let i = 0; i < unique.length; i += YOUTUBE_CHANNELS_PER_CALL) {
      const batch = unique.slice(i, i + YOUTUBE_CHANNELS_PER_CALL);
      const { data } = await get<{ items?: Channel[] }>(deps, config, 'youtube/v3/channels', {
        part: 'snippet,statistics,brandingSettings',
        id: batch.join(','),
        maxResults: String(YOUTUBE_CHANNELS_PER_CALL),
      });
      for (const c of data?.items ?? []) if (batch.includes(c.id)) channels.set(c.id, c);
    }
    return ids.map((id) => {
      const c = id === null ? undefined : channels.get(id);
      return c ? channelEnrichment(c) : null;
    });
  };
}
