import http from 'node:http';
import https from 'node:https';
import { outboundLookup, OutboundRefusedError, refuseLiteral } from '../../net/outbound';

/**
 * A bounded, SSRF-safe website crawler for the business profile's training
 * data. It follows same-host links breadth-first up to `maxDepth` and
 * `maxPages`, stops each page at `maxBytes` and the whole crawl at
 * `timeoutMs`, and refuses private, loopback, link-local and metadata
 * addresses — checked on the literal host, on every DNS answer (at connect
 * time, so a rebinding answer cannot slip in) and on every redirect hop —
 * unless OUTBOUND_ALLOW_HOSTS lists the host or address (api/src/net/outbound.ts).
 */
export interface CrawlLimits {
  maxDepth: number;
  maxPages: number;
  maxBytes: number;
  timeoutMs: number;
}

export interface CrawledLink {
  url: string;
  title: string;
}

export type CrawlOutcome = { ok: true; links: CrawledLink[] } | { ok: false; error: 'address_refused' | 'unreachable'; links: CrawledLink[] };

const MAX_REDIRECTS = 5;

function envInt(env: NodeJS.ProcessEnv, key: string, fallback: number, min: number, max: number): number {
  const raw = env[key]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`Invalid environment variable ${key}: expected an integer between ${min} and ${max}, got "${raw}"`);
  return n;
}

/** CRAWL_* environment variables (documented in api/README.md, Settings section). */
export function crawlLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): CrawlLimits {
  return {
    maxDepth: envInt(env, 'CRAWL_MAX_DEPTH', 2, 0, 5),
    maxPages: envInt(env, 'CRAWL_MAX_PAGES', 25, 1, 200),
    maxBytes: envInt(env, 'CRAWL_MAX_BYTES', 1_048_576, 1024, 10_485_760),
    timeoutMs: envInt(env, 'CRAWL_TIMEOUT_MS', 15_000, 100, 120_000),
  };
}

/** Checks a URL before any connection: scheme, credentials, private literals (names are checked at connect time). */
export function checkUrlTarget(url: URL): 'ok' | 'refused' | 'invalid' {
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !url.hostname) return 'invalid';
  try {
    refuseLiteral(url);
  } catch {
    return 'refused';
  }
  return 'ok';
}

interface Page {
  finalUrl: URL;
  html: string;
}

/** One GET with manual redirects (each hop re-checked), a byte cap and the crawl's deadline. */
async function fetchPage(start: URL, limits: CrawlLimits, deadline: number): Promise<Page | null> {
  let url = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const check = checkUrlTarget(url);
    if (check === 'refused') throw new OutboundRefusedError(url.hostname);
    if (check === 'invalid') return null;
    const remaining = deadline - Date.now();
    if (remaining <= 0) return null;
    const result = await new Promise<{ redirect?: URL; page?: Page; skip?: true }>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const request = client.get(
        url,
        { lookup: outboundLookup, timeout: remaining, headers: { 'user-agent': 'LeadsmithCrawler/1.0', accept: 'text/html,*/*;q=0.5' } },
        (response) => {
          const status = response.statusCode ?? 0;
          const location = response.headers.location;
          if (status >= 300 && status < 400 && location) {
            response.resume();
            try {
              resolve({ redirect: new URL(location, url) });
            } catch {
              resolve({ skip: true });
            }
            return;
          }
          const type = String(response.headers['content-type'] ?? '');
          if (status < 200 || status >= 300 || (type && !/html|text\/plain/i.test(type))) {
            response.resume();
            resolve({ skip: true });
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          const finish = () => resolve({ page: { finalUrl: url, html: Buffer.concat(chunks).toString('utf8') } });
          response.on('data', (chunk: Buffer) => {
            if (size >= limits.maxBytes) return;
            const room = limits.maxBytes - size;
            chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
            size += Math.min(chunk.length, room);
            // Byte limit reached: keep what we have, stop reading.
            if (size >= limits.maxBytes) {
              response.destroy();
              finish();
            }
          });
          response.on('end', finish);
          response.on('error', () => finish());
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', (error) => (error instanceof OutboundRefusedError ? reject(error) : resolve({ skip: true })));
    });
    if (result.redirect) {
      url = result.redirect;
      continue;
    }
    return result.page ?? null;
  }
  return null;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

export function pageTitle(html: string): string {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  return match ? decodeEntities(match[1]!).slice(0, 300) : '';
}

/** Same-host http(s) links of a page, absolute, without fragments. */
export function extractLinks(html: string, base: URL): URL[] {
  const out: URL[] = [];
  const re = /<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const href = decodeEntities(m[1] ?? m[2] ?? m[3] ?? '');
    if (!href || href.startsWith('#') || /^(mailto|tel|javascript|data):/i.test(href)) continue;
    try {
      const url = new URL(href, base);
      url.hash = '';
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.host === base.host) out.push(url);
    } catch {
      // not a URL: ignore
    }
  }
  return out;
}

/**
 * Crawls `start` breadth-first. `maxDepth` 0 fetches only the start page
 * (a single link). Returns the pages fetched (URL + title), in crawl order.
 */
export async function crawl(start: string, limits: CrawlLimits, options: { maxDepth?: number } = {}): Promise<CrawlOutcome> {
  let startUrl: URL;
  try {
    startUrl = new URL(start);
  } catch {
    return { ok: false, error: 'unreachable', links: [] };
  }
  startUrl.hash = '';
  const maxDepth = options.maxDepth ?? limits.maxDepth;
  const deadline = Date.now() + limits.timeoutMs;
  const seen = new Set<string>([startUrl.href]);
  const queue: { url: URL; depth: number }[] = [{ url: startUrl, depth: 0 }];
  const links: CrawledLink[] = [];
  let host: string | null = null;
  while (queue.length > 0 && links.length < limits.maxPages && Date.now() < deadline) {
    const { url, depth } = queue.shift()!;
    let page: Page | null;
    try {
      page = await fetchPage(url, limits, deadline);
    } catch (error) {
      if (error instanceof OutboundRefusedError) {
        // The start page (or a redirect of it) is refused: the whole job is.
        if (links.length === 0) return { ok: false, error: 'address_refused', links: [] };
        continue;
      }
      page = null;
    }
    if (!page) continue;
    // Redirects may land on another host: links then stay on the host the crawl really reached first.
    host ??= page.finalUrl.host;
    if (page.finalUrl.host !== host) continue;
    const finalHref = page.finalUrl.href;
    if (finalHref !== url.href && links.some((l) => l.url === finalHref)) continue;
    seen.add(finalHref);
    links.push({ url: finalHref, title: pageTitle(page.html) });
    if (depth >= maxDepth) continue;
    for (const next of extractLinks(page.html, page.finalUrl)) {
      if (seen.has(next.href) || next.host !== host) continue;
      seen.add(next.href);
      queue.push({ url: next, depth: depth + 1 });
    }
  }
  if (links.length === 0) return { ok: false, error: 'unreachable', links };
  return { ok: true, links };
}
