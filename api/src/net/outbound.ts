import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, connect as netConnect, isIP, type LookupFunction, type Socket } from 'node:net';
import { Agent, buildConnector } from 'undici';

/**
 * The outbound guard: every connection the server opens to an address a user can give (webhooks,
 * CRMs, the website crawl, vendor adapters, a reseller's SMTP server) goes through here. The check
 * runs on the RESOLVED address at connect time, so `localhost`, `2130706433`, `0`, IPv6 spellings,
 * names from /etc/hosts and DNS rebinding all end at the same test: private, loopback, link-local,
 * metadata and other non-public addresses are refused unless OUTBOUND_ALLOW_HOSTS lists the host,
 * the address or a range holding it.
 *
 * Use it as:
 * - HTTP through undici: `request(url, { dispatcher: outboundDispatcher() })` or undici's `fetch`
 *   with the same dispatcher (the connect hook resolves and checks, literals included);
 * - node:http / node:net: `lookup: outboundLookup`, plus `refuseLiteral(url)` first (Node skips
 *   the lookup for IP literals);
 * - nodemailer: `getSocket: outboundSmtpSocket`.
 * Failures are `OutboundRefusedError` (policy) or the socket's own error; callers show one generic
 * text for every failure so that answers never tell an open port from a closed one.
 */

export const OUTBOUND_ALLOW_ENV = 'OUTBOUND_ALLOW_HOSTS';

/** Variables the single allow list replaced; setting one is a configuration error naming its successor. */
export const REPLACED_ALLOW_VARIABLES = [
  'CRAWL_ALLOW_HOSTS',
  'SETTINGS_WEBHOOK_ALLOW_HOSTS',
  'LEAD_SEARCH_WEBHOOK_ALLOW_HOSTS',
  'CRM_ALLOW_HOSTS',
  'WHITELABEL_WEBHOOK_ALLOW_HOSTS',
  'LEAD_SOURCES_ALLOW_HOSTS',
] as const;

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

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, `::ffff:7f00:1`), if any. */
function mappedIpv4(address: string): string | null {
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1]!;
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True when an IP address is private, loopback, link-local, metadata or otherwise not public (non-IPs too). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family === 6) {
    const v4 = mappedIpv4(address);
    return v4 ? BLOCKED.check(v4, 'ipv4') : BLOCKED.check(address, 'ipv6');
  }
  return true;
}

/** OUTBOUND_ALLOW_HOSTS: comma list of host names, IP addresses and CIDR ranges exempt from the refusal. */
export interface OutboundAllowList {
  hosts: ReadonlySet<string>;
  addresses: BlockList;
}

const bare = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');

/** Parses OUTBOUND_ALLOW_HOSTS; a malformed range is an error naming the variable. */
export function outboundAllowList(env: Readonly<Record<string, string | undefined>> = process.env): OutboundAllowList {
  const hosts = new Set<string>();
  const addresses = new BlockList();
  for (const entry of (env[OUTBOUND_ALLOW_ENV] ?? '').split(',').map(bare).filter(Boolean)) {
    const [net, bits] = entry.split('/');
    const family = isIP(net!);
    if (bits !== undefined) {
      const prefix = Number(bits);
      if (!family || !/^\d+$/.test(bits) || prefix > (family === 4 ? 32 : 128))
        throw new Error(`"${entry}" is not a host, an IP address or a CIDR range`);
      addresses.addSubnet(net!, prefix, family === 4 ? 'ipv4' : 'ipv6');
    } else if (family) addresses.addAddress(entry, family === 4 ? 'ipv4' : 'ipv6');
    else hosts.add(entry);
  }
  return { hosts, addresses };
}

function addressAllowed(allow: OutboundAllowList, address: string): boolean {
  const family = isIP(address);
  if (!family) return false;
  if (allow.addresses.check(address, family === 4 ? 'ipv4' : 'ipv6')) return true;
  const v4 = family === 6 ? mappedIpv4(address) : null;
  return v4 !== null && allow.addresses.check(v4, 'ipv4');
}

const isLocalhostName = (name: string) => name === 'localhost' || name.endsWith('.localhost');

/** A connection the guard refused. The message names no address: it may reach a user. */
export class OutboundRefusedError extends Error {
  readonly code = 'EOUTBOUNDREFUSED';
  constructor(readonly address: string) {
    super('outbound connection refused');
  }
}

/** Resolves a host name to its addresses; the system's `dns.lookup` unless a caller has its own DNS servers. */
export type HostLookup = (host: string) => Promise<LookupAddress[]>;

/** Every address `host` resolves to, refused as a whole when one of them is not public and not allowed. */
export function resolveOutbound(
  host: string,
  allow: OutboundAllowList = outboundAllowList(),
  lookupHost?: HostLookup,
): Promise<LookupAddress[]> {
  const name = bare(host);
  const family = isIP(name);
  return new Promise((resolve, reject) => {
    const settle = (list: LookupAddress[]) => {
      if (list.length === 0) return reject(new OutboundRefusedError(name));
      if (!allow.hosts.has(name)) {
        const bad = list.find((a) => isPrivateAddress(a.address) && !addressAllowed(allow, a.address));
        if (bad) return reject(new OutboundRefusedError(bad.address));
      }
      resolve(list);
    };
    if (family) return settle([{ address: name, family }]);
    // RFC 6761: `localhost` and every name under it are loopback, whatever a resolver says; only
    // listing the name itself allows them.
    if (isLocalhostName(name))
      return allow.hosts.has(name)
        ? resolve([{ address: '127.0.0.1', family: 4 }])
        : reject(new OutboundRefusedError(name));
    if (lookupHost) return void lookupHost(name).then(settle, reject);
    dnsLookup(name, { all: true }, (error, list) => (error ? reject(error) : settle(list)));
  });
}

/** A `lookup` for node:net / node:http / anything taking Node's lookup signature: resolves, then checks. */
export const outboundLookup: LookupFunction = (hostname, options, callback) => {
  resolveOutbound(hostname).then(
    (list) => {
      const wanted =
        options.family === 4 || options.family === 6 ? list.filter((a) => a.family === options.family) : list;
      if (options.all) return callback(null, wanted);
      const first = wanted[0];
      if (!first) return callback(new OutboundRefusedError(hostname), '', 0);
      callback(null, first.address, first.family);
    },
    (error: NodeJS.ErrnoException) => callback(error, '', 0),
  );
};

/**
 * Node's http/net skip `lookup` for an IP literal: call this before such a request. Throws
 * OutboundRefusedError for a private literal (or a `localhost` name) that is not allowed.
 */
export function refuseLiteral(url: URL): void {
  const host = bare(url.hostname);
  const allow = outboundAllowList();
  if (allow.hosts.has(host)) return;
  if (isLocalhostName(host) || (isIP(host) && isPrivateAddress(host) && !addressAllowed(allow, host)))
    throw new OutboundRefusedError(host);
}

let shared: Agent | null = null;

/**
 * The undici dispatcher of every outbound HTTP request: its connect hook resolves the host (IP
 * literals included), checks every answer and connects to the checked address, keeping the name
 * for TLS (SNI and certificate). One per process; connections are pooled per origin.
 */
export function outboundDispatcher(): Agent;
/**
 * With `lookupHost`: a new dispatcher (the caller closes it) whose names resolve through the
 * caller's DNS servers (the domain engine's DOMAIN_DNS_SERVERS), every answer checked the same way.
 */
export function outboundDispatcher(options: { lookupHost: HostLookup }): Agent;
export function outboundDispatcher(options?: { lookupHost: HostLookup }): Agent {
  if (!options && shared) return shared;
  const connector = buildConnector({ timeout: 10_000 });
  const agent = new Agent({
    keepAliveTimeout: 4_000,
    connect: (connectOptions, callback) => {
      resolveOutbound(connectOptions.hostname, outboundAllowList(), options?.lookupHost).then(
        ([first]) => connector({ ...connectOptions, hostname: first!.address }, callback),
        (error: Error) => callback(error, null),
      );
    },
  });
  if (!options) shared = agent;
  return agent;
}

/**
 * nodemailer's `getSocket` option: the SMTP connection is opened here, to the checked address;
 * nodemailer then speaks SMTP over it (and upgrades it to TLS with the host name for `secure`/STARTTLS).
 */
export function outboundSmtpSocket(
  /** `lookupHost`: resolve through the caller's DNS servers (the domain engine's RCPT check), checked the same way. */
  options: { host?: string; port?: number; secure?: boolean; connectionTimeout?: number; lookupHost?: HostLookup },
  callback: (error: Error | null, socket?: { connection: Socket }) => void,
): void {
  const port = options.port ?? (options.secure ? 465 : 587);
  resolveOutbound(options.host ?? 'localhost', outboundAllowList(), options.lookupHost).then(
    ([first]) => {
      const socket = netConnect({ host: first!.address, port, family: first!.family });
      const timer = setTimeout(
        () => socket.destroy(new Error('connection timeout')),
        options.connectionTimeout ?? 10_000,
      );
      const onError = (error: Error) => {
        clearTimeout(timer);
        callback(error);
      };
      socket.once('error', onError);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.removeListener('error', onError);
        callback(null, { connection: socket });
      });
    },
    (error: Error) => callback(error),
  );
}

export type OutboundUrlVerdict =
  { ok: true; url: URL } | { ok: false; reason: 'invalid_url' | 'private_address' | 'unresolvable' };

/**
 * The check of a user-given URL before it is stored (webhooks of every kind, CRM URLs, websites):
 * http(s), no credentials, and every address the host resolves to public or allowed. Connections
 * are checked again at connect time, so a later DNS change cannot get past it.
 */
export async function checkOutboundUrl(raw: string): Promise<OutboundUrlVerdict> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: 'invalid_url' };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !url.hostname)
    return { ok: false, reason: 'invalid_url' };
  const verdict = await checkOutboundHost(url.hostname);
  return verdict === 'ok' ? { ok: true, url } : { ok: false, reason: verdict };
}

/** The same check for a bare host name or address (an SMTP server). */
export async function checkOutboundHost(host: string): Promise<'ok' | 'private_address' | 'unresolvable'> {
  try {
    await resolveOutbound(host);
    return 'ok';
  } catch (error) {
    return error instanceof OutboundRefusedError ? 'private_address' : 'unresolvable';
  }
}
