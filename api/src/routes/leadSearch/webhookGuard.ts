import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

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

function ipv4Private(ip: string): boolean {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

export function isPrivateAddress(ip: string): boolean {
  if (isIP(ip) === 4) return ipv4Private(ip);
  const lower = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return ipv4Private(mapped[1]!);
  // WHATWG URL writes IPv4-mapped addresses in hex: ::ffff:7f00:1 is 127.0.0.1.
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hexMapped) {
    const hi = parseInt(hexMapped[1]!, 16);
    const lo = parseInt(hexMapped[2]!, 16);
    return ipv4Private(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  return lower === '::' || lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe8') || lower.startsWith('fe9') || lower.startsWith('fea') || lower.startsWith('feb') || lower.startsWith('ff');
}

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
