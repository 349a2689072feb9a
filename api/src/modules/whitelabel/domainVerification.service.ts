import { Resolver } from 'node:dns/promises';
import { randomBytes } from 'node:crypto';
import { ConfigError } from '../../configError';
import type { Db } from '../../db';
import { unprocessable } from '../../http/errors';
import { DEFAULT_DOMAIN, normaliseDomain } from '../core/siteSettings.schemas';
import { domainRowOf, hasServedDomain, keepDomainToken, markDomainVerified } from './domainVerification.repository';

/** The TXT record a reseller publishes to prove it owns its domain: `_domain-verify.<domain>` = `domain-verify=<token>`. */
export const TXT_PREFIX = '_domain-verify';
export const txtNameOf = (domain: string) => `${TXT_PREFIX}.${domain}`;
export const txtValueOf = (token: string) => `domain-verify=${token}`;

/** How a TXT look-up is made: node's resolver (real DNS over UDP/TCP), pointed at DOMAIN_CHECK_DNS_SERVERS when set. */
export type TxtLookup = (name: string) => Promise<string[][]>;

/** DOMAIN_CHECK_DNS_SERVERS: `ip[:port]` list (the tests' local DNS server); unset: the system's resolvers. */
export function txtLookupFromEnv(env: NodeJS.ProcessEnv = process.env): TxtLookup {
  const servers = (env.DOMAIN_CHECK_DNS_SERVERS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const s of servers) {
    if (!/^(\[[0-9a-f:]+\]|[0-9.]+)(:\d{1,5})?$/i.test(s))
      throw new ConfigError('DOMAIN_CHECK_DNS_SERVERS', `"${s}" is not an IP address with an optional port`);
  }
  return async (name) => {
    const resolver = new Resolver({ timeout: 3_000, tries: 2 });
    if (servers.length) resolver.setServers(servers);
    return resolver.resolveTxt(name);
  };
}

/** Whether the record is published: one TXT answer (its chunks joined, as RFC 7208 reads long ones) equals the expected value. */
export async function domainHasRecord(lookup: TxtLookup, domain: string, token: string): Promise<boolean> {
  try {
    const answers = await lookup(txtNameOf(domain));
    return answers.some((chunks) => chunks.join('') === txtValueOf(token));
  } catch {
    // NXDOMAIN, no TXT record, a resolver that does not answer: not verified (yet).
    return false;
  }
}

/** Whether the platform serves (and its proxy may get a certificate for) this host: its own domain, or a reseller's verified one. */
export async function isServedDomain(db: Db, rawDomain: string): Promise<boolean> {
  const domain = normaliseDomain(rawDomain);
  if (domain === DEFAULT_DOMAIN) return true;
  return hasServedDomain(db, domain);
}

/** The reseller's domain with its token (made on first use), or a 422 while there is no business account. */
export async function domainStatusOf(db: Db, owner: number) {
  const row = await domainRowOf(db, owner);
  if (!row) throw unprocessable('whitelabel.sales_needs_account', 'domain');
  let token = row.domain_token;
  // Two first reads at once keep the one token stored first.
  if (!token) token = await keepDomainToken(db, row.id, randomBytes(16).toString('hex'));
  return {
    id: row.id,
    token,
    status: {
      domain: row.domain,
      txt_name: txtNameOf(row.domain),
      txt_value: txtValueOf(token),
      verified_at: row.domain_verified_at,
    },
  };
}

/** Looks the TXT record up (with no transaction open) and marks the domain verified; 422 naming `domain` when the record is not there. */
export async function verifyDomain(db: Db, lookup: TxtLookup, owner: number, now: () => Date) {
  const { id, token, status } = await domainStatusOf(db, owner);
  if (!(await domainHasRecord(lookup, status.domain, token)))
    throw unprocessable('whitelabel.domain_unverified', 'domain', { name: status.txt_name });
  const at = now();
  // Only if the domain is still the one looked up (a concurrent change of domain resets the check).
  await markDomainVerified(db, id, status.domain, at);
  return { ...status, verified_at: at };
}
