import type { CheerioAPI } from 'cheerio';
import {
  findPhoneNumbersInText,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';
import { domainToASCII, domainToUnicode } from 'node:url';
import { WEBSITE_TECHNOLOGIES } from '../catalog';
import { validSyntax } from './verify';

/**
 * What one page says about the business: emails (mailto links, text, "name [at] domain [dot] com"
 * and Cloudflare-protected addresses), phones in E.164 (libphonenumber-js), social profiles, the
 * company (schema.org JSON-LD, microdata, OpenGraph), people with their titles (schema.org Person
 * and team-page markup) and the spec's website technologies (HTML and headers).
 */

export type Technology = (typeof WEBSITE_TECHNOLOGIES)[number];

export interface PageEmail {
  address: string;
  /** How it appeared: a link, plain text, an obfuscated spelling, Cloudflare's protection, structured data. */
  via: 'mailto' | 'text' | 'obfuscated' | 'cloudflare' | 'schema';
}

export interface SocialProfile {
  platform: 'facebook' | 'instagram' | 'linkedin' | 'twitter' | 'youtube' | 'tiktok' | 'pinterest';
  url: string;
}

export interface CompanyFacts {
  name: string | null;
  description: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
}

export interface PagePerson {
  name: string;
  title: string | null;
  email: string | null;
}

export interface PageFacts {
  emails: PageEmail[];
  phones: string[];
  socials: SocialProfile[];
  company: CompanyFacts;
  people: PagePerson[];
  technologies: Technology[];
}

/**
 * An address in a page's text: a local part of letters, marks and digits of any script (RFC 6531: `tomás@`)
 * with the usual punctuation, at a domain of such labels (an IDN: `açores.pt`) whose top-level label is
 * ASCII letters (ending where they end: `info@acme.jpまで`), punycode (`xn--p1ai`) or letters of another
 * script (`рф`). Candidates only: `cleanEmail` decides, through validator.js's isEmail.
 */
const EMAIL =
  /[\p{L}\p{M}\p{N}._%+'-]+@(?:[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?\.)+(?:xn--[a-z0-9-]{1,59}|[a-z]{2,24}(?![a-z])|[\p{L}\p{M}]{2,24})/giu;
/** File names that look like addresses (logo@2x.png, jquery@3.7.1.min.js) and addresses that are never a business's. */
const NOT_A_TLD = /\.(png|jpe?g|gif|svg|webp|avif|css|js|mjs|map|ico|bmp|tiff?|woff2?|ttf|json)$/i;
const IGNORED_DOMAINS =
  /(^|\.)(example\.(com|org|net)|sentry\.io|sentry-next\.wixpress\.com|wixpress\.com|domain\.com|email\.com)$/i;
/** Scripts written without spaces: in running text their words touch an address (`連絡先info@acme.jp`). */
const UNSPACED =
  /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;

/** A local part that runs from an unspaced script into another (`連絡先info`) keeps its last run (`info`): the word before it is prose. */
function lastRun(local: string): string {
  const runs = local.match(new RegExp(`${UNSPACED.source}+|[^${UNSPACED.source.slice(1, -1)}]+`, 'gu')) ?? [local];
  return runs[runs.length - 1]!;
}

/**
 * Lower-cased, trimmed address (NFC; an IDN domain in its Unicode form, so `info@xn--aores-yra.pt` and
 * `info@açores.pt` are one address), or null when it is not a plausible mailbox: not an address by
 * validator.js's isEmail (UTF-8 local parts allowed, RFC 6531), a file name or version string, or a
 * placeholder domain.
 */
export function cleanEmail(raw: string): string | null {
  const trimmed = raw
    .normalize('NFC')
    .trim()
    .replace(/^mailto:/i, '')
    .replace(/[.,;:]+$/, '')
    .toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at < 1) return null;
  const local = lastRun(trimmed.slice(0, at));
  const written = trimmed.slice(at + 1);
  const ascii = domainToASCII(written);
  if (!ascii) return null;
  const domain = domainToUnicode(ascii);
  const address = `${local}@${domain}`;
  if (NOT_A_TLD.test(address) || IGNORED_DOMAINS.test(ascii) || IGNORED_DOMAINS.test(domain)) return null;
  // A version string (`lodash@4.17.21`) has no top-level label of letters: isEmail refuses it, as it refuses `..`, a leading dot or a 65-octet local part.
  if (!validSyntax(address) || !validSyntax(`${local}@${ascii}`)) return null;
  return address;
}

/** A link's percent-encoding undone; a malformed one (a page's typo) is read as written. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Cloudflare email protection: hex string whose first byte is the XOR key of the others. */
export function decodeCfEmail(hex: string): string | null {
  if (!/^[0-9a-f]{4,}$/i.test(hex) || hex.length % 2 !== 0) return null;
  const key = parseInt(hex.slice(0, 2), 16);
  let out = '';
  for (let i = 2; i < hex.length; i += 2) out += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16) ^ key);
  try {
    return decodeURIComponent(escape(out));
  } catch {
    return out;
  }
}

const AT_MARK = String.raw`\s*[[({<]\s*(?:at|@)\s*[\])}>]\s*|\s+at\s+`;
const DOT_MARK = String.raw`\s*[[({<]\s*(?:dot|\.)\s*[\])}>]\s*|\s+dot\s+`;
const OBFUSCATED = new RegExp(
  String.raw`([a-z0-9._%+-]+)(${AT_MARK})([a-z0-9-]+(?:(?:${DOT_MARK}|\.)[a-z0-9-]+)+)`,
  'gi',
);

/** Addresses written to dodge scrapers: "jane [at] acme [dot] com", "jane(at)acme(dot)com", "jane at acme dot com". */
export function deobfuscate(text: string): string[] {
  const out: string[] = [];
  for (const [, local, at, rest] of text.matchAll(OBFUSCATED)) {
    const bracketed = /[[({<]/.test(at!);
    // A bare " at " is prose ("look at this. Then") unless a spelled-out dot follows.
    if (!bracketed && !new RegExp(DOT_MARK, 'i').test(rest!)) continue;
    const email = cleanEmail(`${local}@${rest!.replace(new RegExp(DOT_MARK, 'gi'), '.')}`);
    if (email) out.push(email);
  }
  return out;
}

function visibleText($: CheerioAPI): string {
  const body = $('body').clone();
  body.find('script, style, noscript, template').remove();
  // Block elements end a word: "Call us</p><p>info@…" must not glue together.
  body
    .find('br, p, div, li, td, th, h1, h2, h3, h4, h5, h6, section, article, footer, header, nav')
    .before(' ')
    .after(' ');
  return body.text().replace(/\s+/g, ' ');
}

function emailsOf($: CheerioAPI, text: string): PageEmail[] {
  const found = new Map<string, PageEmail['via']>();
  const add = (raw: string | null | undefined, via: PageEmail['via']) => {
    const email = raw ? cleanEmail(raw) : null;
    if (email && !found.has(email)) found.set(email, via);
  };
  $('a[href^="mailto:" i]').each((_, el) => {
    const href = $(el).attr('href') ?? '';
    const targets = safeDecode(href.replace(/^mailto:/i, '').split('?')[0] ?? '');
    targets.split(',').forEach((t) => add(t, 'mailto'));
  });
  $('[data-cfemail]').each((_, el) => add(decodeCfEmail($(el).attr('data-cfemail') ?? ''), 'cloudflare'));
  $('a[href*="/cdn-cgi/l/email-protection#"]').each((_, el) =>
    add(decodeCfEmail(($(el).attr('href') ?? '').split('#')[1] ?? ''), 'cloudflare'),
  );
  for (const m of text.matchAll(EMAIL)) add(m[0], 'text');
  for (const e of deobfuscate(text)) add(e, 'obfuscated');
  return [...found].map(([address, via]) => ({ address, via }));
}

/** The country a site's numbers are local to: its address country, else its country-code TLD. */
export function defaultCountry(host: string, addressCountry: string | null): CountryCode | undefined {
  const fromAddress = addressCountry?.trim().toUpperCase();
  if (fromAddress && fromAddress.length === 2 && isSupportedCountry(fromAddress)) return fromAddress;
  const tld = host.split('.').pop()?.toUpperCase() ?? '';
  const mapped = tld === 'UK' ? 'GB' : tld;
  return mapped.length === 2 && isSupportedCountry(mapped) ? mapped : undefined;
}

function phonesOf($: CheerioAPI, text: string, country: CountryCode | undefined, extra: string[]): string[] {
  const out = new Set<string>();
  const add = (raw: string) => {
    const phone = parsePhoneNumberFromString(raw, country);
    if (phone?.isValid()) out.add(phone.number);
  };
  $('a[href^="tel:" i]').each((_, el) => add(safeDecode(($(el).attr('href') ?? '').replace(/^tel:/i, ''))));
  extra.forEach(add);
  for (const found of findPhoneNumbersInText(text, country ? { defaultCountry: country } : undefined)) {
    if (found.number.isValid()) out.add(found.number.number);
  }
  return [...out];
}

const SOCIAL_HOSTS: [RegExp, SocialProfile['platform']][] = [
  [/(^|\.)facebook\.com$/, 'facebook'],
  [/(^|\.)instagram\.com$/, 'instagram'],
  [/(^|\.)linkedin\.com$/, 'linkedin'],
  [/(^|\.)(twitter|x)\.com$/, 'twitter'],
  [/(^|\.)youtube\.com$/, 'youtube'],
  [/(^|\.)tiktok\.com$/, 'tiktok'],
  [/(^|\.)pinterest\.[a-z.]+$/, 'pinterest'],
];
/** Share buttons and widgets link to the networks too; they are not the business's profile. */
const SHARE_PATH = /sharer|share\.php|\/share|\/intent\/|\/plugins\/|\/dialog\/|\/embed\//i;

export function socialProfile(href: string): SocialProfile | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || SHARE_PATH.test(url.pathname) || url.pathname.replace(/\/+$/, '') === '')
    return null;
  const platform = SOCIAL_HOSTS.find(([re]) => re.test(url.hostname.toLowerCase()))?.[1];
  if (!platform) return null;
  url.hash = '';
  url.search = '';
  return { platform, url: url.href.replace(/\/+$/, '') };
}

type Json = Record<string, unknown>;

/** Every object of the page's JSON-LD blocks, @graph and nested values included. */
export function jsonLdNodes($: CheerioAPI): Json[] {
  const out: Json[] = [];
  const walk = (value: unknown, depth: number) => {
    if (depth > 6 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach((v) => walk(v, depth + 1));
    const node = value as Json;
    out.push(node);
    Object.values(node).forEach((v) => walk(v, depth + 1));
  };
  $('script[type="application/ld+json"]').each((_, el) => {
    try {
      walk(JSON.parse($(el).text()), 0);
    } catch {
      // broken JSON-LD: the rest of the page still counts
    }
  });
  return out;
}

function types(node: Json): string[] {
  const t = node['@type'];
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string');
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim().replace(/\s+/g, ' ') : null);
const ORG_TYPES =
  /Organization|Corporation|LocalBusiness|Store|Restaurant|Dentist|Attorney|Agency|Company|Business|Clinic|Hotel|Shop|Service/i;

function postalAddress(value: unknown): { text: string | null; city: string | null; country: string | null } {
  if (typeof value === 'string') return { text: str(value), city: null, country: null };
  if (!value || typeof value !== 'object') return { text: null, city: null, country: null };
  const a = (Array.isArray(value) ? value[0] : value) as Json;
  const country =
    typeof a.addressCountry === 'object' && a.addressCountry
      ? str((a.addressCountry as Json).name)
      : str(a.addressCountry);
  const parts = [
    str(a.streetAddress),
    [str(a.postalCode), str(a.addressLocality)].filter(Boolean).join(' '),
    str(a.addressRegion),
    country,
  ].filter((p) => p);
  return { text: parts.length ? parts.join(', ') : null, city: str(a.addressLocality), country };
}

function companyOf(
  $: CheerioAPI,
  nodes: Json[],
): CompanyFacts & { phones: string[]; emails: string[]; sameAs: string[] } {
  const org = nodes.find((n) => types(n).some((t) => ORG_TYPES.test(t)) && str(n.name));
  const address = postalAddress(org?.address);
  const meta = (selector: string) => str($(selector).first().attr('content'));
  const sameAs = org?.sameAs;
  return {
    name: str(org?.name) ?? meta('meta[property="og:site_name"]'),
    description: str(org?.description) ?? meta('meta[property="og:description"]') ?? meta('meta[name="description"]'),
    address: address.text,
    city: address.city,
    country: address.country,
    phones: [str(org?.telephone)].filter((p): p is string => Boolean(p)),
    emails: [str(org?.email)].filter((e): e is string => Boolean(e)),
    sameAs: (Array.isArray(sameAs) ? sameAs : [sameAs]).filter((s): s is string => typeof s === 'string'),
  };
}

/** Headings of team sections that look like names but are not. */
const NOT_NAME_WORDS = new Set([
  'our',
  'the',
  'team',
  'meet',
  'about',
  'contact',
  'us',
  'services',
  'company',
  'people',
  'staff',
  'leadership',
  'board',
  'members',
  'news',
  'home',
  'careers',
  'jobs',
  'and',
  'with',
]);

/** A person's name as team pages write it: two to four capitalised words, no digits. */
export function looksLikeName(text: string): boolean {
  const words = text.trim().split(/\s+/);
  if (words.length < 2 || words.length > 4) return false;
  if (words.some((w) => NOT_NAME_WORDS.has(w.toLowerCase()))) return false;
  return words.every((w) => /^(\p{Lu}[\p{L}'’-]*\.?|de|da|van|von|der|del|la|le|di)$/u.test(w)) && !/\d/.test(text);
}

const PERSON_BLOCK =
  '[class*="team" i] , [class*="member" i], [class*="person" i], [class*="staff" i], [class*="profile" i], [class*="employee" i], [class*="bio" i]';
const TITLE_CLASS = /title|role|position|job|function|designation/i;

function peopleOf($: CheerioAPI, nodes: Json[]): PagePerson[] {
  const people = new Map<string, PagePerson>();
  const add = (name: string | null, title: string | null, email: string | null) => {
    if (!name || !looksLikeName(name)) return;
    const key = name.toLowerCase();
    const known = people.get(key);
    people.set(key, { name, title: known?.title ?? title, email: known?.email ?? (email ? cleanEmail(email) : null) });
  };
  for (const node of nodes) {
    if (types(node).includes('Person')) add(str(node.name), str(node.jobTitle), str(node.email));
  }
  $('[itemtype*="schema.org/Person" i]').each((_, el) => {
    const scope = $(el);
    const prop = (name: string) =>
      str(
        scope.find(`[itemprop="${name}"]`).first().attr('content') ?? scope.find(`[itemprop="${name}"]`).first().text(),
      );
    add(prop('name'), prop('jobTitle'), prop('email')?.replace(/^mailto:/i, '') ?? null);
  });
  // Team cards: a heading (or strong) holding the name, the title in an element named like one or the next line.
  $(PERSON_BLOCK).each((_, el) => {
    const card = $(el);
    if (card.find(PERSON_BLOCK).length > 0) return; // the innermost card only
    const heading = card.find('h2, h3, h4, h5, strong, [class*="name" i]').first();
    const name = str(heading.text());
    if (!name) return;
    const titled = card
      .find('*')
      .filter((_, c) => TITLE_CLASS.test($(c).attr('class') ?? ''))
      .first();
    const title = str(titled.text()) ?? str(heading.nextAll('p, span, div, em').first().text());
    const mail = card.find('a[href^="mailto:" i]').first().attr('href');
    add(
      name,
      title && title !== name && title.length <= 80 ? title : null,
      mail ? safeDecode(mail.replace(/^mailto:/i, '').split('?')[0] ?? '') : null,
    );
  });
  return [...people.values()];
}

/** The spec's website technologies, from markup and headers. */
export function technologiesOf($: CheerioAPI, headers: Readonly<Record<string, string>>): Technology[] {
  const html = $.html();
  const generator = ($('meta[name="generator" i]').attr('content') ?? '').toLowerCase();
  const header = (name: string) => headers[name] ?? '';
  const found = new Set<Technology>();
  if (
    /wordpress/.test(generator) ||
    /\/wp-(content|includes)\//i.test(html) ||
    $('link[rel="https://api.w.org/"]').length
  )
    found.add('wordpress');
  if (/joomla/.test(generator) || /\/media\/(jui|system\/js)\/|\/components\/com_/i.test(html)) found.add('joomla');
  if (
    /wix\.com/.test(generator) ||
    header('x-wix-request-id') ||
    /static\.wixstatic\.com|static\.parastorage\.com/i.test(html)
  )
    found.add('wix');
  if (header('x-shopid') || header('x-shopify-stage') || /cdn\.shopify\.com|Shopify\.theme/i.test(html))
    found.add('shopify');
  if (/typo3/.test(generator) || /\/typo3(temp|conf)\//i.test(html)) found.add('typo3');
  if (/\.business\.site\b|\/\/g\.page\/|google\.[a-z.]+\/maps\?cid=|maps\.app\.goo\.gl/i.test(html))
    found.add('google my business');
  return WEBSITE_TECHNOLOGIES.filter((t) => found.has(t));
}

/** Everything one parsed page says. `host` picks the phones' default country. */
export function extractPage(
  $: CheerioAPI,
  { url, headers }: { url: string; headers: Readonly<Record<string, string>> },
): PageFacts {
  const nodes = jsonLdNodes($);
  const company = companyOf($, nodes);
  const text = visibleText($);
  const emails = emailsOf($, text);
  for (const e of company.emails) {
    const address = cleanEmail(e);
    if (address && !emails.some((x) => x.address === address)) emails.push({ address, via: 'schema' });
  }
  const host = new URL(url).hostname;
  const socials = new Map<string, SocialProfile>();
  const addSocial = (href: string | undefined) => {
    const profile = href ? socialProfile(new URL(href, url).href) : null;
    if (profile && !socials.has(profile.url)) socials.set(profile.url, profile);
  };
  $('a[href]').each((_, el) => {
    try {
      addSocial($(el).attr('href'));
    } catch {
      // not a URL
    }
  });
  company.sameAs.forEach((s) => {
    try {
      addSocial(s);
    } catch {
      // not a URL
    }
  });
  return {
    emails,
    phones: phonesOf($, text, defaultCountry(host, company.country), company.phones),
    socials: [...socials.values()],
    company: {
      name: company.name,
      description: company.description,
      address: company.address,
      city: company.city,
      country: company.country,
    },
    people: peopleOf($, nodes),
    technologies: technologiesOf($, headers),
  };
}
