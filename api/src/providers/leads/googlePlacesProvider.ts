import type { EmailFinder } from './emailFinder';
import { withEmailsAhead } from './osmProvider';
import { normalisePhone } from './phone';
import { AnswerCache, requestJson, type CallOptions, type SourceDeps } from './sourceHttp';
import type { LeadQuery, LeadRecord } from './types';

/**
 * Google Places API (New) Text Search (https://developers.google.com/maps/documentation/places/web-service/text-search):
 * `POST /v1/places:searchText` with `X-Goog-Api-Key` and a field mask (required), 20 places a
 * page, `nextPageToken` for the next page (60 places at most per query). One query per chosen
 * category ("Dentist in Porto"). The key is the user's own "Google API key" when set, else the
 * platform's. Errors: 400 INVALID_ARGUMENT "API key not valid", 403 PERMISSION_DENIED, 429
 * RESOURCE_EXHAUSTED (https://developers.google.com/maps/documentation/places/web-service/usage-and-billing).
 */
export interface GooglePlacesConfig {
  /** The platform key; null when only users' own keys are used. */
  apiKey: string | null;
  baseUrl: string;
}

export const PLACES_FIELD_MASK = [
  'places.id',
  'places.displayName',
  'places.formattedAddress',
  'places.addressComponents',
  'places.internationalPhoneNumber',
  'places.nationalPhoneNumber',
  'places.websiteUri',
  'places.regularOpeningHours.weekdayDescriptions',
  'places.primaryType',
  'nextPageToken',
].join(',');

interface Place {
  id: string;
  displayName?: { text?: string };
  formattedAddress?: string;
  addressComponents?: { longText?: string; shortText?: string; types?: string[] }[];
  internationalPhoneNumber?: string;
  nationalPhoneNumber?: string;
  websiteUri?: string;
  regularOpeningHours?: { weekdayDescriptions?: string[] };
  primaryType?: string;
}

const PAGES = new AnswerCache<{ places: Place[]; next: string | null }>(10 * 60_000);

export const googleStatuses: CallOptions['classify'] = (status, body) =>
  status === 400 && /API_KEY_INVALID|API key not valid/.test(body) ? 'key_refused' : undefined;

async function textSearch(
  deps: SourceDeps,
  config: GooglePlacesConfig,
  apiKey: string,
  textQuery: string,
  pageToken: string | null,
) {
  return PAGES.get(`${config.baseUrl}|${apiKey.slice(-6)}|${textQuery}|${pageToken ?? ''}`, deps.now(), async () => {
    const url = new URL('v1/places:searchText', config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`);
    const body: Record<string, unknown> = { textQuery, pageSize: 20 };
    if (pageToken) body.pageToken = pageToken;
    const { data } = await requestJson<{ places?: Place[]; nextPageToken?: string }>(
      deps,
      'google_places',
      {
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/json',
          'x-goog-api-key': apiKey,
          'x-goog-fieldmask': PLACES_FIELD_MASK,
        },
        body: JSON.stringify(body),
      },
      { classify: googleStatuses },
    );
    return { places: data?.places ?? [], next: data?.nextPageToken ?? null };
  });
}

function component(place: Place, type: string, short = false): string | null {
  const c = place.addressComponents?.find((a) => a.types?.includes(type));
  return (short ? c?.shortText : c?.longText) ?? null;
}

function placeRecord(place: Place, category: string): LeadRecord {
  const country = component(place, 'country', true);
  const social: Record<string, string> = { source: 'google_places' };
  if (place.formattedAddress) social.address = place.formattedAddress;
  if (place.regularOpeningHours?.weekdayDescriptions?.length)
    social.opening_hours = place.regularOpeningHours.weekdayDescriptions.join('; ');
  const name = place.displayName?.text ?? place.id;
  return {
    key: `google:${place.id}`,
    name,
    company: name,
    job_title: null,
    department: null,
    seniority: null,
    management_level: null,
    website: place.websiteUri ?? null,
    city: component(place, 'locality'),
    country: component(place, 'country'),
    category,
    employee_count: null,
    linkedin_url: null,
    email: null,
    email_outcome: 'not_found',
    phone: normalisePhone(place.internationalPhoneNumber ?? place.nationalPhoneNumber, country),
    social,
  };
}

/** Local search through Text Search: category by category, page by page; `offset` counts across them. */
export function googlePlacesSearch(deps: SourceDeps, config: GooglePlacesConfig, finder: EmailFinder | null) {
  return (query: LeadQuery, options: { offset: number; limit?: number }): AsyncIterable<LeadRecord> =>
    withEmailsAhead(places(query, options), finder, options.limit);

  async function* places(query: LeadQuery, { offset }: { offset: number }): AsyncIterable<LeadRecord> {
    const apiKey = query.credentials?.googleApiKey?.trim() || config.apiKey;
    if (!apiKey) return;
    const categories = Array.isArray(query.filters.categories) ? (query.filters.categories as string[]) : [];
    const seen = new Set<string>();
    let index = 0;
    for (const category of categories) {
      let token: string | null = null;
      for (let pages = 0; pages < 3; pages += 1) {
        const { places, next }: { places: Place[]; next: string | null } = await textSearch(
          deps,
          config,
          apiKey,
          `${category} in ${query.location}`,
          token,
        );
        for (const place of places) {
          if (seen.has(place.id)) continue;
          seen.add(place.id);
          if (index >= offset) yield placeRecord(place, category);
          index += 1;
        }
        if (!next) break;
        token = next;
      }
    }
  }
}
