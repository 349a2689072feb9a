import { domainOf, splitName, vendorEmailSource, type EmailFinder, type FoundEmail } from './emailFinder';
import { normalisePhone } from './phone';
import { AnswerCache, requestJson, type CallOptions, type SourceDeps } from './sourceHttp';
import type { EmployeeRecord, LeadQuery, LeadRecord, StoredLead } from './types';

/**
 * Hunter (https://hunter.io/api-documentation/v2): Domain Search for the domain type and "get
 * employees", Email Finder in the email waterfall, Email Verifier. The key travels in the
 * `X-API-KEY` header, never in a URL. Hunter's own status codes: 401 invalid key, 403 rate limit
 * (15 requests/s, 500/min: we back off and retry), 429 monthly quota used up.
 */
export interface HunterConfig {
  apiKey: string;
  baseUrl: string;
  /** Domain Search page size (Hunter allows up to 100 on paid plans, 10 on the free one). */
  pageSize?: number;
}

interface HunterEmail {
  value: string;
  type?: 'personal' | 'generic';
  confidence?: number;
  first_name?: string | null;
  last_name?: string | null;
  position?: string | null;
  seniority?: string | null;
  department?: string | null;
  linkedin?: string | null;
  phone_number?: string | null;
  verification?: { status?: string | null } | null;
  sources?: { uri?: string }[];
}

interface DomainSearchAnswer {
  data: { domain: string; organization?: string | null; country?: string | null; emails: HunterEmail[] };
  meta: { results: number; limit: number; offset: number };
}

interface FinderAnswer {
  data: {
    email: string | null;
    score?: number;
    first_name?: string;
    last_name?: string;
    position?: string | null;
    verification?: { status?: string | null } | null;
    sources?: { uri?: string }[];
  };
}

export const hunterStatuses: CallOptions['classify'] = (status) =>
  status === 403 ? 'retry' : status === 429 ? 'quota_exhausted' : status === 401 ? 'key_refused' : undefined;
const PAGES = new AnswerCache<DomainSearchAnswer>(10 * 60_000);

function call<T>(
  deps: SourceDeps,
  config: HunterConfig,
  path: string,
  params: Record<string, string>,
  accept: number[] = [],
) {
  const url = new URL(path, config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`);
  url.search = new URLSearchParams(params).toString();
  return requestJson<T>(
    deps,
    'hunter',
    { method: 'GET', url, headers: { 'x-api-key': config.apiKey } },
    { classify: hunterStatuses, accept },
  );
}

async function domainSearchPage(
  deps: SourceDeps,
  config: HunterConfig,
  domain: string,
  offset: number,
  type?: 'personal',
): Promise<DomainSearchAnswer> {
  const limit = String(config.pageSize ?? 10);
  const params: Record<string, string> = { domain, limit, offset: String(offset) };
  if (type) params.type = type;
  return PAGES.get(
    `${config.baseUrl}|${JSON.stringify(params)}`,
    deps.now(),
    async () => (await call<DomainSearchAnswer>(deps, config, 'v2/domain-search', params)).data,
  );
}

const verified = (status: string | null | undefined) => status === 'valid';
const fullName = (e: { first_name?: string | null; last_name?: string | null }) =>
  [e.first_name, e.last_name].filter(Boolean).join(' ');

function emailRecord(domain: string, organization: string | null, country: string | null, e: HunterEmail): LeadRecord {
  const social: Record<string, string | number> = { source: 'hunter' };
  if (e.confidence !== undefined) social.confidence = e.confidence;
  return {
    key: `hunter:${e.value.toLowerCase()}`,
    name: fullName(e) || e.value,
    company: organization,
    job_title: e.position ?? null,
    department: e.department ?? null,
    seniority: e.seniority ?? null,
    management_level: null,
    website: domain,
    city: null,
    country,
    category: null,
    employee_count: null,
    linkedin_url: e.linkedin ?? null,
    email: e.value,
    // Hunter lists addresses it saw published (its sources) or verified: "found"; a bare pattern guess is "potential".
    email_outcome: verified(e.verification?.status) || (e.sources?.length ?? 0) > 0 ? 'found' : 'potential',
    email_source: vendorEmailSource('hunter', e.sources?.[0]?.uri ?? null),
    phone: normalisePhone(e.phone_number, country),
    social,
  };
}

/** Domain type: every address Hunter knows at the domain, in Hunter's order, paged with limit/offset. */
export function hunterDomainSearch(deps: SourceDeps, config: HunterConfig) {
  return async function* search(query: LeadQuery, { offset }: { offset: number }): AsyncIterable<LeadRecord> {
    const domain = domainOf(String(query.filters.domain ?? ''));
    if (!domain) return;
    const size = config.pageSize ?? 10;
    for (let start = offset - (offset % size); ; start += size) {
      const { data, meta } = await domainSearchPage(deps, config, domain, start);
      for (const e of data.emails.slice(start < offset ? offset - start : 0))
        yield emailRecord(domain, data.organization ?? null, data.country ?? null, e);
      if (data.emails.length < size || start + size >= meta.results) return;
    }
  };
}

/** "Get employees": the people Hunter lists at the lead's domain. */
export function hunterEmployees(deps: SourceDeps, config: HunterConfig) {
  return async (lead: StoredLead): Promise<EmployeeRecord[]> => {
    const domain = domainOf(lead.website);
    if (!domain) return [];
    const { data } = await domainSearchPage(deps, config, domain, 0, 'personal');
    return data.emails
      .filter((e) => e.first_name || e.last_name)
      .map((e) => ({
        name: fullName(e),
        job_title: e.position ?? '',
        department: e.department ?? null,
        seniority: e.seniority ?? null,
        email: e.value,
        phone: normalisePhone(e.phone_number, data.country),
        linkedin_url: e.linkedin ?? null,
      }));
  };
}

/** Hunter in the email waterfall: Email Finder for a person, else the domain's best generic address. */
export function hunterEmailFinder(deps: SourceDeps, config: HunterConfig): EmailFinder {
  return {
    id: 'hunter',
    async find(lookup): Promise<FoundEmail | null> {
      const names =
        lookup.first_name || lookup.last_name
          ? { first_name: lookup.first_name ?? null, last_name: lookup.last_name ?? null }
          : lookup.full_name
            ? splitName(lookup.full_name)
            : null;
      if (names?.first_name && names.last_name) {
        const { status, data } = await call<FinderAnswer>(
          deps,
          config,
          'v2/email-finder',
          { domain: lookup.domain, first_name: names.first_name, last_name: names.last_name },
          [404],
        );
        if (status === 404 || !data?.data?.email) return null;
        const ok = verified(data.data.verification?.status);
        return {
          email: data.data.email,
          outcome: ok ? 'found' : 'potential',
          verified: ok,
          source: 'hunter',
          source_url: data.data.sources?.[0]?.uri ?? null,
        };
      }
      const { data } = await domainSearchPage(deps, config, lookup.domain, 0);
      const best = [...data.emails].sort(
        (a, b) =>
          Number(verified(b.verification?.status)) - Number(verified(a.verification?.status)) ||
          (b.confidence ?? 0) - (a.confidence ?? 0),
      )[0];
      if (!best) return null;
      const ok = verified(best.verification?.status);
      return {
        email: best.value,
        outcome: ok || (best.sources?.length ?? 0) > 0 ? 'found' : 'potential',
        verified: ok,
        source: 'hunter',
        source_url: best.sources?.[0]?.uri ?? null,
      };
    },
  };
}

/**
 * Email Verifier's answer (https://hunter.io/api-documentation/v2#email-verifier): `status` is the grade; the
 * flags say why. Hunter answers 202 while its check is still running (ask again later) and 222 when the
 * remote mail server answered unexpectedly (`status` unknown).
 */
export interface HunterVerification {
  status: 'valid' | 'invalid' | 'accept_all' | 'webmail' | 'disposable' | 'unknown';
  score?: number | null;
  regexp?: boolean;
  gibberish?: boolean;
  disposable?: boolean;
  webmail?: boolean;
  mx_records?: boolean;
  smtp_server?: boolean;
  smtp_check?: boolean;
  accept_all?: boolean;
  block?: boolean;
}

/** Email Verifier: Hunter's verdict on one address, or `pending` while Hunter is still checking it (HTTP 202). */
export async function hunterVerify(
  deps: SourceDeps,
  config: HunterConfig,
  email: string,
): Promise<HunterVerification | 'pending'> {
  const { status, data } = await call<{ data: HunterVerification }>(
    deps,
    config,
    'v2/email-verifier',
    { email },
    [202, 222],
  );
  if (status === 202 || !data?.data?.status) return 'pending';
  return data.data;
}
