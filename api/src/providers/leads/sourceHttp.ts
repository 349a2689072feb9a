import http from 'node:http';
import https from 'node:https';
import { outboundLookup, OutboundRefusedError, refuseLiteral } from '../../net/outbound';

/**
 * The one way lead sources reach the outside world. Every adapter receives a `SourceDeps` and
 * calls `requestJson`; the default `HttpClient` goes through the project's outbound guard
 * (`net/outbound`: private addresses refused at connect time unless OUTBOUND_ALLOW_HOSTS lists them), so a base URL
 * an operator mistypes cannot reach the metadata service or the database.
 */
export interface HttpRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers?: Readonly<Record<string, string>>;
  body?: string;
}

export interface HttpResponse {
  status: number;
  headers: Readonly<Record<string, string | undefined>>;
  body: string;
}

export type HttpClient = (request: HttpRequest) => Promise<HttpResponse>;

/** The product's user agent: the OSM services' usage policies ask for one naming the application. */
export const LEAD_SOURCE_USER_AGENT = 'Leadsmith/1.0 (lead search; +https://leadsmith.app)';

/** Why a source could not answer: the job shows it (i18n `leadSources.<code>`) with the source's kind. */
export type LeadSourceErrorCode =
  'key_refused' | 'quota_exhausted' | 'rate_limited' | 'unavailable' | 'bad_answer' | 'bad_request';

export class LeadSourceError extends Error {
  constructor(
    /** Source id (`apollo`, `hunter`, `osm`, …). */
    readonly source: string,
    readonly code: LeadSourceErrorCode,
    detail: string,
    /** For `rate_limited`: when the source said it will answer again. */
    readonly retryAfterMs: number | null = null,
    /**
     * For `unavailable`: the source's host name does not resolve (the machine is offline or the
     * base URL is wrong). Asking again in a few seconds cannot help, so neither this call nor the
     * queue retries it: the search moves on to the next source, or to labelled demo data.
     */
    readonly unresolvable = false,
  ) {
    super(`${source}: ${code} (${detail})`);
    this.name = 'LeadSourceError';
  }
}

export interface SourceDeps {
  http: HttpClient;
  /** Waits before a retry or to keep a source's pace (tests pass one that records and returns at once). */
  wait(ms: number): Promise<void>;
  now(): number;
  /**
   * Told about every finished call (Admin → Searchers counts calls and keeps the last error), with
   * the vendor's own units the call used where its reference gives them (YouTube's quota units).
   */
  observe?(source: string, error: LeadSourceError | null, units?: number): void;
}

/** The guarded client: no redirects, a timeout, a cap on the answer's size. */
export function guardedHttpClient({
  timeoutMs = 20_000,
  maxBytes = 8 * 1024 * 1024,
}: { timeoutMs?: number; maxBytes?: number } = {}): HttpClient {
  return (request) => {
    try {
      refuseLiteral(request.url);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const client = request.url.protocol === 'https:' ? https : http;
    return new Promise<HttpResponse>((resolve, reject) => {
      const headers: Record<string, string> = {
        'user-agent': LEAD_SOURCE_USER_AGENT,
        accept: 'application/json',
        ...request.headers,
      };
      if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
      const outgoing = client.request(
        request.url,
        { method: request.method, lookup: outboundLookup, timeout: timeoutMs, headers },
        (response) => {
          const chunks: Buffer[] = [];
          let seen = 0;
          response.on('data', (chunk: Buffer) => {
            seen += chunk.length;
            if (seen > maxBytes) {
              response.destroy(new Error(`answer larger than ${maxBytes} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          response.on('error', reject);
          response.on('end', () => {
            const flat: Record<string, string | undefined> = {};
            for (const [name, value] of Object.entries(response.headers))
              flat[name] = Array.isArray(value) ? value.join(', ') : value;
            resolve({ status: response.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks).toString('utf8') });
          });
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });
  };
}

export const realWait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function defaultSourceDeps(): SourceDeps {
  return { http: guardedHttpClient(), wait: realWait, now: Date.now };
}

/** `Retry-After` in seconds or as an HTTP date, in ms from now; null when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export interface CallOptions {
  /** Retries after a 429/503 or a transport error. */
  retries?: number;
  /** A `Retry-After` longer than this is not waited for: the call fails `rate_limited` and the job retries later. */
  maxWaitMs?: number;
  /** Statuses that are an answer, not an error (e.g. 404 "not found" for a look-up). */
  accept?: readonly number[];
  /** A vendor's own reading of a status (Hunter: 403 is its rate limit, 429 its exhausted quota); undefined → the common rules. */
  classify?: (status: number, body: string) => LeadSourceErrorCode | 'retry' | undefined;
  /** The vendor's units this call uses whatever its answer (YouTube: 100 for search.list, 1 for channels.list); counted once per call. */
  units?: number;
}

/**
 * One JSON call with the sources' common rules: 401/403 → `key_refused`, 402 → `quota_exhausted`,
 * 429/503 → wait `Retry-After` (or a short back-off) and retry, then `rate_limited`; other failures
 * → `unavailable` / `bad_request`; an unreadable body → `bad_answer`.
 */
export async function requestJson<T = unknown>(
  deps: SourceDeps,
  source: string,
  request: HttpRequest,
  options: CallOptions = {},
): Promise<{ status: number; data: T; text: string }> {
  try {
    const answer = await callOnce<T>(deps, source, request, options);
    deps.observe?.(source, null, options.units);
    return answer;
  } catch (error) {
    if (error instanceof LeadSourceError) deps.observe?.(source, error, options.units);
    throw error;
  }
}

async function callOnce<T>(
  deps: SourceDeps,
  source: string,
  request: HttpRequest,
  options: CallOptions,
): Promise<{ status: number; data: T; text: string }> {
  const { retries = 2, maxWaitMs = 10_000, accept = [], classify } = options;
  for (let attempt = 0; ; attempt += 1) {
    let response: HttpResponse;
    try {
      response = await deps.http(request);
    } catch (error) {
      if (error instanceof OutboundRefusedError)
        throw new LeadSourceError(source, 'unavailable', `address refused by the outbound guard: ${request.url.host}`);
      if (isUnresolvable(error))
        throw new LeadSourceError(source, 'unavailable', `${request.url.hostname} does not resolve`, null, true);
      if (attempt < retries) {
        await deps.wait(1000 * 2 ** attempt);
        continue;
      }
      throw new LeadSourceError(source, 'unavailable', error instanceof Error ? error.message : String(error));
    }
    const { status } = response;
    const own = status >= 200 && status < 300 ? undefined : classify?.(status, response.body);
    if (own && own !== 'retry' && own !== 'rate_limited')
      throw new LeadSourceError(source, own, `HTTP ${status}: ${response.body.slice(0, 200)}`);
    if (own === 'retry' || own === 'rate_limited' || status === 429 || status === 503) {
      const after = retryAfterMs(response.headers['retry-after'], deps.now()) ?? 1000 * 2 ** attempt;
      if (attempt < retries && after <= maxWaitMs) {
        await deps.wait(after);
        continue;
      }
      throw new LeadSourceError(
        source,
        status === 503 && !own ? 'unavailable' : 'rate_limited',
        `HTTP ${status}`,
        after,
      );
    }
    if (status === 401 || status === 403) throw new LeadSourceError(source, 'key_refused', `HTTP ${status}`);
    if (status === 402) throw new LeadSourceError(source, 'quota_exhausted', `HTTP ${status}`);
    if ((status < 200 || status >= 300) && !accept.includes(status)) {
      if (status >= 500 && attempt < retries) {
        await deps.wait(1000 * 2 ** attempt);
        continue;
      }
      throw new LeadSourceError(
        source,
        status >= 500 ? 'unavailable' : 'bad_request',
        `HTTP ${status}: ${response.body.slice(0, 200)}`,
      );
    }
    try {
      // `text`: the answer as sent, for numbers JSON.parse cannot hold (Apollo's 64-bit request ids).
      return { status, data: (response.body ? JSON.parse(response.body) : null) as T, text: response.body };
    } catch {
      throw new LeadSourceError(source, 'bad_answer', `HTTP ${status} with a body that is not JSON`);
    }
  }
}

/** A name the DNS says does not exist (ENOTFOUND); a resolver that is only slow (EAI_AGAIN) is retried. */
function isUnresolvable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOTFOUND';
}

/**
 * Keeps a source's pace inside this process (Nominatim: at most one request per second). The
 * queue runs one search step at a time per job; several processes each keep their own pace, so an
 * operator running many workers against the public instances should point them at a self-hosted one.
 */
export class Pace {
  private nextAt = 0;
  private chain: Promise<void> = Promise.resolve();
  constructor(private readonly intervalMs: number) {}

  take(deps: Pick<SourceDeps, 'wait' | 'now'>): Promise<void> {
    const turn = this.chain.then(async () => {
      const now = deps.now();
      if (this.nextAt > now) await deps.wait(this.nextAt - now);
      this.nextAt = Math.max(now, this.nextAt) + this.intervalMs;
    });
    this.chain = turn.catch(() => undefined);
    return turn;
  }
}

/** A small time-bounded memo: a job asks for each page of the same search several times (offsets). */
export class AnswerCache<T> {
  private readonly entries = new Map<string, { at: number; value: T }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 200,
  ) {}

  async get(key: string, now: number, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = await load();
    this.entries.delete(key);
    this.entries.set(key, { at: now, value });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }
}
