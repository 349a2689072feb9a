import { refuseLiteral } from '../../net/outbound';
import { crawlSite } from '../../providers/leads/domain/crawler';

/**
 * The business profile's training-data crawl, on the same polite crawler as the domain engine
 * (`providers/leads/domain/crawler.ts`: undici through the outbound guard, robots.txt, sitemap,
 * cheerio): same-host links breadth-first up to `maxDepth` and `maxPages`, each page cut at
 * `maxBytes`, the whole crawl stopped at `timeoutMs`; private, loopback, link-local and metadata
 * addresses are refused at connect time on every hop unless OUTBOUND_ALLOW_HOSTS lists them.
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

export type CrawlOutcome =
  { ok: true; links: CrawledLink[] } | { ok: false; error: 'address_refused' | 'unreachable'; links: CrawledLink[] };

function envInt(env: NodeJS.ProcessEnv, key: string, fallback: number, min: number, max: number): number {
  const raw = env[key]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`Invalid environment variable ${key}: expected an integer between ${min} and ${max}, got "${raw}"`);
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
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !url.hostname)
    return 'invalid';
  try {
    refuseLiteral(url);
  } catch {
    return 'refused';
  }
  return 'ok';
}

/**
 * Crawls `start` breadth-first. `maxDepth` 0 fetches only the start page
 * (a single link). Returns the pages fetched (URL + title), in crawl order.
 */
export async function crawl(
  start: string,
  limits: CrawlLimits,
  options: { maxDepth?: number } = {},
): Promise<CrawlOutcome> {
  let startUrl: URL;
  try {
    startUrl = new URL(start);
  } catch {
    return { ok: false, error: 'unreachable', links: [] };
  }
  if (checkUrlTarget(startUrl) === 'refused') return { ok: false, error: 'address_refused', links: [] };
  const result = await crawlSite(startUrl.href, {
    limits: {
      maxDepth: options.maxDepth ?? limits.maxDepth,
      maxPages: limits.maxPages,
      maxBytes: limits.maxBytes,
      timeoutMs: limits.timeoutMs,
      concurrency: 2,
    },
    network: {},
  });
  const links = [...result.pages]
    .sort((a, b) => a.depth - b.depth || a.seq - b.seq)
    .map((p) => ({ url: p.url, title: p.title.replace(/\s+/g, ' ') }));
  if (links.length === 0)
    return { ok: false, error: result.error === 'address_refused' ? 'address_refused' : 'unreachable', links };
  return { ok: true, links };
}
