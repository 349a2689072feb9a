import { domainToASCII } from 'node:url';
import { blacklist } from 'mailchecker';
import isEmail from 'validator/lib/isEmail';
import roleAddresses from 'role-based-email-addresses';
import type { DnsResolver } from './crawler';
import type { SmtpVerdict } from './smtpProbe';

/**
 * Checks of one address that need no mailbox access: syntax, the domain's mail exchangers (MX
 * through the injected resolver), a disposable-provider flag (mailchecker's maintained list) and a
 * role-address flag (info@, sales@, …: role-based-email-addresses). The SMTP RCPT probe
 * (`smtpProbe.ts`) runs only when configured: many servers answer it falsely or blocklist probers.
 */
export interface EmailVerification {
  syntax: boolean;
  /** true: the domain has mail exchangers; false: it has none (or does not exist); null: the look-up failed. */
  mx: boolean | null;
  mxHosts: string[];
  disposable: boolean;
  role: boolean;
  /** The SMTP RCPT check's verdict; null when it was not made (the default). */
  smtp: SmtpVerdict | null;
}

const ROLES = new Set(roleAddresses.map((r) => r.toLowerCase()));
const DISPOSABLE = blacklist();

/**
 * An address mail can be sent to, by validator.js's isEmail: a dot-atom local part of at most 64 octets, in
 * UTF-8 too (RFC 6531: `tomás@`), at a domain with a top-level label, Unicode (`пример.рф`) or punycode; no
 * display name, no IP literal, nothing longer than 254 characters.
 */
export function validSyntax(address: string): boolean {
  return isEmail(address, {
    allow_utf8_local_part: true,
    require_tld: true,
    allow_ip_domain: false,
    allow_display_name: false,
  });
}

export function isRoleAddress(address: string): boolean {
  const local = address.split('@')[0]?.toLowerCase() ?? '';
  return ROLES.has(local) || ROLES.has(local.replace(/[._-]?\d+$/, ''));
}

/** The domain or any parent of it on the disposable-provider list. */
export function isDisposableDomain(domain: string): boolean {
  const labels = domain.toLowerCase().split('.');
  for (let i = 0; i < labels.length - 1; i++) if (DISPOSABLE.has(labels.slice(i).join('.'))) return true;
  return false;
}

const NO_DOMAIN = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME']);

/** MX look-ups of one run, shared by every address of the same domain; an IDN is asked in its ASCII form (`açores.pt` → `xn--aores-yra.pt`), as DNS knows it. */
export function mxChecker(resolver: DnsResolver): (domain: string) => Promise<{ mx: boolean | null; hosts: string[] }> {
  const cache = new Map<string, Promise<{ mx: boolean | null; hosts: string[] }>>();
  return (domain) => {
    const key = domainToASCII(domain) || domain.toLowerCase();
    let pending = cache.get(key);
    if (!pending) {
      pending = resolver.resolveMx(key).then(
        (records) => {
          const hosts = records
            .filter((r) => r.exchange && r.exchange !== '.')
            .sort((a, b) => a.priority - b.priority)
            .map((r) => r.exchange.toLowerCase());
          return { mx: hosts.length > 0, hosts };
        },
        (error: NodeJS.ErrnoException) => ({ mx: NO_DOMAIN.has(error.code ?? '') ? false : null, hosts: [] }),
      );
      cache.set(key, pending);
    }
    return pending;
  };
}

export async function verifyEmail(
  address: string,
  mx: (domain: string) => Promise<{ mx: boolean | null; hosts: string[] }>,
): Promise<EmailVerification> {
  const syntax = validSyntax(address);
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const exchangers = syntax ? await mx(domain) : { mx: false, hosts: [] };
  return {
    syntax,
    mx: exchangers.mx,
    mxHosts: exchangers.hosts,
    disposable: isDisposableDomain(domain),
    role: isRoleAddress(address),
    smtp: null,
  };
}
