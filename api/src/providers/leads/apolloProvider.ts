import { domainOf, splitName, vendorEmailSource, type EmailFinder } from './emailFinder';
import { normalisePhone } from './phone';
import { AnswerCache, requestJson, type SourceDeps } from './sourceHttp';
import type { EmailOutcome, EmployeeRecord, LeadQuery, LeadRecord, PhoneRevealStart, StoredLead } from './types';

/**
 * Apollo (https://docs.apollo.io/reference): People API Search (`POST /api/v1/mixed_people/api_search`,
 * no Apollo credits, no contact data), People Enrichment (`POST /api/v1/people/match`, reveals
 * the email; Apollo charges its credits only when it finds one) and Organization Search
 * (`POST /api/v1/mixed_companies/search`). The key travels in `x-api-key`. Apollo rate-limits per
 * minute/hour/day by plan and answers 429 (we wait `Retry-After`); 401/403 mean the key is refused
 * or the plan does not include the endpoint.
 */
export interface ApolloConfig {
  apiKey: string;
  baseUrl: string;
  perPage?: number;
}

/**
 * Where Apollo posts the mobile numbers of a phone reveal: `<PUBLIC_URL><path>/<token>`, one
 * unguessable token per reveal (Apollo documents no signature for these callbacks, only HTTPS and
 * idempotency: modules/leadSearch/phoneReveals.service.ts).
 */
export const APOLLO_PHONE_WEBHOOK_PATH = '/api/lead-sources/apollo/phones';

interface ApolloOrganization {
  id?: string;
  name?: string | null;
  website_url?: string | null;
  primary_domain?: string | null;
  linkedin_url?: string | null;
  phone?: string | null;
  primary_phone?: { number?: string | null; sanitized_number?: string | null } | null;
  estimated_num_employees?: number | null;
  industry?: string | null;
  city?: string | null;
  country?: string | null;
}

interface ApolloPerson {
  id: string;
  first_name?: string | null;
  last_name?: string | null;
  last_name_obfuscated?: string | null;
  name?: string | null;
  title?: string | null;
  email?: string | null;
  email_status?: string | null;
  linkedin_url?: string | null;
  city?: string | null;
  country?: string | null;
  seniority?: string | null;
  departments?: string[] | null;
  phone_numbers?: ApolloPhoneNumber[] | null;
  organization?: ApolloOrganization | null;
}

interface ApolloPhoneNumber {
  raw_number?: string | null;
  sanitized_number?: string | null;
  /** mobile, work_direct, work_hq, home, other (People Enrichment and its phone webhook). */
  type_cd?: string | null;
  type?: string | null;
  position?: number | null;
  status_cd?: string | null;
}

/** Spec seniorities and management levels (catalog) as Apollo's `person_seniorities` values. */
export const APOLLO_SENIORITY: Readonly<Record<string, readonly string[]>> = {
  'Founder/Owner': ['founder', 'owner'],
  'C-Level': ['c_suite'],
  'Vice President': ['vp'],
  Director: ['director'],
  Manager: ['manager'],
  'Individual Contributor': ['senior', 'entry'],
  Head: ['head'],
  Senior: ['senior'],
  Entry: ['entry'],
  Intern: ['intern'],
  Volunteer: [],
  Owner: ['owner'],
  Partner: ['partner'],
  'C-Suite': ['c_suite'],
  VP: ['vp'],
  'Non-manager': ['senior', 'entry'],
};

/**
 * Spec departments as job-title terms. The People API Search documents no department filter; its
 * `person_titles[]` matches titles holding the same terms ("Results also include job titles with the
 * same terms"), so a department is looked for in titles ("Sales" finds "VP of Sales"). Titles are
 * ORed, so departments are sent only when the search has no job title of its own (ADR 027).
 */
export const APOLLO_DEPARTMENT_TITLES: Readonly<Record<string, readonly string[]>> = {
  Engineering: ['engineering', 'engineer'],
  Sales: ['sales'],
  Marketing: ['marketing'],
  Finance: ['finance', 'financial'],
  'Human Resources': ['human resources', 'hr', 'people'],
  Operations: ['operations'],
  'Customer Success': ['customer success'],
  Product: ['product'],
  Legal: ['legal', 'counsel'],
  'Information Technology': ['information technology', 'it'],
  Design: ['design', 'designer'],
  Executive: ['chief executive', 'ceo', 'founder', 'managing director'],
};

/** Spec website technologies as Apollo technology uids (`currently_using_any_of_technology_uids`). */
const APOLLO_TECHNOLOGY: Readonly<Record<string, string>> = {
  wordpress: 'wordpress_org',
  joomla: 'joomla',
  wix: 'wix',
  shopify: 'shopify',
  typo3: 'typo3',
  'google my business': 'google_my_business',
};

const PEOPLE_PAGES = new AnswerCache<{ people: ApolloPerson[]; total: number }>(10 * 60_000);
const ORG_PAGES = new AnswerCache<{ organizations: ApolloOrganization[]; total: number }>(10 * 60_000);
const ORG_DOMAINS = new AnswerCache<string | null>(24 * 3600_000);

function post<T>(deps: SourceDeps, config: ApolloConfig, path: string, body: Record<string, unknown>) {
  const url = new URL(path, config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`);
  return requestJson<T>(deps, 'apollo', {
    method: 'POST',
    url,
    headers: { 'x-api-key': config.apiKey, 'content-type': 'application/json', 'cache-control': 'no-cache' },
    body: JSON.stringify(body),
  });
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const looksLikeDomain = (s: string) =>
  /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(
    s
      .trim()
      .replace(/^https?:\/\//i, '')
      .replace(/\/.*$/, ''),
  );

/** Apollo's `email_status` as the spec's outcome: verified → found; guessed/likely → potential. */
export function apolloOutcome(person: ApolloPerson): EmailOutcome {
  if (!person.email) return 'not_found';
  return person.email_status === 'verified' ? 'found' : 'potential';
}

/** Company names of a group search resolved to domains through Organization Search (one call per name, cached). */
async function companyDomain(deps: SourceDeps, config: ApolloConfig, name: string): Promise<string | null> {
  return ORG_DOMAINS.get(`${config.baseUrl}|${name.toLowerCase()}`, deps.now(), async () => {
    const { data } = await post<{ organizations?: ApolloOrganization[]; accounts?: ApolloOrganization[] }>(
      deps,
      config,
      'api/v1/mixed_companies/search',
      { q_organization_name: name, page: 1, per_page: 1 },
    );
    const org = [...(data?.accounts ?? []), ...(data?.organizations ?? [])][0];
    return org?.primary_domain ?? domainOf(org?.website_url) ?? null;
  });
}

/** The People API Search body for a people or group query (spec §3 filters). */
export async function apolloPeopleFilters(
  deps: SourceDeps,
  config: ApolloConfig,
  query: LeadQuery,
): Promise<Record<string, unknown>> {
  const f = query.filters;
  const body: Record<string, unknown> = {};
  const title = typeof f.job_title === 'string' ? f.job_title.trim() : '';
  const departmentTitles = [...new Set(list(f.departments).flatMap((d) => APOLLO_DEPARTMENT_TITLES[d] ?? []))];
  if (title) {
    body.person_titles = [title];
    body.include_similar_titles = true;
  } else if (departmentTitles.length) {
    body.person_titles = departmentTitles;
    body.include_similar_titles = true;
  }
  const seniorities = [
    ...new Set([...list(f.seniority), ...list(f.management_levels)].flatMap((s) => APOLLO_SENIORITY[s] ?? [])),
  ];
  if (seniorities.length) body.person_seniorities = seniorities;
  if (query.location.trim()) body.person_locations = [query.location.trim()];
  const companies = [
    ...list(f.companies),
    ...(typeof f.company === 'string' && f.company.trim() ? [f.company.trim()] : []),
  ];
  const domains: string[] = [];
  for (const company of companies) {
    const domain = looksLikeDomain(company) ? domainOf(company) : await companyDomain(deps, config, company);
    if (domain) domains.push(domain);
  }
  if (companies.length) body.q_organization_domains_list = domains.length ? domains : ['no-such-company.invalid'];
  return body;
}

async function peoplePage(deps: SourceDeps, config: ApolloConfig, filters: Record<string, unknown>, page: number) {
  const perPage = config.perPage ?? 25;
  const body = { ...filters, page, per_page: perPage };
  return PEOPLE_PAGES.get(`${config.baseUrl}|people|${JSON.stringify(body)}`, deps.now(), async () => {
    const { data } = await post<{
      people?: ApolloPerson[];
      total_entries?: number;
      pagination?: { total_entries?: number };
    }>(deps, config, 'api/v1/mixed_people/api_search', body);
    return { people: data?.people ?? [], total: data?.total_entries ?? data?.pagination?.total_entries ?? 0 };
  });
}

/** People Enrichment by Apollo id (or name + domain): the person's email and what Apollo knows. */
async function enrich(
  deps: SourceDeps,
  config: ApolloConfig,
  match: Record<string, unknown>,
): Promise<ApolloPerson | null> {
  const { data } = await post<{ person?: ApolloPerson | null }>(deps, config, 'api/v1/people/match', {
    ...match,
    reveal_personal_emails: false,
  });
  return data?.person ?? null;
}

function personRecord(found: ApolloPerson, fallback: ApolloPerson): LeadRecord {
  const p = { ...fallback, ...found };
  const org = p.organization ?? null;
  const name = p.name ?? ([p.first_name, p.last_name ?? p.last_name_obfuscated].filter(Boolean).join(' ') || 'Unknown');
  return {
    key: `apollo:${fallback.id}`,
    name,
    company: org?.name ?? null,
    job_title: p.title ?? null,
    department: p.departments?.[0]?.replace(/^master_/, '').replace(/_/g, ' ') ?? null,
    seniority: p.seniority ?? null,
    management_level: null,
    website: org?.website_url ?? org?.primary_domain ?? null,
    city: p.city ?? null,
    country: p.country ?? null,
    category: org?.industry ?? null,
    employee_count: org?.estimated_num_employees ?? null,
    linkedin_url: p.linkedin_url ?? null,
    email: p.email ?? null,
    email_outcome: apolloOutcome(p),
    phone: normalisePhone(p.phone_numbers?.[0]?.sanitized_number ?? p.phone_numbers?.[0]?.raw_number, null),
    ...(p.email ? { email_source: vendorEmailSource('apollo', null) } : {}),
    social: { source: 'apollo' },
  };
}

/** People and group searches: People API Search pages, each person enriched for the email. */
export function apolloPeopleSearch(deps: SourceDeps, config: ApolloConfig) {
  return async function* search(query: LeadQuery, { offset }: { offset: number }): AsyncIterable<LeadRecord> {
    const filters = await apolloPeopleFilters(deps, config, query);
    const perPage = config.perPage ?? 25;
    for (let page = Math.floor(offset / perPage) + 1; ; page += 1) {
      const { people, total } = await peoplePage(deps, config, filters, page);
      const skip = page === Math.floor(offset / perPage) + 1 ? offset % perPage : 0;
      for (const person of people.slice(skip)) {
        const enriched = await enrich(deps, config, { id: person.id });
        yield personRecord(enriched ?? person, person);
      }
      if (people.length < perPage || page * perPage >= total) return;
    }
  };
}

/** The Organization Search body for a company query. */
export function apolloCompanyFilters(query: LeadQuery): Record<string, unknown> {
  const f = query.filters;
  const body: Record<string, unknown> = {};
  if (query.location.trim()) body.organization_locations = [query.location.trim()];
  if (typeof f.industry === 'string' && f.industry) body.q_organization_keyword_tags = [f.industry];
  const min = typeof f.employees_min === 'number' ? f.employees_min : null;
  const max = typeof f.employees_max === 'number' ? f.employees_max : null;
  if (min !== null || max !== null) body.organization_num_employees_ranges = [`${min ?? 1},${max ?? 1_000_000}`];
  const tech = list(f.technologies)
    .map((t) => APOLLO_TECHNOLOGY[t])
    .filter(Boolean);
  if (tech.length) body.currently_using_any_of_technology_uids = tech;
  return body;
}

function companyRecord(org: ApolloOrganization): LeadRecord {
  return {
    key: `apollo-org:${org.id ?? org.primary_domain ?? org.name}`,
    name: org.name ?? org.primary_domain ?? 'Unknown',
    company: org.name ?? null,
    job_title: null,
    department: null,
    seniority: null,
    management_level: null,
    website: org.website_url ?? org.primary_domain ?? null,
    city: org.city ?? null,
    country: org.country ?? null,
    category: org.industry ?? null,
    employee_count: org.estimated_num_employees ?? null,
    linkedin_url: org.linkedin_url ?? null,
    email: null,
    email_outcome: 'not_found',
    phone: normalisePhone(org.primary_phone?.sanitized_number ?? org.primary_phone?.number ?? org.phone, null),
    social: { source: 'apollo' },
  };
}

/** Company search: Organization Search pages (emails come from the waterfall, see leadSources.ts). */
export function apolloCompanySearch(deps: SourceDeps, config: ApolloConfig) {
  return async function* search(query: LeadQuery, { offset }: { offset: number }): AsyncIterable<LeadRecord> {
    const filters = apolloCompanyFilters(query);
    const perPage = config.perPage ?? 25;
    for (let page = Math.floor(offset / perPage) + 1; ; page += 1) {
      const body = { ...filters, page, per_page: perPage };
      const { organizations, total } = await ORG_PAGES.get(
        `${config.baseUrl}|orgs|${JSON.stringify(body)}`,
        deps.now(),
        async () => {
          const { data } = await post<{
            organizations?: ApolloOrganization[];
            accounts?: ApolloOrganization[];
            pagination?: { total_entries?: number };
          }>(deps, config, 'api/v1/mixed_companies/search', body);
          return {
            organizations: [...(data?.accounts ?? []), ...(data?.organizations ?? [])],
            total: data?.pagination?.total_entries ?? 0,
          };
        },
      );
      const skip = page === Math.floor(offset / perPage) + 1 ? offset % perPage : 0;
      for (const org of organizations.slice(skip)) yield companyRecord(org);
      if (organizations.length < perPage || page * perPage >= total) return;
    }
  };
}

/** What People Enrichment is asked to match for a stored lead: its Apollo id when it came from Apollo, else name and company. */
function matchOf(lead: StoredLead): Record<string, unknown> {
  const id = lead.key?.startsWith('apollo:') ? lead.key.slice('apollo:'.length) : null;
  const domain = domainOf(lead.website);
  return id
    ? { id }
    : { name: lead.name, ...(domain ? { domain } : {}), ...(lead.company ? { organization_name: lead.company } : {}) };
}

/** People "get phones": People Enrichment of the stored lead (by Apollo id when it came from Apollo). */
export function apolloFindPhone(deps: SourceDeps, config: ApolloConfig) {
  return async (lead: StoredLead): Promise<string | null> => {
    const person = await enrich(deps, config, matchOf(lead));
    const number = person?.phone_numbers?.[0];
    return (
      normalisePhone(number?.sanitized_number ?? number?.raw_number, null) ??
      normalisePhone(person?.organization?.primary_phone?.sanitized_number, null)
    );
  };
}

/** "Get employees": people at the lead's domain (search), enriched for their emails (at most `limit`). */
export function apolloEmployees(deps: SourceDeps, config: ApolloConfig, limit = 10) {
  return async (lead: StoredLead): Promise<EmployeeRecord[]> => {
    const domain = domainOf(lead.website);
    if (!domain) return [];
    const { people } = await peoplePage(deps, config, { q_organization_domains_list: [domain] }, 1);
    const out: EmployeeRecord[] = [];
    for (const person of people.slice(0, limit)) {
      const r = personRecord((await enrich(deps, config, { id: person.id })) ?? person, person);
      out.push({
        name: r.name,
        job_title: r.job_title ?? '',
        department: r.department,
        seniority: r.seniority,
        email: r.email,
        phone: r.phone,
        linkedin_url: r.linkedin_url,
      });
    }
    return out;
  };
}

/** Apollo in the email waterfall: People Enrichment by name and domain; `verified` when Apollo says so. */
export function apolloEmailFinder(deps: SourceDeps, config: ApolloConfig): EmailFinder {
  return {
    id: 'apollo',
    async find(lookup) {
      const names =
        lookup.first_name || lookup.last_name
          ? { first_name: lookup.first_name, last_name: lookup.last_name }
          : lookup.full_name
            ? splitName(lookup.full_name)
            : null;
      // Apollo finds people, not a company's generic inbox.
      if (!names?.first_name || !names.last_name) return null;
      const person = await enrich(deps, config, {
        first_name: names.first_name,
        last_name: names.last_name,
        domain: lookup.domain,
      });
      if (!person?.email) return null;
      const verified = person.email_status === 'verified';
      return {
        email: person.email,
        outcome: verified ? 'found' : 'potential',
        verified,
        source: 'apollo',
        source_url: null,
      };
    },
  };
}

/**
 * People "get phones" with Apollo's mobile numbers: People Enrichment with `reveal_phone_number=true`
 * and the reveal's `webhook_url` (both query parameters in the reference; the webhook URL is
 * mandatory with the reveal). Apollo answers the profile at once and posts the person's numbers to
 * the webhook later ("It can take several minutes"); no match means no webhook will come.
 * https://docs.apollo.io/docs/retrieve-mobile-phone-numbers-for-contacts
 */
export function apolloRevealPhone(deps: SourceDeps, config: ApolloConfig, publicUrl: string) {
  return async (lead: StoredLead, token: string): Promise<PhoneRevealStart> => {
    const webhook = `${publicUrl.replace(/\/+$/, '')}${APOLLO_PHONE_WEBHOOK_PATH}/${token}`;
    const url = new URL('api/v1/people/match', config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`);
    url.searchParams.set('reveal_phone_number', 'true');
    url.searchParams.set('webhook_url', webhook);
    const { data, text } = await requestJson<{ person?: ApolloPerson | null; request_id?: string | number | null }>(
      deps,
      'apollo',
      {
        method: 'POST',
        url,
        headers: { 'x-api-key': config.apiKey, 'content-type': 'application/json', 'cache-control': 'no-cache' },
        body: JSON.stringify({ ...matchOf(lead), reveal_personal_emails: false }),
      },
    );
    const person = data?.person ?? null;
    // The request id is a signed 64-bit integer (often negative), past what a JSON number holds in
    // JavaScript: read from the answer's text, digit for digit, and kept as text.
    const requestId = /"request_id"\s*:\s*"?(-?\d+)"?/.exec(text)?.[1] ?? null;
    return { pending: Boolean(person?.id), personId: person?.id ?? null, requestId };
  };
}

/** One person of the phone webhook's payload (`people[]`): Apollo's id and the numbers it found. */
interface ApolloPhoneWebhookPerson {
  id?: string | null;
  status?: string | null;
  phone_numbers?: ApolloPhoneNumber[] | null;
}

/**
 * The number a phone webhook brings for the revealed person: mobile first, then Apollo's order
 * (`position`), in E.164; null when Apollo found none. `personId` (from the synchronous answer) picks
 * the person out of `people[]` when known; a payload about someone else brings nothing.
 * Payload: https://docs.apollo.io/reference/poll-webhook-result (request_type `phone`).
 */
export function apolloWebhookPhone(
  payload: { people?: ApolloPhoneWebhookPerson[] | null },
  personId: string | null,
): { phone: string | null; matched: boolean } {
  const people = payload.people ?? [];
  const person = personId ? people.find((p) => p.id === personId) : people[0];
  if (!person) return { phone: null, matched: false };
  const numbers = [...(person.phone_numbers ?? [])].sort(
    (a, b) =>
      Number((b.type_cd ?? b.type) === 'mobile') - Number((a.type_cd ?? a.type) === 'mobile') ||
      (a.position ?? 0) - (b.position ?? 0),
  );
  for (const n of numbers) {
    const phone = normalisePhone(n.sanitized_number ?? n.raw_number, null);
    if (phone) return { phone, matched: true };
  }
  return { phone: null, matched: true };
}

/**
 * A reveal's result when its webhook never arrived: Poll Webhook Result (`GET /api/v1/webhook_result/{request_id}`,
 * 0 credits, results kept 30 days): the payload Apollo delivered or would have delivered; 'pending'
 * while Apollo still works (404 `result_pending`); null when it has none (unknown or expired id, a
 * result of another kind). https://docs.apollo.io/reference/poll-webhook-result
 */
export function apolloPollPhoneReveal(deps: SourceDeps, config: ApolloConfig) {
  return async (requestId: string): Promise<{ people?: ApolloPhoneWebhookPerson[] | null } | 'pending' | null> => {
    const url = new URL(
      `api/v1/webhook_result/${encodeURIComponent(requestId)}`,
      config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`,
    );
    const { status, data } = await requestJson<{
      error_code?: string;
      webhook_status?: string;
      request_type?: string;
      webhook_result?: { people?: ApolloPhoneWebhookPerson[] | null } | null;
    }>(
      deps,
      'apollo',
      { method: 'GET', url, headers: { 'x-api-key': config.apiKey, 'cache-control': 'no-cache' } },
      { accept: [400, 404, 410], retries: 0 },
    );
    if (status === 404 && data?.error_code === 'result_pending') return 'pending';
    if (status !== 200 || data?.request_type !== 'phone' || !data.webhook_result) return null;
    return data.webhook_result;
  };
}
