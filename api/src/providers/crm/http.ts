import http from 'node:http';
import https from 'node:https';
import { checkOutboundUrl, outboundLookup, OutboundRefusedError, refuseLiteral } from '../../net/outbound';
import type { CrmHttpSettings } from './config';
import { CrmError } from './types';

/** Most bytes of a CRM answer read; the rest is dropped (answers are small JSON documents). */
const MAX_ANSWER_BYTES = 1_048_576;

export interface CrmHttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  url: string;
  headers?: Readonly<Record<string, string>>;
  body?: string;
}

export interface CrmHttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * One request to a CRM, SSRF-guarded like every outbound call (api/src/net/outbound.ts): private,
 * loopback and metadata addresses are refused on the literal host and at connect time (the DNS answer
 * is checked in the lookup the socket uses, so a rebinding answer cannot slip in). No redirects are
 * followed. The whole attempt has a deadline. Network failures become CrmError.
 */
export function crmFetch(
  request: CrmHttpRequest,
  settings: Pick<CrmHttpSettings, 'timeoutMs'>,
): Promise<CrmHttpAnswer> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return Promise.reject(new CrmError('not_configured', 'invalid URL'));
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    return Promise.reject(new CrmError('not_configured', 'invalid URL'));
  try {
    refuseLiteral(url);
  } catch {
    return Promise.reject(new CrmError('address_refused', url.hostname));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      fn();
    };
    const body = request.body ?? null;
    const outgoing = client.request(
      url,
      {
        method: request.method,
        lookup: outboundLookup,
        headers: {
          accept: 'application/json',
          'user-agent': 'Leadsmith-CRM/1.0',
          ...request.headers,
          ...(body !== null ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
        });
        response.on('end', () =>
          finish(() =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          ),
        );
        response.on('error', () => finish(() => reject(new CrmError('unavailable', 'the answer broke off'))));
      },
    );
    const deadline = setTimeout(() => {
      finish(() => reject(new CrmError('timeout', `no answer within ${settings.timeoutMs} ms`)));
      outgoing.destroy();
    }, settings.timeoutMs);
    outgoing.on('error', (error) =>
      finish(() =>
        reject(
          error instanceof OutboundRefusedError
            ? new CrmError('address_refused', url.hostname)
            : new CrmError('unavailable', 'connection failed'),
        ),
      ),
    );
    outgoing.end(body ?? undefined);
  });
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After in seconds (number form or HTTP date), or null. */
function retryAfterMs(header: string | string[] | undefined, now: number): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * A CRM request with retries: a 429, a 5xx or a refused connection is tried again up to
 * `maxRetries` times with backoff (Retry-After wins, capped). A timeout is not retried. Answers
 * 429/5xx that outlast the retries become CrmError('rate_limited' / 'unavailable'); every other
 * status is returned to the adapter, which knows what it means.
 */
export async function crmRequest(
  request: CrmHttpRequest,
  settings: CrmHttpSettings,
  sleep: (ms: number) => Promise<void> = realSleep,
): Promise<CrmHttpAnswer> {
  let lastError: CrmError | null = null;
  let waitMs: number | null = null;
  for (let attempt = 0; attempt <= settings.maxRetries; attempt += 1) {
    if (attempt > 0) await sleep(Math.min(settings.maxBackoffMs, waitMs ?? settings.backoffMs * 2 ** (attempt - 1)));
    waitMs = null;
    let answer: CrmHttpAnswer;
    try {
      answer = await crmFetch(request, settings);
    } catch (error) {
      if (error instanceof CrmError && error.code === 'unavailable') {
        lastError = error;
        continue;
      }
      throw error;
    }
    if (answer.status === 429 || answer.status >= 500) {
      lastError = new CrmError(
        answer.status === 429 ? 'rate_limited' : 'unavailable',
        `${answer.status} ${errorText(answer.text)}`.trim(),
        answer.status,
      );
      waitMs = retryAfterMs(answer.headers['retry-after'], Date.now());
      continue;
    }
    return answer;
  }
  throw lastError ?? new CrmError('unavailable');
}

/** The CRM's own words from an error answer ({ message }, { error_description }, { error }, …), short. */
export function errorText(text: string): string {
  let out = text;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const pick = [
      parsed.message,
      parsed.error_description,
      parsed.error,
      parsed.msg,
      (parsed.fault as Record<string, unknown> | undefined)?.faultstring,
    ].find((v) => typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string')));
    if (pick !== undefined) out = Array.isArray(pick) ? pick.join('; ') : String(pick);
  } catch {
    // not JSON: the text itself
  }
  return out.replace(/\s+/g, ' ').trim().slice(0, 300);
}

export type CrmUrlVerdict =
  { ok: true; url: URL } | { ok: false; reason: 'invalid_url' | 'private_address' | 'unresolvable' };

/**
 * Checks a URL a user gives for a webhook-style CRM (Zapier) before it is stored: the check every
 * user-given URL gets (api/src/net/outbound.ts). The send checks again at connect time.
 */
export async function checkCrmUrl(raw: string): Promise<CrmUrlVerdict> {
  return checkOutboundUrl(raw);
}
