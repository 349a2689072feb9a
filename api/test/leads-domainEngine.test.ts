process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';

import { domainToASCII } from 'node:url';
import * as cheerio from 'cheerio';
import {
  createDomainEngine,
  dnsResolver,
  domainEngineConfigFromEnv,
  findEmailsForDomain,
  siteEmailFinder,
  type DomainEngineConfig,
} from '../src/providers/leads/domain';
import { createServer, type AddressInfo, type Server } from 'node:net';
import type { Agent } from 'undici';
import { outboundDispatcher } from '../src/net/outbound';
import {
  crawlSite,
  CRAWLER_USER_AGENT,
  parseHtml,
  resolverLookup,
  sitemapLocations,
} from '../src/providers/leads/domain/crawler';
import {
  cleanEmail,
  decodeCfEmail,
  deobfuscate,
  extractPage,
  looksLikeName,
  socialProfile,
  technologiesOf,
} from '../src/providers/leads/domain/extract';
import { applyPattern, inferPattern, nameParts } from '../src/providers/leads/domain/pattern';
import { isDisposableDomain, isRoleAddress, mxChecker, validSyntax } from '../src/providers/leads/domain/verify';
import {
  cfEncode,
  IDN_DOMAIN,
  OLD_DOMAIN,
  SITE_DOMAIN,
  SITE_EMAILS,
  startFakeSite,
  type FakeSite,
} from './fakeDomainSite';

let site: FakeSite;
let config: DomainEngineConfig;
let dispatcher: Agent;

beforeAll(async () => {
  site = await startFakeSite();
  const resolver = dnsResolver([`127.0.0.1:${site.dnsPort}`], 1_000);
  // The site is on loopback: allowed (OUTBOUND_ALLOW_HOSTS above) as an operator would allow an intranet host.
  dispatcher = outboundDispatcher({ lookupHost: resolverLookup(resolver) });
  config = {
    limits: { maxDepth: 2, maxPages: 20, maxBytes: 256_000, timeoutMs: 10_000, concurrency: 2 },
    network: { dispatcher, ports: { http: site.port, https: 1 } },
    resolver,
  };
});
afterAll(async () => {
  await dispatcher.destroy();
  await site.close();
});

describe('extractors', () => {
  it('reads obfuscated and Cloudflare-protected addresses, and ignores prose and file names', () => {
    expect(deobfuscate('Mail jane [at] acme [dot] com or bob(at)acme(dot)co(dot)uk or ann at acme dot io')).toEqual([
      'jane@acme.com',
      'bob@acme.co.uk',
      'ann@acme.io',
    ]);
    expect(deobfuscate('Look at this. Then we meet at home.')).toEqual([]);
    expect(decodeCfEmail(cfEncode('press@acme.com', 0x21))).toBe('press@acme.com');
    expect(decodeCfEmail('zz')).toBeNull();
    expect(cleanEmail('logo@2x.png')).toBeNull();
    expect(cleanEmail(' Info@Acme.COM. ')).toBe('info@acme.com');
    expect(cleanEmail('someone@example.com')).toBeNull();
    // Internationalised addresses (RFC 6531 local parts, IDN domains, punycode) are addresses; file names and version strings are not.
    expect(cleanEmail('Tomás@Acme.test')).toBe('tomás@acme.test');
    expect(cleanEmail('to\u006d\u0061\u0301s@acme.test')).toBe('tomás@acme.test');
    expect(cleanEmail('info@xn--e1afmkfd.xn--p1ai')).toBe('info@пример.рф');
    expect(cleanEmail('jürgen.groß@beispiel.de')).toBe('jürgen.groß@beispiel.de');
    expect(
      ['icon@3x.webp', 'app@1.2.3.min.js', 'lodash@4.17.21', 'a..b@acme.test', 'ana@acme'].map(cleanEmail),
    ).toEqual([null, null, null, null, null]);
    const page = extractPage(
      cheerio.load(`<p>Escreva ao Tomás: tomás@acme.test, à Zoë: zoë@açores.test (também <a href="mailto:Zo%C3%AB@xn--aores-yra.test">zoë</a>).</p>
<p>Москва: info@пример.рф · 東京: 連絡先info@acme.jpまで</p>
<img src="/img/logo@2x.png"><p>Built with jquery@3.7.1 and lodash@4.17.21.min.js, icons icon@3x.webp</p>`),
      { url: 'https://acme.test/', headers: {} },
    );
    expect(page.emails).toEqual([
      { address: 'zoë@açores.test', via: 'mailto' },
      { address: 'tomás@acme.test', via: 'text' },
      { address: 'info@пример.рф', via: 'text' },
      { address: 'info@acme.jp', via: 'text' },
    ]);
    // A malformed link does not stop the page being read.
    const broken = extractPage(
      cheerio.load('<a href="mailto:%E0%A4%A">x</a><a href="tel:%ZZ">y</a><p>ok@acme.test</p>'),
      { url: 'https://acme.test/', headers: {} },
    );
    expect(broken.emails).toEqual([{ address: 'ok@acme.test', via: 'text' }]);
  });

  it('reads phones (E.164), social profiles, people and the company from a page', () => {
    const $ =
      cheerio.load(`<html><head><meta property="og:site_name" content="Zeta GmbH"><meta name="description" content="Bikes from Berlin.">
      <script type="application/ld+json">{"@graph":[{"@type":"WebSite","name":"Zeta site"},{"@type":"LocalBusiness","name":"Zeta Räder GmbH","address":{"@type":"PostalAddress","addressLocality":"Berlin","addressCountry":"DE"}}]}</script>
      <script type="application/ld+json">{ broken</script></head>
      <body><p>Ruf an: 030 1234567</p><a href="tel:+49 30 7654321">call</a>
      <a href="https://www.instagram.com/zeta/?hl=de">ig</a><a href="https://www.facebook.com/sharer/sharer.php?u=x">share</a><a href="https://www.youtube.com/">yt home</a>
      <div itemscope itemtype="https://schema.org/Person"><span itemprop="name">Klaus Müller</span><span itemprop="jobTitle">Geschäftsführer</span></div>
      <section class="team"><h2>Our Team</h2><div class="person"><h4>Eva Braun-Schmidt</h4><span class="position">CTO</span></div></section>
      </body></html>`);
    const facts = extractPage($, { url: 'https://zeta.de/', headers: {} });
    expect(facts.company).toEqual({
      name: 'Zeta Räder GmbH',
      description: 'Bikes from Berlin.',
      address: 'Berlin, DE',
      city: 'Berlin',
      country: 'DE',
    });
    expect(facts.phones.sort()).toEqual(['+49301234567', '+49307654321']);
    expect(facts.socials).toEqual([{ platform: 'instagram', url: 'https://www.instagram.com/zeta' }]);
    expect(facts.people).toEqual([
      { name: 'Klaus Müller', title: 'Geschäftsführer', email: null },
      { name: 'Eva Braun-Schmidt', title: 'CTO', email: null },
    ]);
    expect(looksLikeName('Our Team')).toBe(false);
    expect(socialProfile('https://x.com/intent/tweet')).toBeNull();
    expect(socialProfile('https://www.linkedin.com/company/zeta/')).toEqual({
      platform: 'linkedin',
      url: 'https://www.linkedin.com/company/zeta',
    });
  });

  it('recognises the spec technologies from markup and headers', () => {
    const tech = (html: string, headers: Record<string, string> = {}) => technologiesOf(cheerio.load(html), headers);
    expect(tech('<link href="/wp-content/x.css">')).toEqual(['wordpress']);
    expect(tech('<meta name="generator" content="Joomla! - Open Source Content Management">')).toEqual(['joomla']);
    expect(tech('<p>x</p>', { 'x-wix-request-id': '1' })).toEqual(['wix']);
    expect(tech('<script src="https://cdn.shopify.com/s/x.js"></script>')).toEqual(['shopify']);
    expect(tech('<meta name="generator" content="TYPO3 CMS">')).toEqual(['typo3']);
    expect(tech('<a href="https://g.page/acme-rockets">Find us</a>')).toEqual(['google my business']);
    expect(tech('<p>plain</p>')).toEqual([]);
  });

  it('decodes a page in the charset its headers or meta tags name', () => {
    const latin1 = Buffer.from('<html><head><meta charset="iso-8859-1"><title>Caf\xe9</title></head></html>', 'latin1');
    expect(parseHtml(latin1)('title').text()).toBe('Café');
    const header = Buffer.from('<title>\xd1and\xfa</title>', 'latin1');
    expect(parseHtml(header, 'text/html; charset=windows-1252')('title').text()).toBe('Ñandú');
    expect(
      sitemapLocations('<sitemapindex><sitemap><loc> https://a.test/s1.xml </loc></sitemap></sitemapindex>'),
    ).toEqual({ pages: [], sitemaps: ['https://a.test/s1.xml'] });
  });
});

describe('patterns and checks', () => {
  it('infers the company pattern from named addresses and builds the others', () => {
    expect(nameParts('Dr. José Luis Pérez')).toEqual({ first: 'jose', last: 'perez' });
    expect(
      inferPattern([
        { name: 'Jane Doe', address: 'jdoe@a.test' },
        { name: 'Tom Hill', address: 'thill@a.test' },
        { name: 'Ann Lee', address: 'ann.lee@a.test' },
      ]),
    ).toBe('{f}{last}');
    expect(inferPattern([{ name: 'Jane Doe', address: 'info@a.test' }])).toBeNull();
    expect(applyPattern('{first}.{last}', { first: 'maria', last: 'garcia' })).toBe('maria.garcia');
  });

  it('flags role and disposable addresses, checks syntax and MX through the resolver', async () => {
    expect(isRoleAddress('info@acme.test')).toBe(true);
    expect(isRoleAddress('jane.doe@acme.test')).toBe(false);
    expect(isDisposableDomain('mailinator.com')).toBe(true);
    expect(isDisposableDomain('acme-rockets.test')).toBe(false);
    expect(validSyntax('a..b@acme.test')).toBe(false);
    // RFC 6531: a UTF-8 local part and a Unicode or punycode domain are addresses; a name, an IP literal or no TLD are not.
    expect(
      ['tomás@acme.test', 'jürgen.groß@beispiel.de', 'info@пример.рф', 'info@xn--e1afmkfd.xn--p1ai'].filter(
        (a) => !validSyntax(a),
      ),
    ).toEqual([]);
    expect(
      [
        'Ana <ana@acme.test>',
        'ana@[127.0.0.1]',
        'ana@acme',
        `${'a'.repeat(65)}@acme.test`,
        'ana@acme.test.',
        '@acme.test',
      ].filter(validSyntax),
    ).toEqual([]);
    const mx = mxChecker(config.resolver);
    expect(await mx(SITE_DOMAIN)).toEqual({ mx: true, hosts: [`mail.${SITE_DOMAIN}`] });
    expect(await mx('nowhere.test')).toEqual({ mx: false, hosts: [] });
  });
});

describe('crawler', () => {
  it('obeys robots.txt, reads the sitemap, names itself and stays within the page cap', async () => {
    site.requests.length = 0;
    const result = await crawlSite(`http://${SITE_DOMAIN}/`, { limits: config.limits, network: config.network });
    expect(result.error).toBeNull();
    const paths = result.pages.map((p) => new URL(p.url).pathname).sort();
    expect(paths).toEqual(['/', '/contact', '/jobs', '/team']);
    expect(result.disallowed).toEqual([`http://${SITE_DOMAIN}:${site.port}/private/board`]);
    expect(site.requests.map((r) => r.path)).not.toContain('/private/board');
    expect(site.requests[0]!.path).toBe('/robots.txt');
    expect(new Set(site.requests.map((r) => r.userAgent))).toEqual(new Set([CRAWLER_USER_AGENT]));
    expect(result.pages.find((p) => p.url.endsWith('/jobs'))!.title).toBe('Empleo en Café Rockets');

    const capped = await crawlSite(`http://${SITE_DOMAIN}/`, {
      limits: { ...config.limits, maxPages: 2 },
      network: config.network,
    });
    expect(capped.pages).toHaveLength(2);
    const shallow = await crawlSite(`http://${SITE_DOMAIN}/`, {
      limits: { ...config.limits, maxDepth: 0 },
      network: config.network,
    });
    expect(shallow.pages.map((p) => new URL(p.url).pathname)).toEqual(['/']);
  });

  it('refuses a site that resolves to a private address unless the host is allowed', async () => {
    site.requests.length = 0;
    process.env.OUTBOUND_ALLOW_HOSTS = '';
    // A fresh dispatcher: the guard checks when connecting, and the shared one holds open connections from the tests above.
    const fresh = outboundDispatcher({ lookupHost: resolverLookup(config.resolver) });
    try {
      const network = { ...config.network, dispatcher: fresh };
      const result = await crawlSite(`http://${SITE_DOMAIN}/`, { limits: config.limits, network });
      expect(result).toMatchObject({ pages: [], error: 'address_refused' });
      const literal = await crawlSite('http://169.254.169.254/', { limits: config.limits, network });
      expect(literal.error).toBe('address_refused');
    } finally {
      process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
      await fresh.destroy();
    }
    expect(site.requests).toEqual([]);
  });
});

describe('findEmailsForDomain', () => {
  it('finds exactly the site emails with their states and source pages, and the rest of what the site says', async () => {
    const findings = await findEmailsForDomain(`https://www.${SITE_DOMAIN}/about`, {}, config);
    expect(findings.error).toBeNull();
    const got = Object.fromEntries(
      findings.emails.map((e) => [e.address, { state: e.state, page: new URL(e.sourceUrl!).pathname }]),
    );
    expect(got).toEqual(SITE_EMAILS);
    expect(findings.pattern).toBe('{first}.{last}');
    // The IDN mailbox, written in Unicode and in punycode on the page, is one address whose MX is asked under the ASCII name.
    expect(findings.emails.find((e) => e.address === `reservas@${IDN_DOMAIN}`)).toMatchObject({
      via: 'mailto',
      verification: { syntax: true, mx: true, mxHosts: [`mail.${domainToASCII(IDN_DOMAIN)}`] },
    });
    const john = findings.emails.find((e) => e.address.startsWith('john.smith'))!;
    expect(john).toMatchObject({
      name: 'John Smith',
      title: 'CTO',
      via: 'pattern',
      verification: { syntax: true, mx: true, role: false, disposable: false },
    });
    expect(findings.emails.find((e) => e.address.startsWith('support'))).toMatchObject({
      via: 'obfuscated',
      verification: { role: true },
    });
    expect(findings.emails.find((e) => e.address.startsWith('press'))!.via).toBe('cloudflare');
    expect(findings.people.map((p) => [p.name, p.title, p.state])).toEqual([
      ['Jane Doe', 'Chief Executive Officer', 'found'],
      ['John Smith', 'CTO', 'potential'],
      ['María García', 'Head of Sales', 'potential'],
    ]);
    expect(findings.company).toEqual({
      name: 'Acme Rockets',
      description: 'Rockets for small businesses.',
      address: 'Calle Mayor 1, 28013 Madrid, ES',
      city: 'Madrid',
      country: 'ES',
    });
    expect(findings.phones.sort()).toEqual(['+34912345678', '+34912345679']);
    expect(findings.socials.map((s) => s.platform).sort()).toEqual(['facebook', 'instagram', 'linkedin']);
    expect(findings.technologies).toEqual(['wordpress']);
  });

  it('builds potential emails for people given by the caller, and reports a site that cannot be reached', async () => {
    const withPeople = await findEmailsForDomain(
      SITE_DOMAIN,
      { people: [{ name: 'Peter Pan', title: 'Pilot' }] },
      config,
    );
    expect(withPeople.emails.find((e) => e.address === `peter.pan@${SITE_DOMAIN}`)).toMatchObject({
      state: 'potential',
      sourceUrl: null,
      title: 'Pilot',
    });
    // A company that moved: the old domain's site redirects to the new one, whose addresses and pattern count.
    const moved = await findEmailsForDomain(OLD_DOMAIN, {}, config);
    expect(moved).toMatchObject({ domain: OLD_DOMAIN, emailDomain: SITE_DOMAIN, error: null });
    expect(Object.fromEntries(moved.emails.map((e) => [e.address, e.state]))).toEqual(
      Object.fromEntries(Object.entries(SITE_EMAILS).map(([a, e]) => [a, e.state])),
    );
    const missing = await findEmailsForDomain('nowhere.test', {}, config);
    expect(missing).toMatchObject({ emails: [], error: 'unreachable' });
    expect((await findEmailsForDomain('not a domain', {}, config)).error).toBe('invalid_domain');
  });
});

describe('the site as an email source (waterfall "site")', () => {
  it('answers a company with its general mailbox and a person with their own or pattern address, crawling once', async () => {
    site.requests.length = 0;
    const finder = siteEmailFinder(createDomainEngine(config));
    expect(await finder.find({ domain: SITE_DOMAIN })).toEqual({
      email: `hello@${SITE_DOMAIN}`,
      outcome: 'found',
      verified: true,
      source: 'site',
      source_url: `http://${SITE_DOMAIN}:${site.port}/`,
    });
    expect(await finder.find({ domain: SITE_DOMAIN, full_name: 'Jane Doe' })).toMatchObject({
      email: `jane.doe@${SITE_DOMAIN}`,
      outcome: 'found',
      verified: true,
    });
    expect(await finder.find({ domain: SITE_DOMAIN, first_name: 'Ada', last_name: 'Lovelace' })).toEqual({
      email: `ada.lovelace@${SITE_DOMAIN}`,
      outcome: 'potential',
      verified: false,
      source: 'site',
      source_url: null,
    });
    expect(await finder.find({ domain: 'nowhere.test' })).toBeNull();
    expect(site.requests.filter((r) => r.path === '/robots.txt')).toHaveLength(1);
  });
});

describe('configuration', () => {
  it('reads the DOMAIN_* variables and names the one that is wrong', () => {
    const config = domainEngineConfigFromEnv({ DOMAIN_CRAWL_MAX_PAGES: '50', DOMAIN_CRAWL_HTTP_PORT: '8406' });
    expect(config.limits).toEqual({
      maxDepth: 2,
      maxPages: 50,
      maxBytes: 1_048_576,
      timeoutMs: 20_000,
      concurrency: 2,
    });
    expect(config.network.ports).toEqual({ http: 8406, https: 443 });
    expect(config.network.dispatcher).toBeUndefined();
    expect(() => domainEngineConfigFromEnv({ DOMAIN_CRAWL_MAX_DEPTH: '9' })).toThrow('DOMAIN_CRAWL_MAX_DEPTH');
    expect(() => domainEngineConfigFromEnv({ DOMAIN_DNS_SERVERS: 'dns.example' })).toThrow('DOMAIN_DNS_SERVERS');
  });
});

/** A mail exchanger that knows some mailboxes (550 for the others, or accepts all): records every command. */
async function fakeMailExchanger(
  mailboxes: readonly string[] | 'all',
): Promise<{ port: number; commands: string[]; close(): Promise<void> }> {
  const commands: string[] = [];
  const server: Server = createServer((socket) => {
    socket.write('220 mx.fake ESMTP\r\n');
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        commands.push(line);
        const rcpt = /^RCPT TO:<(.+)>$/i.exec(line);
        if (/^EHLO /i.test(line)) socket.write('250-mx.fake\r\n250 SIZE 1000000\r\n');
        else if (/^MAIL FROM:/i.test(line)) socket.write('250 OK\r\n');
        else if (rcpt)
          socket.write(
            mailboxes === 'all' || mailboxes.includes(rcpt[1]!) ? '250 OK\r\n' : '550 5.1.1 No such user\r\n',
          );
        else if (/^QUIT/i.test(line)) socket.end('221 Bye\r\n');
        else socket.write('502 Not here\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    commands,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('the optional SMTP RCPT check', () => {
  it('verifies a potential address the mail server accepts, drops one it rejects, and never sends a message', async () => {
    const known = Object.keys(SITE_EMAILS).filter((a) => !a.startsWith('maria.garcia'));
    const mx = await fakeMailExchanger(known);
    try {
      const smtp = {
        port: mx.port,
        helo: 'crawler.leadsmith.test',
        from: '',
        timeoutMs: 2_000,
        lookupHost: resolverLookup(config.resolver),
      };
      const findings = await findEmailsForDomain(SITE_DOMAIN, {}, { ...config, smtp });
      const states = Object.fromEntries(findings.emails.map((e) => [e.address, [e.state, e.verification.smtp]]));
      expect(states[`john.smith@${SITE_DOMAIN}`]).toEqual(['found', 'accepted']);
      expect(states[`hello@${SITE_DOMAIN}`]).toEqual(['found', 'accepted']);
      expect(states[`maria.garcia@${SITE_DOMAIN}`]).toBeUndefined();
      expect(findings.people.find((p) => p.name === 'María García')).toMatchObject({ state: 'not_found', email: null });
      expect(mx.commands[0]).toBe('EHLO crawler.leadsmith.test');
      expect(mx.commands).toContain('MAIL FROM:<>');
      expect(mx.commands.some((c) => /^DATA/i.test(c))).toBe(false);
      expect(mx.commands[mx.commands.length - 1]).toBe('QUIT');
    } finally {
      await mx.close();
    }
  });

  it('calls a server that accepts any address catch-all and leaves potential addresses potential', async () => {
    const mx = await fakeMailExchanger('all');
    try {
      const smtp = {
        port: mx.port,
        helo: 'crawler.leadsmith.test',
        from: 'verify@leadsmith.test',
        timeoutMs: 2_000,
        lookupHost: resolverLookup(config.resolver),
      };
      const findings = await findEmailsForDomain(SITE_DOMAIN, {}, { ...config, smtp });
      expect(findings.emails.find((e) => e.address === `maria.garcia@${SITE_DOMAIN}`)).toMatchObject({
        state: 'potential',
        verification: { smtp: 'catch_all' },
      });
      expect(mx.commands).toContain('MAIL FROM:<verify@leadsmith.test>');
    } finally {
      await mx.close();
    }
  });

  it('is off by default and needs a greeting name when switched on', () => {
    expect(domainEngineConfigFromEnv({}).smtp).toBeNull();
    expect(() => domainEngineConfigFromEnv({ DOMAIN_SMTP_CHECK: '1' })).toThrow('DOMAIN_SMTP_HELO');
    expect(
      domainEngineConfigFromEnv({ DOMAIN_SMTP_CHECK: '1', DOMAIN_SMTP_HELO: 'crawler.example.com' }).smtp,
    ).toMatchObject({ port: 25, helo: 'crawler.example.com', from: '' });
  });
});
