import { setTimeout as wait } from 'node:timers/promises';
import { request, type Dispatcher } from 'undici';
import * as cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import robotsParser from 'robots-parser';
import { outboundDispatcher, OutboundRefusedError, type HostLookup } from '../../../net/outbound';

/**
 * A polite, bounded website crawler (the domain engine's and the business profile's): robots.txt
 * first (RFC 9309, through robots-parser), then the sitemap and the pages' links breadth-first, with
 * caps on depth, pages, bytes per page and total time, a few connections per host, a user agent that
 * names the product, and the page's charset from its headers or meta tags (cheerio's WHATWG sniffer).
 * Every connection goes through the outbound guard (`net/outbound`): the resolved address is
 * checked at connect time, on every redirect hop (OUTBOUND_ALLOW_HOSTS exempts hosts).
 *
 * A plain async function: no timers or loops outlive the call, so a queued job can run it.
 */

/** The product token robots.txt rules are matched against, and the full user agent sent. */
export const CRAWLER_TOKEN = 'LeadsmithBot';
export const CRAWLER_USER_AGENT = `${CRAWLER_TOKEN}/1.0 (+lead research crawler; honours robots.txt)`;

/** Address look-ups the crawler makes: A/AAAA for connections, MX for mail checks. */
export interface DnsResolver {
  resolve4(host: string): Promise<string[]>;
  resolve6(host: string): Promise<string[]>;
  resolveMx(domain: string): Promise<{ exchange: string; priority: number }[]>;
}

export interface CrawlLimits {
  maxDepth: number;
  maxPages: number;
  /** Per page; a longer body is cut there. */
  maxBytes: number;
  /** The whole crawl, robots.txt and sitemap included. */
  timeoutMs: number;
  /** Parallel requests to the host (1 when robots.txt asks for a crawl delay). */
  concurrency: number;
}

/**
 * How the crawler connects: the one injection point of the outbound guard. `dispatcher` defaults
 * to the process's guarded dispatcher (`outboundDispatcher()`); a caller with its own DNS servers
 * passes `outboundDispatcher({ lookupHost })`, guarded the same way.
 */
export interface CrawlNetwork {
  dispatcher?: Dispatcher;
  /** Ports used for http:/https: URLs without one (tests serve a site on a loopback port). */
  ports?: { http?: number; https?: number };
  userAgent?: string;
}

/** A host look-up through a resolver (A, then AAAA), for `outboundDispatcher({ lookupHost })`. */
export function resolverLookup(resolver: DnsResolver): HostLookup {
  return async (host) => {
    const v4 = await resolver.resolve4(host).catch((error: unknown) => error as Error);
    if (Array.isArray(v4) && v4.length) return v4.map((address) => ({ address, family: 4 }));
    const v6 = await resolver.resolve6(host).catch(() => [] as string[]);
    if (v6.length) return v6.map((address) => ({ address, family: 6 }));
    throw Array.isArray(v4) ? Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' }) : v4;
  };
}

export interface CrawledPage {
  url: string;
  depth: number;
  /** Order of discovery (breadth-first): sort by depth, then this, for a stable order whatever the fetch timing. */
  seq: number;
  status: number;
  /** Lower-cased header names. */
  headers: Readonly<Record<string, string>>;
  $: CheerioAPI;
  title: string;
}

export type CrawlError = 'address_refused' | 'unreachable' | 'robots_disallowed';

export interface CrawlResult {
  pages: CrawledPage[];
  /** Set when not even the start page could be read. */
  error: CrawlError | null;
  /** URLs robots.txt kept the crawler from (for the record; never fetched). */
  disallowed: string[];
  elapsedMs: number;
}

export interface CrawlOptions {
  limits: CrawlLimits;
  network: CrawlNetwork;
  /** Pages whose path matches are fetched first (contact, team, about, …). */
  prioritise?: RegExp;
  signal?: AbortSignal;
}

const MAX_REDIRECTS = 5;
const MAX_SITEMAP_URLS = 500;
const MAX_CRAWL_DELAY_MS = 5_000;
const HTML_TYPES = /text\/html|application\/xhtml\+xml|text\/plain/i;

/** The guard's refusal, whether thrown as is or wrapped by undici's connect step. */
function isRefused(error: unknown): boolean {
  for (let e = error as { cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++)
    if (e instanceof OutboundRefusedError) return true;
  return false;
}

function withPort(url: URL, network: CrawlNetwork): URL {
  const port = url.protocol === 'https:' ? network.ports?.https : network.ports?.http;
  if (port && !url.port) {
    const out = new URL(url);
    out.port = String(port);
    return out;
  }
  return url;
}

interface RawAnswer {
  url: URL;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers))
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/**
 * One GET with redirects followed by hand (each hop re-checked by the guard and kept on the
 * crawl's hosts), the body cut at `maxBytes`. Throws OutboundRefusedError when the guard refuses.
 */
async function get(
  start: URL,
  {
    dispatcher,
    network,
    maxBytes,
    signal,
    sameSite,
  }: {
    dispatcher: Dispatcher;
    network: CrawlNetwork;
    maxBytes: number;
    signal: AbortSignal;
    sameSite: (u: URL) => boolean;
  },
): Promise<RawAnswer | null> {
  let url = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
    const answer = await request(url, {
      dispatcher,
      signal,
      method: 'GET',
      headers: {
        'user-agent': network.userAgent ?? CRAWLER_USER_AGENT,
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,text/plain;q=0.8,*/*;q=0.5',
      },
    });
    const headers = flatHeaders(answer.headers);
    if (answer.statusCode >= 300 && answer.statusCode < 400 && headers.location) {
      await answer.body.dump();
      let next: URL;
      try {
        next = withPort(new URL(headers.location, url), network);
      } catch {
        return null;
      }
      if (!sameSite(next)) return null;
      url = next;
      continue;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of answer.body as AsyncIterable<Buffer>) {
      const room = maxBytes - size;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.length, room);
      if (size >= maxBytes) break; // leaving the loop destroys the body: the rest is never read
    }
    return { url, status: answer.statusCode, headers, body: Buffer.concat(chunks) };
  }
  return null;
}

function charsetOf(contentType: string | undefined): string | undefined {
  const match = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '');
  return match?.[1];
}

/** Parses an HTML body, the charset taken from the header, else the BOM or meta tags. */
export function parseHtml(body: Buffer, contentType?: string): CheerioAPI {
  return cheerio.loadBuffer(body, { encoding: { transportLayerEncodingLabel: charsetOf(contentType) } });
}

/** `<loc>` entries of a sitemap or sitemap index. */
export function sitemapLocations(xml: string): { pages: string[]; sitemaps: string[] } {
  const $ = cheerio.load(xml, { xml: true });
  const read = (selector: string) =>
    $(selector)
      .map((_, el) => $(el).text().trim())
      .get()
      .filter(Boolean);
  return { pages: read('urlset > url > loc'), sitemaps: read('sitemapindex > sitemap > loc') };
}

function normalise(url: URL): string {
  const out = new URL(url);
  out.hash = '';
  return out.href;
}

/**
 * Crawls a site from `start` (a URL on the site). Robots rules for the crawler's token are obeyed
 * for every page, the sitemap seeds the queue, and links stay on the start host and its www twin.
 */
export async function crawlSite(start: string, options: CrawlOptions): Promise<CrawlResult> {
  const began = Date.now();
  const { limits, network, prioritise } = options;
  let startUrl: URL;
  try {
    startUrl = withPort(new URL(start), network);
  } catch {
    return { pages: [], error: 'unreachable', disallowed: [], elapsedMs: 0 };
  }
  // The start page may redirect to another host (acme.com → acme-corp.com): the crawl then stays there.
  let bareHost = startUrl.hostname.replace(/^www\./, '');
  const sameSite = (u: URL) =>
    (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.replace(/^www\./, '') === bareHost;
  const signal = AbortSignal.any([AbortSignal.timeout(limits.timeoutMs), ...(options.signal ? [options.signal] : [])]);
  const dispatcher = network.dispatcher ?? outboundDispatcher();
  const pages: CrawledPage[] = [];
  const disallowed: string[] = [];
  // The dispatcher outlives the crawl (pooled connections); the signal ends what this crawl still has in flight.
  const anywhere = (u: URL) => u.protocol === 'http:' || u.protocol === 'https:';
  const fetchRaw = (url: URL, maxBytes = limits.maxBytes, offsite = false) =>
    get(url, { dispatcher, network, maxBytes, signal, sameSite: offsite ? anywhere : sameSite });
  // robots.txt per origin (the www twin has its own): 4xx means no rules; 5xx means stay out (RFC 9309 §2.3.1).
  type Rules = {
    isAllowed(url: string, ua?: string): boolean | undefined;
    getCrawlDelay(ua?: string): number | undefined;
    getSitemaps(): string[];
  };
  const robotsByOrigin = new Map<string, Promise<Rules | 'closed'>>();
  const robotsOf = (origin: string): Promise<Rules | 'closed'> => {
    let rules = robotsByOrigin.get(origin);
    if (!rules) {
      const robotsUrl = new URL('/robots.txt', origin);
      rules = fetchRaw(robotsUrl, 512_000).then((answer) => {
        if (answer && answer.status >= 500) return 'closed' as const;
        const text = answer && answer.status >= 200 && answer.status < 300 ? answer.body.toString('utf8') : '';
        return robotsParser(robotsUrl.href, text);
      });
      robotsByOrigin.set(origin, rules);
    }
    return rules;
  };
  let robots: Rules | 'closed';
  try {
    robots = await robotsOf(startUrl.origin);
  } catch (error) {
    if (isRefused(error)) return { pages, error: 'address_refused', disallowed, elapsedMs: Date.now() - began };
    return { pages, error: 'unreachable', disallowed, elapsedMs: Date.now() - began };
  }
  if (robots === 'closed') return { pages, error: 'robots_disallowed', disallowed, elapsedMs: Date.now() - began };
  const token = CRAWLER_TOKEN;
  const delayMs = Math.min(MAX_CRAWL_DELAY_MS, Math.max(0, (robots.getCrawlDelay(token) ?? 0) * 1000));
  const concurrency = delayMs > 0 ? 1 : Math.max(1, limits.concurrency);
  const allowedByRobots = async (u: URL) => {
    const rules = await robotsOf(u.origin).catch(() => 'closed' as const);
    return rules !== 'closed' && rules.isAllowed(u.href, token) !== false;
  };

  const seen = new Set<string>();
  const queue: { url: URL; depth: number; priority: number; seq: number }[] = [];
  let discovered = 0;
  const enqueue = (url: URL, depth: number) => {
    if (!sameSite(url) || depth > limits.maxDepth) return;
    const key = normalise(url);
    if (seen.has(key)) return;
    seen.add(key);
    const priority = prioritise?.test(url.pathname) ? 0 : 1;
    queue.push({ url: new URL(key), depth, priority, seq: discovered++ });
    queue.sort((a, b) => a.priority - b.priority || a.depth - b.depth || a.seq - b.seq);
  };
  enqueue(startUrl, 0);

  // Sitemaps named in robots.txt, else /sitemap.xml; an index is followed one level down.
  // The sitemaps robots.txt names, else /sitemap.xml; an index is followed one level down (5 files at most).
  const readSitemaps = async (origin: URL, rules: Rules) => {
    if (limits.maxDepth === 0) return; // a single page needs no sitemap
    const files = rules.getSitemaps().length ? rules.getSitemaps() : [new URL('/sitemap.xml', origin).href];
    const found: string[] = [];
    for (
      let index = 0;
      index < files.length && index < 5 && found.length < MAX_SITEMAP_URLS && !signal.aborted;
      index++
    ) {
      let sitemapUrl: URL;
      try {
        sitemapUrl = withPort(new URL(files[index]!), network);
      } catch {
        continue;
      }
      if (!sameSite(sitemapUrl)) continue;
      const answer = await fetchRaw(sitemapUrl, 2_000_000).catch(() => null);
      if (!answer || answer.status !== 200) continue;
      const { pages: locs, sitemaps } = sitemapLocations(answer.body.toString('utf8'));
      found.push(...locs);
      files.push(...sitemaps);
    }
    for (const href of found.slice(0, MAX_SITEMAP_URLS)) {
      try {
        enqueue(withPort(new URL(href), network), 1);
      } catch {
        // not a URL: skip
      }
    }
  };
  await readSitemaps(startUrl, robots);

  let firstError: CrawlError | null = null;
  let inFlight = 0;
  const worker = async () => {
    while (!signal.aborted && pages.length + inFlight < limits.maxPages) {
      const next = queue.shift();
      if (!next) return;
      inFlight += 1;
      try {
        if (!(await allowedByRobots(next.url))) {
          disallowed.push(normalise(next.url));
          continue;
        }
        if (delayMs > 0 && pages.length > 0) await wait(delayMs, undefined, { signal });
        const isStart = next.depth === 0 && pages.length === 0;
        const answer = await fetchRaw(next.url, limits.maxBytes, isStart);
        if (!answer || answer.status < 200 || answer.status >= 300) continue;
        if (answer.headers['content-type'] && !HTML_TYPES.test(answer.headers['content-type'])) continue;
        const finalKey = normalise(answer.url);
        if (finalKey !== normalise(next.url) && pages.some((p) => p.url === finalKey)) continue;
        const $ = parseHtml(answer.body, answer.headers['content-type']);
        if (isStart && !sameSite(answer.url)) {
          // The site moved: the crawl continues on the new host, with its robots.txt and sitemap.
          bareHost = answer.url.hostname.replace(/^www\./, '');
          const rules = await robotsOf(answer.url.origin).catch(() => 'closed' as const);
          if (rules !== 'closed') await readSitemaps(answer.url, rules);
        }
        pages.push({
          url: finalKey,
          depth: next.depth,
          seq: next.seq,
          status: answer.status,
          headers: answer.headers,
          $,
          title: $('title').first().text().trim().slice(0, 300),
        });
        if (next.depth >= limits.maxDepth) continue;
        $('a[href]').each((_, el) => {
          const href = $(el).attr('href') ?? '';
          if (!href || href.startsWith('#') || /^(mailto|tel|javascript|data):/i.test(href)) return;
          try {
            enqueue(withPort(new URL(href, answer.url), network), next.depth + 1);
          } catch {
            // not a URL: skip
          }
        });
      } catch (error) {
        if (isRefused(error)) firstError ??= 'address_refused';
        else if (!signal.aborted) firstError ??= 'unreachable';
      } finally {
        inFlight -= 1;
      }
    }
  };
  // Workers that find the queue empty return; re-run while new links arrived and room is left.
  while (queue.length > 0 && !signal.aborted && pages.length < limits.maxPages) {
    await Promise.all(Array.from({ length: concurrency }, worker));
  }
  disallowed.sort();
  const startRefused = disallowed.includes(normalise(startUrl)) ? 'robots_disallowed' : null;
  return {
    pages,
    error: pages.length === 0 ? (startRefused ?? firstError ?? 'unreachable') : null,
    disallowed,
    elapsedMs: Date.now() - began,
  };
}
