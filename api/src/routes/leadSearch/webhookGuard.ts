import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPrivateAddress } from '../../net/urlGuard';

/**
 * SSRF check for list webhooks: the URL must be http(s) and every address its host resolves to must
 * be public. Loopback, private, link-local (cloud metadata), unique-local, multicast and unspecified
 * addresses are refused unless the host is listed in LEAD_SEARCH_WEBHOOK_ALLOW_HOSTS (comma
 * separated, e.g. `127.0.0.1,crm.internal` for a receiver inside the company network).
 */
export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: 'invalid_url' | 'private_address' | 'unresolvable' };

export function allowedHosts(): Set<string> {
  return new Set(
    (process.env.LEAD_SEARCH_WEBHOOK_ALLOW_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** One classification for every outbound request (api/src/net/urlGuard.ts). */
export { isPrivateAddress };

export async function checkWebhookUrl(raw: string): Promise<UrlVerdict> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'invalid_url' };
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return { ok: false, reason: 'invalid_url' };
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (allowedHosts().has(host)) return { ok: true, url };
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return { ok: false, reason: 'unresolvable' };
    }
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) return { ok: false, reason: 'private_address' };
  return { ok: true, url };
}
