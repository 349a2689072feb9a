import { createHmac } from 'node:crypto';
import { request } from 'undici';
import type { Queryable } from '../db';
import { outboundDispatcher, OutboundRefusedError } from './outbound';

/**
 * The header names of a webhook delivery, brand-neutral (ADR 031): a reseller's customers never meet
 * the platform's name, not even in a header their receiver reads.
 */
export const WEBHOOK_HEADER = {
  signature: 'x-webhook-signature',
  timestamp: 'x-webhook-timestamp',
  event: 'x-webhook-event',
  delivery: 'x-webhook-delivery',
} as const;
export type WebhookHeaderName = keyof typeof WEBHOOK_HEADER;

/** The names used before ADR 031, still sent beside the neutral ones to accounts no reseller owns. */
const LEGACY_PREFIX = 'x-leadsmith-';

/**
 * The headers of a delivery: JSON, a neutral user agent and the given values under the neutral names;
 * with `legacy`, also under the old `X-Leadsmith-*` names, so receivers built on them keep working.
 */
export function webhookHeaders(
  values: Partial<Record<WebhookHeaderName, string>>,
  { legacy }: { legacy: boolean },
): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Webhooks/1.0' };
  for (const [name, value] of Object.entries(values) as [WebhookHeaderName, string | undefined][]) {
    if (value === undefined) continue;
    headers[WEBHOOK_HEADER[name]] = value;
    if (legacy) headers[`${LEGACY_PREFIX}${name}`] = value;
  }
  return headers;
}

/**
 * Whether an account's deliveries also carry the old `X-Leadsmith-*` names: only when no reseller owns
 * it (a reseller's customer, or a team member of one, gets the neutral names alone).
 */
export async function sendsLegacyHeaders(q: Queryable, userId: number): Promise<boolean> {
  const row = (
    await q.query<{ reseller_id: number | null }>(
      'SELECT COALESCE(t.parent_id, u.parent_id) AS reseller_id FROM users u LEFT JOIN users t ON t.id = u.team_owner_id WHERE u.id = $1',
      [userId],
    )
  ).rows[0];
  return (row?.reseller_id ?? null) === null;
}

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
export type PostOutcome =
  { ok: true; status: number } | { ok: false; error: 'address_refused' | 'invalid_url' | 'unreachable' };

/**
 * One POST to a user-given URL through the outbound guard (api/src/net/outbound.ts): the host is
 * resolved and checked at connect time and the connection goes to the checked address. Redirects
 * are not followed; the answer body is dropped after 64 KB.
 */
export async function guardedPost(
  rawUrl: string | URL,
  body: string,
  headers: Readonly<Record<string, string>>,
  { timeoutMs }: { timeoutMs: number },
): Promise<PostOutcome> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { ok: false, error: 'invalid_url' };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    return { ok: false, error: 'invalid_url' };
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
  {
    secret,
    event,
    timeoutMs = 10_000,
    deliveryId,
    legacy,
  }: {
    secret: string;
    event: string;
    timeoutMs?: number;
    /** Same on every attempt of one delivery: receivers drop repeats by it. */
    deliveryId?: string;
    /** Also the old header names (sendsLegacyHeaders). */
    legacy: boolean;
  },
): Promise<PostOutcome> {
  return guardedPost(
    rawUrl,
    body,
    webhookHeaders({ event, delivery: deliveryId, signature: signBody(secret, body) }, { legacy }),
    { timeoutMs },
  );
}
