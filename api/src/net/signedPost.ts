import { createHmac } from 'node:crypto';
import { request } from 'undici';
import { outboundDispatcher, OutboundRefusedError } from './outbound';

export const SIGNATURE_HEADER = 'x-leadsmith-signature';

/** Most bytes of an answer read before the rest is dropped: receivers answer with a status, not a page. */
const MAX_ANSWER_BYTES = 65_536;

/** `sha256=<hex>`: HMAC-SHA256 of the exact body bytes, keyed with the webhook's secret. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * `unreachable` covers every network failure alike (refused, reset, timed out, TLS), so the answer
 * never tells an open port from a closed one; `address_refused` is the guard's policy answer.
 */
export type PostOutcome = { ok: true; status: number } | { ok: false; error: 'address_refused' | 'invalid_url' | 'unreachable' };

/**
 * One POST to a user-given URL through the outbound guard (api/src/net/outbound.ts): the host is
 * resolved and checked at connect time and the connection goes to the checked address. Redirects
 * are not followed; the answer body is dropped after 64 KB.
 */
export async function guardedPost(rawUrl: string | URL, body: string, headers: Readonly<Record<string, string>>, { timeoutMs }: { timeoutMs: number }): Promise<PostOutcome> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { ok: false, error: 'invalid_url' };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return { ok: false, error: 'invalid_url' };
  try {
    const answer = await request(url, {
      method: 'POST',
      body,
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      dispatcher: outboundDispatcher(),
      signal: AbortSignal.timeout(timeoutMs),
    });
    let seen = 0;
    try {
      for await (const chunk of answer.body) {
        seen += (chunk as Buffer).length;
        if (seen > MAX_ANSWER_BYTES) break;
      }
    } catch {
      // The status arrived; a broken body does not change it.
    }
    answer.body.destroy();
    return { ok: true, status: answer.statusCode };
  } catch (error) {
    return { ok: false, error: error instanceof OutboundRefusedError ? 'address_refused' : 'unreachable' };
  }
}

/** One signed JSON POST to a user-given URL (guardedPost with the webhook headers). */
export function postSigned(
  rawUrl: string,
  body: string,
  { secret, event, timeoutMs = 10_000, deliveryId }: { secret: string; event: string; timeoutMs?: number; /** Same on every attempt of one delivery: receivers drop repeats by it. */ deliveryId?: string },
): Promise<PostOutcome> {
  return guardedPost(
    rawUrl,
    body,
    {
      'content-type': 'application/json',
      'user-agent': 'LeadsmithWebhooks/1.0',
      'x-leadsmith-event': event,
      ...(deliveryId ? { 'x-leadsmith-delivery': deliveryId } : {}),
      [SIGNATURE_HEADER]: signBody(secret, body),
    },
    { timeoutMs },
  );
}
