import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPrivateAddress } from '../../net/outbound';
import type { EmailFinder } from './emailFinder';
import { dnsServersFromEnv } from './domain/engine';
import { withEmail } from './osmProvider';
import { AnswerCache, requestJson, type SourceDeps } from './sourceHttp';
import type { LeadRecord, SiteVisit } from './types';

/**
 * Intent: who is behind a page view. Keyless, a reverse DNS (PTR) look-up of the visitor's address
 * gives a host name; when it belongs to a company rather than an access provider, its registrable
 * domain is the visitor's company. With an IPinfo token (https://ipinfo.io/developers) the
 * `company` (or `asn`/`org`) data of the address names the company and its domain. The domain then
 * goes to the email waterfall (the domain engine first). IPinfo's free plan: 50,000 requests a
 * month; 429 beyond (we wait `Retry-After`).
 */
export interface IpinfoConfig {
  apiKey: string;
  baseUrl: string;
}

export type ReverseLookup = (ip: string) => Promise<string[]>;

/** Host names of access providers and hosting rather than a company's own network. */
const ACCESS_NETWORK =
  /(^|[.-])(dyn|dynamic|dhcp|dsl|adsl|vdsl|cable|pool|ppp|pppoe|broadband|cust|customer|client|static|mobile|wireless|fibre|fiber|ftth|res|residential|ip|host|compute|cloud|vps|server|amazonaws|googleusercontent|azure|linode|hetzner|ovh)[.\d-]/i;
const TWO_LEVEL_SUFFIX = /\.(co|com|net|org|gov|ac|edu)\.[a-z]{2}$/i;

/** The registrable domain of a company host name (`mail.acme.co.uk` → `acme.co.uk`); null for an access provider's name. */
export function companyDomainOfHost(host: string): string | null {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (!name.includes('.') || ACCESS_NETWORK.test(name) || /\d+[.-]\d+[.-]\d+/.test(name)) return null;
  const labels = name.split('.');
  return labels.slice(TWO_LEVEL_SUFFIX.test(name) ? -3 : -2).join('.');
}

function visitRecord(
  visit: SiteVisit,
  domain: string,
  company: string | null,
  city: string | null,
  country: string | null,
  source: string,
): LeadRecord {
  const page = (() => {
    try {
      const u = new URL(visit.url);
      return u.pathname;
    } catch {
      return visit.url;
    }
  })();
  return {
    key: `intent:${domain}`,
    name: company ?? domain,
    company: company ?? domain,
    job_title: null,
    department: null,
    seniority: null,
    management_level: null,
    website: domain,
    city,
    country,
    category: null,
    employee_count: null,
    linkedin_url: null,
    email: null,
    email_outcome: 'not_found',
    phone: null,
    social: { source, visited: visit.url, page, pages_viewed: 1, referrer: visit.referrer ?? '' },
  };
}

const PTR_CACHE = new AnswerCache<string | null>(3600_000, 5000);

/** PTR look-ups through DOMAIN_DNS_SERVERS (the domain engine's servers), else the system's. */
export function reverseLookupFromEnv(env: NodeJS.ProcessEnv = process.env): ReverseLookup {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  const servers = dnsServersFromEnv(env);
  if (servers.length) resolver.setServers(servers);
  return (ip) => resolver.reverse(ip);
}

/** Keyless: reverse DNS of the visitor's address. */
export function reverseDnsIdentify(
  deps: Pick<SourceDeps, 'now'>,
  finder: EmailFinder | null,
  reverse: ReverseLookup = reverseLookupFromEnv(),
) {
  return async (visit: SiteVisit): Promise<LeadRecord | null> => {
    if (!isIP(visit.ip) || isPrivateAddress(visit.ip)) return null;
    const domain = await PTR_CACHE.get(visit.ip, deps.now(), async () => {
      try {
        const hosts = await reverse(visit.ip);
        for (const host of hosts) {
          const d = companyDomainOfHost(host);
          if (d) return d;
        }
        return null;
      } catch {
        return null; // no PTR record: the visitor stays anonymous
      }
    });
    if (!domain) return null;
    return withEmail(visitRecord(visit, domain, null, null, null, 'reverse-dns'), finder);
  };
}

interface IpinfoAnswer {
  ip: string;
  hostname?: string;
  city?: string;
  country?: string;
  org?: string;
  bogon?: boolean;
  company?: { name?: string; domain?: string; type?: string };
  asn?: { asn?: string; name?: string; domain?: string; type?: string };
}

const IPINFO_CACHE = new AnswerCache<IpinfoAnswer | null>(24 * 3600_000, 5000);

/** IPinfo by token: the company (or the network's owner when it is a business, not an ISP or host). */
export function ipinfoIdentify(
  deps: SourceDeps,
  config: IpinfoConfig,
  finder: EmailFinder | null,
  fallback: ((visit: SiteVisit) => Promise<LeadRecord | null>) | null,
) {
  return async (visit: SiteVisit): Promise<LeadRecord | null> => {
    if (!isIP(visit.ip) || isPrivateAddress(visit.ip)) return null;
    const answer = await IPINFO_CACHE.get(visit.ip, deps.now(), async () => {
      const url = new URL(
        encodeURIComponent(visit.ip),
        config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`,
      );
      const { status, data } = await requestJson<IpinfoAnswer>(
        deps,
        'ipinfo',
        { method: 'GET', url, headers: { authorization: `Bearer ${config.apiKey}` } },
        { accept: [404] },
      );
      return status === 404 ? null : data;
    });
    if (!answer || answer.bogon) return null;
    const business = (kind?: string) => kind === 'business' || kind === 'education' || kind === 'government';
    const company =
      answer.company && business(answer.company.type) && answer.company.domain
        ? answer.company
        : answer.asn && business(answer.asn.type) && answer.asn.domain
          ? answer.asn
          : null;
    const fromHost = !company && answer.hostname ? companyDomainOfHost(answer.hostname) : null;
    if (!company && !fromHost) return fallback ? fallback(visit) : null;
    const domain = company?.domain ?? fromHost!;
    return withEmail(
      visitRecord(visit, domain, company?.name ?? null, answer.city ?? null, answer.country ?? null, 'ipinfo'),
      finder,
    );
  };
}
