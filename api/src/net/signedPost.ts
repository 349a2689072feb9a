import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { checkUrlTarget, guardedLookup, RefusedAddressError } from './urlGuard';

export const SIGNATURE_HEADER = 'x-leadsmith-signature';

/** `sha256=<hex>`: HMAC-SHA256 of the exact body bytes, keyed with the webhook's secret. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export type PostOutcome = { ok: true; status: number } | { ok: false; error: 'address_refused' | 'invalid_url' | 'unreachable' | 'timeout' };

/**
 * One signed JSON POST to a user-given URL: no redirects followed, private addresses refused
 * (unless allowed), a timeout, and the response body discarded after at most 64 KB.
 */
export function postSigned(
  rawUrl: string,
  body: string,
  { secret, event, allowHosts, timeoutMs = 10_000 }: { secret: string; event: string; allowHosts: readonly string[]; timeoutMs?: number },
): Promise<PostOutcome> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.resolve({ ok: false, error: 'invalid_url' });
  }
  const target = checkUrlTarget(url, allowHosts);
  if (target === 'invalid') return Promise.resolve({ ok: false, error: 'invalid_url' });
  if (target === 'refused') return Promise.resolve({ ok: false, error: 'address_refused' });
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(allowHosts, url.hostname),
        timeout: timeoutMs,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'LeadsmithWebhooks/1.0',
          'x-leadsmith-event': event,
          [SIGNATURE_HEADER]: signBody(secret, body),
        },
      },
      (response) => {
        let seen = 0;
        response.on('data', (chunk: Buffer) => {
          seen += chunk.length;
          if (seen > 65_536) response.destroy();
        });
        response.on('close', () => resolve({ ok: true, status: response.statusCode ?? 0 }));
        response.on('error', () => resolve({ ok: true, status: response.statusCode ?? 0 }));
      },
    );
    request.on('timeout', () => {
      request.destroy();
      resolve({ ok: false, error: 'timeout' });
    });
    request.on('error', (error) => resolve({ ok: false, error: error instanceof RefusedAddressError ? 'address_refused' : 'unreachable' }));
    request.end(body);
  });
}

/** Hosts outbound Settings requests may reach although private: SETTINGS_WEBHOOK_ALLOW_HOSTS, plus the crawl's CRAWL_ALLOW_HOSTS. */
export function outboundAllowHosts(env: NodeJS.ProcessEnv = process.env): string[] {
  return [...(env.SETTINGS_WEBHOOK_ALLOW_HOSTS ?? '').split(','), ...(env.CRAWL_ALLOW_HOSTS ?? '').split(',')].map((h) => h.trim().toLowerCase()).filter(Boolean);
}
