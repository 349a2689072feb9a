import type { EmployeeRecord, LeadProvider, LeadQuery, LeadRecord, StoredLead } from '../types';
import {
  domainEngineConfigFromEnv,
  findEmailsForDomain,
  hostOf,
  withPeople,
  type DomainEngineConfig,
  type DomainFindings,
  type EmailFinding,
  type FindOptions,
} from './engine';

export const DOMAIN_PROVIDER_ID = 'domain-crawl';

/** One engine configuration with a short memory of recent sites, so a job's steps do not crawl a site again. */
export interface DomainEngine {
  readonly config: DomainEngineConfig;
  findEmailsForDomain(domain: string, options?: FindOptions): Promise<DomainFindings>;
}

const CACHE_MS = 10 * 60_000;
const CACHE_SIZE = 100;

export function createDomainEngine(
  config: DomainEngineConfig,
  { cacheMs = CACHE_MS, now = Date.now }: { cacheMs?: number; now?: () => number } = {},
): DomainEngine {
  const cache = new Map<string, { at: number; findings: Promise<DomainFindings> }>();
  const engine: DomainEngine = {
    config,
    async findEmailsForDomain(domain, options = {}) {
      // A caller's abort signal makes the answer the caller's own: not cached.
      if (options.signal) return findEmailsForDomain(domain, options, config);
      // People known from elsewhere get their potential emails from the cached crawl.
      if (options.people?.length)
        return withPeople(await engine.findEmailsForDomain(domain), options.people, config.resolver);
      const key = hostOf(domain) ?? domain;
      const hit = cache.get(key);
      if (hit && now() - hit.at < cacheMs) return hit.findings;
      const findings = findEmailsForDomain(domain, options, config);
      cache.delete(key);
      cache.set(key, { at: now(), findings });
      findings.catch(() => cache.delete(key));
      while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return findings;
    },
  };
  return engine;
}

function emailRecord(findings: DomainFindings, email: EmailFinding): LeadRecord {
  return {
    key: `${findings.domain}:${email.address}`,
    name: email.name ?? findings.company.name ?? findings.domain,
    company: findings.company.name ?? findings.domain,
    job_title: email.title,
    department: null,
    seniority: null,
    management_level: null,
    website: findings.website ?? `https://${findings.domain}/`,
    city: findings.company.city,
    country: findings.company.country,
    category: null,
    employee_count: null,
    linkedin_url: null,
    email: email.address,
    email_outcome: email.state,
    email_source: {
      provider: 'site',
      url: email.sourceUrl,
      via: email.via,
      mx: email.verification.mx,
      disposable: email.verification.disposable,
      role: email.verification.role,
      smtp: email.verification.smtp,
    },
    phone: null,
    social: null,
  };
}

/**
 * A domain search's records: every address found on the site, then the potential ones built for
 * named people, then the people no address could be found or built for ("not found"); a site with
 * none of these gives one "not found" record for the domain itself.
 */
export function domainRecords(findings: DomainFindings): LeadRecord[] {
  const records = findings.emails.map((e) => emailRecord(findings, e));
  const base = emailRecord(findings, {
    address: '',
    state: 'found',
    sourceUrl: null,
    via: 'text',
    name: null,
    title: null,
    verification: { syntax: false, mx: null, mxHosts: [], disposable: false, role: false, smtp: null },
  });
  const notFound = (key: string, name: string, title: string | null): LeadRecord => ({
    ...base,
    key,
    name,
    job_title: title,
    email: null,
    email_outcome: 'not_found',
    email_source: null,
  });
  for (const person of findings.people) {
    if (person.state === 'not_found')
      records.push(notFound(`${findings.domain}:person:${person.name.toLowerCase()}`, person.name, person.title));
  }
  if (records.length === 0)
    records.push(notFound(`${findings.domain}:none`, findings.company.name ?? findings.domain, null));
  return records;
}

function domainOfLead(lead: StoredLead): string | null {
  return (lead.website && hostOf(lead.website)) ?? (lead.company && hostOf(lead.company)) ?? null;
}

/** The domain search served by the engine (keyless); also answers "get employees" from a site's team pages. */
export function createDomainLeadProvider(engine: DomainEngine): LeadProvider & { engine: DomainEngine } {
  return {
    id: DOMAIN_PROVIDER_ID,
    demo: false,
    engine,
    async *search(query: LeadQuery, { offset }: { offset: number }) {
      const domain = String(query.filters.domain ?? '');
      const records = domainRecords(await engine.findEmailsForDomain(domain));
      for (const record of records.slice(offset)) yield record;
    },
    async findPhone(lead) {
      const domain = domainOfLead(lead);
      return domain ? ((await engine.findEmailsForDomain(domain)).phones[0] ?? null) : null;
    },
    async findEmployees(lead): Promise<EmployeeRecord[]> {
      const domain = domainOfLead(lead);
      if (!domain) return [];
      const findings = await engine.findEmailsForDomain(domain);
      return findings.people.map((p) => ({
        name: p.name,
        job_title: p.title ?? '',
        department: null,
        seniority: null,
        email: p.email,
        phone: null,
        linkedin_url: null,
      }));
    },
    async enrichInfluencer() {
      return null;
    },
    async identifyVisitor() {
      return null;
    },
  };
}

let defaultEngine: DomainEngine | null = null;

/** The engine configured from the environment (DOMAIN_*, CRAWL_ALLOW_HOSTS): what other providers call. */
export function domainEngine(): DomainEngine {
  defaultEngine ??= createDomainEngine(domainEngineConfigFromEnv());
  return defaultEngine;
}
