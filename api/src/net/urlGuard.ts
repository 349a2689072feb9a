import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Outbound URL guard shared by every server-side request to a user-given address (the business
 * profile crawl, Settings webhooks, …): refuses private, loopback, link-local, metadata and other
 * non-public addresses on the literal host and on every DNS answer at connect time (so a rebinding
 * answer cannot slip in), unless the host or address is listed in `allowHosts`.
 */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, including the 169.254.169.254 metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['fd00:ec2::', 32],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
  ['::', 96], // IPv4-compatible (deprecated): ::127.0.0.1 is written ::7f00:1
  ['2002::', 16], // 6to4: embeds an IPv4 address (2002:7f00:1::/48 is 127.0.0.1)
  ['2001::', 32], // Teredo: embeds an (obfuscated) IPv4 address
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv6');
}

/** True when an IP address is private, loopback, link-local, metadata or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
    // WHATWG URL writes IPv4-mapped addresses in hex: [::ffff:127.0.0.1] becomes [::ffff:7f00:1].
    const hexMapped = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
    if (hexMapped) {
      const hi = parseInt(hexMapped[1]!, 16);
      const lo = parseInt(hexMapped[2]!, 16);
      return BLOCKED.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
    }
    return BLOCKED.check(address, 'ipv6');
  }
  return true;
}

export class RefusedAddressError extends Error {
  constructor(readonly address: string) {
    super(`refused address ${address}`);
  }
}

function isAllowed(allowHosts: readonly string[], hostOrAddress: string): boolean {
  return allowHosts.includes(hostOrAddress.toLowerCase().replace(/^\[|\]$/g, ''));
}

/** Checks a URL's host before any connection: scheme, literal IPs, names that are plainly local. */
export function checkUrlTarget(url: URL, allowHosts: readonly string[]): 'ok' | 'refused' | 'invalid' {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'invalid';
  if (url.username || url.password) return 'invalid';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!host) return 'invalid';
  if (isAllowed(allowHosts, host)) return 'ok';
  if (isIP(host)) return isPrivateAddress(host) ? 'refused' : 'ok';
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local')) return 'refused';
  return 'ok';
}

/** DNS lookup that refuses private answers unless allowed: runs at connect time, for every hop. */
export function guardedLookup(allowHosts: readonly string[], host: string): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return (callback as (e: Error) => void)(error);
      const list = addresses as unknown as { address: string; family: number }[];
      const allowedHost = isAllowed(allowHosts, host);
      for (const a of list) {
        if (!allowedHost && !isAllowed(allowHosts, a.address) && isPrivateAddress(a.address)) {
          return (callback as (e: Error) => void)(new RefusedAddressError(a.address));
        }
      }
      if (options.all) return (callback as (e: null, a: typeof list) => void)(null, list);
      const first = list[0];
      if (!first) return (callback as (e: Error) => void)(new Error('no address'));
      (callback as (e: null, a: string, f: number) => void)(null, first.address, first.family);
    });
  };
}

/** Comma-separated host list of an environment variable, lower-cased. */
export function hostList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

export type GuardedPostOutcome = { ok: true; status: number } | { ok: false; error: 'address_refused' | 'invalid_url' | 'unreachable' | 'timeout' };

/**
 * One POST to a user-given URL with the connection pinned to the address the guard checked
 * (the DNS answer is checked in the connect-time lookup, so a rebinding answer cannot slip in
 * between a check and the request). Redirects are not followed; the answer body is discarded
 * after 64 KB.
 */
export function guardedPost(
  url: URL,
  body: string,
  headers: Readonly<Record<string, string>>,
  { allowHosts, timeoutMs }: { allowHosts: readonly string[]; timeoutMs: number },
): Promise<GuardedPostOutcome> {
  const target = checkUrlTarget(url, allowHosts);
  if (target !== 'ok') return Promise.resolve({ ok: false, error: target === 'invalid' ? 'invalid_url' : 'address_refused' });
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      { method: 'POST', lookup: guardedLookup(allowHosts, url.hostname), timeout: timeoutMs, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
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
