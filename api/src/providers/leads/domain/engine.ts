import { Resolver } from 'node:dns/promises';
import { ConfigError } from '../../../config';
import { outboundDispatcher } from '../../../net/outbound';
import {
  crawlSite,
  resolverLookup,
  type CrawlError,
  type CrawlLimits,
  type CrawlNetwork,
  type DnsResolver,
} from './crawler';
import { extractPage, type CompanyFacts, type PageEmail, type SocialProfile, type Technology } from './extract';
import { addressFitsName, applyPattern, inferPattern, nameParts, type EmailPattern } from './pattern';
import { smtpProbe, type SmtpProbeConfig } from './smtpProbe';
import { mxChecker, verifyEmail, type EmailVerification } from './verify';

/**
 * The keyless domain engine: crawls a company's site and returns the emails seen on it (state
 * "found", with the page each was seen on), "potential" emails for the people named on it built
 * from the company's email pattern, and what else the site says (phones, social profiles, company
 * facts, people, technologies). A plain async function with bounded work: callable from a queued job.
 */

export interface DomainEngineConfig {
  limits: CrawlLimits;
  network: CrawlNetwork;
  /** MX look-ups. */
  resolver: DnsResolver;
  /** The optional SMTP RCPT check of the site's own addresses; null (the default) skips it. */
  smtp?: SmtpProbeConfig | null;
}

export type EmailState = 'found' | 'potential';

export interface EmailFinding {
  address: string;
  state: EmailState;
  /** The page the address was seen on ("found") or the page naming the person ("potential"). */
  sourceUrl: string | null;
  via: PageEmail['via'] | 'pattern';
  /** The person the address belongs to, when the site says so (or the pattern was applied to them). */
  name: string | null;
  title: string | null;
  verification: EmailVerification;
}

export interface PersonFinding {
  name: string;
  title: string | null;
  sourceUrl: string | null;
  email: string | null;
  state: EmailState | 'not_found';
}

export interface DomainFindings {
  domain: string;
  /** The domain of the company's addresses: the searched one, or the site's when the site moved there (acme.com → acme-corp.com). */
  emailDomain: string;
  /** The site's address the crawl started from, when it answered. */
  website: string | null;
  emails: EmailFinding[];
  phones: string[];
  socials: SocialProfile[];
  company: CompanyFacts;
  people: PersonFinding[];
  technologies: Technology[];
  pattern: EmailPattern | null;
  pagesCrawled: string[];
  /** Pages robots.txt kept the crawler out of. */
  disallowed: string[];
  error: CrawlError | 'invalid_domain' | null;
  elapsedMs: number;
}

export interface FindOptions {
  /** People known from elsewhere (a vendor, a places listing) to build potential emails for. */
  people?: readonly { name: string; title?: string | null }[];
  signal?: AbortSignal;
}

/** The host of a domain search's input ("https://www.acme.com/about" → "www.acme.com"), or null. */
export function hostOf(input: string): string | null {
  const trimmed = input.trim().toLowerCase();
  if (!trimmed) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(trimmed) ? trimmed : `http://${trimmed}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.includes('.') ? url.hostname.replace(/\.$/, '') : null;
  } catch {
    return null;
  }
}

/**
 * Findings with potential emails added for people known from elsewhere (names not already on the
 * site): the site's pattern applied to each, on a domain that takes mail. The site is not crawled again.
 */
export async function withPeople(
  findings: DomainFindings,
  people: readonly { name: string; title?: string | null }[],
  resolver: DnsResolver,
): Promise<DomainFindings> {
  const known = new Set(findings.people.map((p) => p.name.toLowerCase()));
  const mx = mxChecker(resolver);
  const emails = [...findings.emails];
  const found: PersonFinding[] = [...findings.people];
  for (const person of people) {
    const key = person.name.trim().toLowerCase();
    if (!key || known.has(key)) continue;
    known.add(key);
    const title = person.title ?? null;
    const owned = findings.emails.find((e) => e.state === 'found' && addressFitsName(e.address, person.name));
    if (owned) {
      found.push({ name: person.name, title, sourceUrl: owned.sourceUrl, email: owned.address, state: 'found' });
      continue;
    }
    const parts = nameParts(person.name);
    if (!findings.pattern || !parts) {
      found.push({ name: person.name, title, sourceUrl: null, email: null, state: 'not_found' });
      continue;
    }
    const address = `${applyPattern(findings.pattern, parts)}@${findings.emailDomain}`;
    const verification = await verifyEmail(address, mx);
    if (!verification.syntax || verification.mx === false) {
      found.push({ name: person.name, title, sourceUrl: null, email: null, state: 'not_found' });
      continue;
    }
    emails.push({
      address,
      state: 'potential',
      sourceUrl: null,
      via: 'pattern',
      name: person.name,
      title,
      verification,
    });
    found.push({ name: person.name, title, sourceUrl: null, email: address, state: 'potential' });
  }
  return { ...findings, emails, people: found };
}

/**
 * The SMTP RCPT check of the addresses on the site's own domain, asked of its first mail exchanger:
 * a potential address the server accepts becomes "found" (verified), one it rejects is dropped
 * (its person is "not found"); a found address keeps its state and carries the verdict.
 */
async function checkMailboxes(
  domain: string,
  emails: EmailFinding[],
  people: PersonFinding[],
  smtp: SmtpProbeConfig,
): Promise<void> {
  const own = emails.filter((e) => e.address.endsWith(`@${domain}`) && e.verification.mxHosts.length > 0);
  if (own.length === 0) return;
  const verdicts = await smtpProbe(
    own[0]!.verification.mxHosts[0]!,
    own.map((e) => e.address),
    domain,
    smtp,
  );
  for (const email of own) {
    email.verification.smtp = verdicts.get(email.address) ?? 'unknown';
    if (email.state !== 'potential') continue;
    const person = people.find((p) => p.email === email.address);
    if (email.verification.smtp === 'accepted') {
      email.state = 'found';
      if (person) person.state = 'found';
    } else if (email.verification.smtp === 'rejected') {
      emails.splice(emails.indexOf(email), 1);
      if (person) Object.assign(person, { email: null, state: 'not_found' });
    }
  }
}

/** Contact, team and imprint pages first: they carry the addresses. */
const PRIORITY_PATHS =
  /contact|kontakt|contacto|impressum|imprint|legal|mentions|team|equipo|equipe|people|staff|about|ueber|uber|nosotros|qui-sommes|leadership|management/i;
const TEAM_PAGE = /team|equipo|equipe|people|staff|about|ueber|nosotros|leadership|management|who-we-are|qui-sommes/i;

type PageRank = { depth: number; url: string };
const earlier = (a: PageRank, b: PageRank) => a.depth - b.depth || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0);

export async function findEmailsForDomain(
  input: string,
  options: FindOptions,
  config: DomainEngineConfig,
): Promise<DomainFindings> {
  const began = Date.now();
  const host = hostOf(input);
  const empty = (error: DomainFindings['error'], extra: Partial<DomainFindings> = {}): DomainFindings => ({
    domain: host?.replace(/^www\./, '') ?? input,
    emailDomain: host?.replace(/^www\./, '') ?? input,
    website: null,
    emails: [],
    phones: [],
    socials: [],
    company: { name: null, description: null, address: null, city: null, country: null },
    people: [],
    technologies: [],
    pattern: null,
    pagesCrawled: [],
    disallowed: [],
    error,
    elapsedMs: Date.now() - began,
    ...extra,
  });
  if (!host) return empty('invalid_domain');
  const domain = host.replace(/^www\./, '');

  // https first; a site that does not answer it is tried over http.
  let crawl = await crawlSite(`https://${host}/`, {
    limits: config.limits,
    network: config.network,
    prioritise: PRIORITY_PATHS,
    signal: options.signal,
  });
  if (crawl.pages.length === 0 && crawl.error === 'unreachable' && !options.signal?.aborted) {
    crawl = await crawlSite(`http://${host}/`, {
      limits: config.limits,
      network: config.network,
      prioritise: PRIORITY_PATHS,
      signal: options.signal,
    });
  }
  if (crawl.pages.length === 0) return empty(crawl.error, { disallowed: crawl.disallowed });

  // Pages in a stable order (depth, then URL) so the same site gives the same answer whatever the fetch order.
  const pages = [...crawl.pages].sort(earlier);
  const seenEmails = new Map<string, { sourceUrl: string; via: PageEmail['via'] }>();
  const people = new Map<
    string,
    { name: string; title: string | null; email: string | null; sourceUrl: string | null }
  >();
  const phones = new Set<string>();
  const socials = new Map<string, SocialProfile>();
  const technologies = new Set<Technology>();
  const company: CompanyFacts = { name: null, description: null, address: null, city: null, country: null };
  for (const page of pages) {
    const facts = extractPage(page.$, { url: page.url, headers: page.headers });
    for (const e of facts.emails)
      if (!seenEmails.has(e.address)) seenEmails.set(e.address, { sourceUrl: page.url, via: e.via });
    facts.phones.forEach((p) => phones.add(p));
    facts.socials.forEach((s) => socials.has(s.url) || socials.set(s.url, s));
    facts.technologies.forEach((t) => technologies.add(t));
    for (const key of Object.keys(company) as (keyof CompanyFacts)[]) company[key] ??= facts.company[key];
    // Team cards count on team pages; schema.org Person anywhere (the extractor marks both the same way).
    const onTeamPage = TEAM_PAGE.test(new URL(page.url).pathname) || TEAM_PAGE.test(page.title);
    for (const person of facts.people) {
      if (!onTeamPage && !person.email && !person.title) continue;
      const key = person.name.toLowerCase();
      const known = people.get(key);
      people.set(key, {
        name: known?.name ?? person.name,
        title: known?.title ?? person.title,
        email: known?.email ?? person.email,
        sourceUrl: known?.sourceUrl ?? page.url,
      });
      if (person.email && !seenEmails.has(person.email))
        seenEmails.set(person.email, { sourceUrl: page.url, via: 'mailto' });
    }
  }

  // The start page may have redirected to another domain: the company's addresses are where most of them are.
  const siteDomain = new URL(pages[0]!.url).hostname.replace(/^www\./, '');
  const countOn = (d: string) => [...seenEmails.keys()].filter((a) => a.endsWith(`@${d}`)).length;
  const emailDomain = countOn(siteDomain) > countOn(domain) ? siteDomain : domain;

  // Link addresses to people: the page said so, or the address spells the name (jane.doe@ → Jane Doe).
  const owner = new Map<string, string>();
  for (const [key, person] of people) {
    if (person.email) owner.set(person.email, key);
  }
  for (const address of seenEmails.keys()) {
    if (owner.has(address)) continue;
    for (const [key, person] of people) {
      if (!person.email && addressFitsName(address, person.name)) {
        person.email = address;
        owner.set(address, key);
        break;
      }
    }
  }
  const onDomain = (address: string) => address.endsWith(`@${emailDomain}`);
  const pattern = inferPattern(
    [...owner]
      .filter(([address]) => onDomain(address))
      .map(([address, key]) => ({ address, name: people.get(key)!.name })),
  );

  const mx = mxChecker(config.resolver);
  const emails: EmailFinding[] = [];
  for (const address of [...seenEmails.keys()].sort()) {
    const seen = seenEmails.get(address)!;
    const person = owner.has(address) ? people.get(owner.get(address)!)! : null;
    const verification = await verifyEmail(address, mx);
    if (!verification.syntax) continue;
    emails.push({
      address,
      state: 'found',
      sourceUrl: seen.sourceUrl,
      via: seen.via,
      name: person?.name ?? null,
      title: person?.title ?? null,
      verification,
    });
  }
  const personFindings: PersonFinding[] = [];
  for (const person of [...people.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    if (person.email) {
      personFindings.push({ ...person, state: 'found' });
      continue;
    }
    const parts = nameParts(person.name);
    if (!pattern || !parts) {
      personFindings.push({ ...person, state: 'not_found' });
      continue;
    }
    const address = `${applyPattern(pattern, parts)}@${emailDomain}`;
    const verification = await verifyEmail(address, mx);
    // A domain that takes no mail cannot have the address.
    if (!verification.syntax || verification.mx === false) {
      personFindings.push({ ...person, state: 'not_found' });
      continue;
    }
    emails.push({
      address,
      state: 'potential',
      sourceUrl: person.sourceUrl,
      via: 'pattern',
      name: person.name,
      title: person.title,
      verification,
    });
    personFindings.push({ ...person, email: address, state: 'potential' });
  }

  if (config.smtp) await checkMailboxes(emailDomain, emails, personFindings, config.smtp);

  const findings: DomainFindings = {
    domain,
    emailDomain,
    website: new URL('/', pages[0]!.url).href,
    emails,
    phones: [...phones],
    socials: [...socials.values()],
    company,
    people: personFindings,
    technologies: [...technologies],
    pattern,
    pagesCrawled: pages.map((p) => p.url),
    disallowed: crawl.disallowed,
    error: null,
    elapsedMs: Date.now() - began,
  };
  return options.people?.length ? withPeople(findings, options.people, config.resolver) : findings;
}

function envInt(env: NodeJS.ProcessEnv, key: string, fallback: number, min: number, max: number): number {
  const raw = env[key]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(key, `expected an integer between ${min} and ${max}, got "${raw}"`);
  return n;
}

/** A resolver on the given servers ("1.1.1.1", "127.0.0.1:5353"), else the system's. */
export function dnsResolver(servers: readonly string[] = [], timeoutMs = 3_000): DnsResolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers.length) resolver.setServers([...servers]);
  return resolver;
}

/** DOMAIN_DNS_SERVERS as a list ("1.1.1.1, 127.0.0.1:5353"); empty: the system's servers. A bad entry throws naming it. */
export function dnsServersFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const servers = (env.DOMAIN_DNS_SERVERS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const s of servers) {
    if (!/^(\[[0-9a-f:]+\]|[0-9.]+)(:\d{1,5})?$/i.test(s))
      throw new ConfigError('DOMAIN_DNS_SERVERS', `"${s}" is not an IP address with an optional port`);
  }
  return servers;
}

/** The resolver of the domain engine and the email grader's MX look-ups: DOMAIN_DNS_SERVERS, else the system's servers. */
export function dnsResolverFromEnv(env: NodeJS.ProcessEnv = process.env): DnsResolver {
  return dnsResolver(dnsServersFromEnv(env));
}

/** DOMAIN_* environment variables (documented in providers/leads/README.md); a bad value throws naming it. OUTBOUND_ALLOW_HOSTS exempts hosts from the guard. */
export function domainEngineConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DomainEngineConfig {
  const servers = dnsServersFromEnv(env);
  const resolver = dnsResolver(servers);
  return {
    limits: {
      maxDepth: envInt(env, 'DOMAIN_CRAWL_MAX_DEPTH', 2, 0, 5),
      maxPages: envInt(env, 'DOMAIN_CRAWL_MAX_PAGES', 25, 1, 200),
      maxBytes: envInt(env, 'DOMAIN_CRAWL_MAX_BYTES', 1_048_576, 1024, 10_485_760),
      timeoutMs: envInt(env, 'DOMAIN_CRAWL_TIMEOUT_MS', 20_000, 500, 120_000),
      concurrency: envInt(env, 'DOMAIN_CRAWL_CONCURRENCY', 2, 1, 8),
    },
    network: {
      // With custom DNS servers the connections resolve through them too (still guarded); otherwise the process's guarded dispatcher.
      ...(servers.length ? { dispatcher: outboundDispatcher({ lookupHost: resolverLookup(resolver) }) } : {}),
      ports: {
        http: envInt(env, 'DOMAIN_CRAWL_HTTP_PORT', 80, 1, 65_535),
        https: envInt(env, 'DOMAIN_CRAWL_HTTPS_PORT', 443, 1, 65_535),
      },
    },
    resolver,
    smtp: smtpConfigFromEnv(env, servers.length ? resolverLookup(resolver) : undefined),
  };
}

/** DOMAIN_SMTP_*: the RCPT check is off unless DOMAIN_SMTP_CHECK=1. */
function smtpConfigFromEnv(env: NodeJS.ProcessEnv, lookupHost: SmtpProbeConfig['lookupHost']): SmtpProbeConfig | null {
  const on = (env.DOMAIN_SMTP_CHECK ?? '0').trim().toLowerCase();
  if (!['0', '1', 'true', 'false', 'on', 'off', ''].includes(on))
    throw new ConfigError('DOMAIN_SMTP_CHECK', `expected 1/0, got "${on}"`);
  if (!['1', 'true', 'on'].includes(on)) return null;
  const helo = env.DOMAIN_SMTP_HELO?.trim();
  if (!helo || !/^[a-z0-9.-]+$/i.test(helo))
    throw new ConfigError(
      'DOMAIN_SMTP_HELO',
      'the host name to greet mail servers with is required when DOMAIN_SMTP_CHECK=1',
    );
  const from = env.DOMAIN_SMTP_FROM?.trim() ?? '';
  if (from && !/^[^\s<>@]+@[^\s<>@]+$/.test(from))
    throw new ConfigError('DOMAIN_SMTP_FROM', `"${from}" is not an email address`);
  return {
    port: envInt(env, 'DOMAIN_SMTP_PORT', 25, 1, 65_535),
    helo,
    from,
    timeoutMs: envInt(env, 'DOMAIN_SMTP_TIMEOUT_MS', 10_000, 500, 60_000),
    lookupHost,
  };
}
