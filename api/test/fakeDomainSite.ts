import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { domainToASCII } from 'node:url';
import dns2 from 'dns2';
import type { fixtureAnswer } from './support/fixtureDns';

/**
 * A company website on a loopback port and a DNS server (dns2, UDP) answering for its domain:
 * A → 127.0.0.1 and MX → mail.<domain> (and MX for its IDN sister domain's ASCII form). The site has emails in links, text, obfuscated spellings,
 * Cloudflare's protection and internationalised spellings (`tomás@`, an IDN in Unicode and punycode) beside
 * file names and version strings that look like addresses, a team page, robots.txt with a disallowed page and a sitemap index
 * whose sitemap lists a page no link reaches. Every request is logged (path and user agent).
 */
export const SITE_DOMAIN = 'acme-rockets.test';
/** The company's former domain: its site answers every page with a redirect to SITE_DOMAIN. */
export const OLD_DOMAIN = 'old-acme.test';

/** The company's mailbox abroad, at an internationalised domain (IDN): the contact page writes it in Unicode and in punycode. */
export const IDN_DOMAIN = 'açores-rockets.test';

/** What the engine must find on the site: address → state and the page it is seen on (path). */
export const SITE_EMAILS = {
  'hello@acme-rockets.test': { state: 'found', page: '/' },
  'sales@acme-rockets.test': { state: 'found', page: '/contact' },
  'support@acme-rockets.test': { state: 'found', page: '/contact' },
  'press@acme-rockets.test': { state: 'found', page: '/contact' },
  'jane.doe@acme-rockets.test': { state: 'found', page: '/team' },
  'careers@acme-rockets.test': { state: 'found', page: '/jobs' },
  // RFC 6531: a UTF-8 local part, and a mailbox at an IDN (one address, however the page spells its domain).
  'tomás@acme-rockets.test': { state: 'found', page: '/contact' },
  'reservas@açores-rockets.test': { state: 'found', page: '/contact' },
  'john.smith@acme-rockets.test': { state: 'potential', page: '/team' },
  'maria.garcia@acme-rockets.test': { state: 'potential', page: '/team' },
} as const;

/** Cloudflare's email protection of an address: a key byte, then each byte XOR the key, in hex. */
export function cfEncode(email: string, key = 0x5a): string {
  return [key, ...Buffer.from(email, 'utf8')]
    .map((b, i) => (i === 0 ? b : b ^ key).toString(16).padStart(2, '0'))
    .join('');
}

const layout = (title: string, body: string, head = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="generator" content="WordPress 6.6.2">
<link rel="stylesheet" href="/wp-content/themes/rocket/style.css">${head}</head>
<body><nav><a href="/">Home</a> <a href="/team">Team</a> <a href="/contact">Contact</a> <a href="/private/board">Board</a></nav>
${body}
<footer><a href="https://www.linkedin.com/company/acme-rockets/">LinkedIn</a> <a href="https://facebook.com/acmerockets">Facebook</a>
<a href="https://twitter.com/intent/tweet?url=x">Share</a></footer></body></html>`;

const ORGANIZATION = {
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Acme Rockets',
  description: 'Rockets for small businesses.',
  telephone: '+34 912 345 678',
  address: {
    '@type': 'PostalAddress',
    streetAddress: 'Calle Mayor 1',
    postalCode: '28013',
    addressLocality: 'Madrid',
    addressCountry: 'ES',
  },
  sameAs: ['https://www.instagram.com/acmerockets'],
};

function pages(): Record<string, { type: string; body: Buffer | string }> {
  const html = (body: string) => ({ type: 'text/html; charset=utf-8', body });
  return {
    '/robots.txt': {
      type: 'text/plain',
      body: 'User-agent: *\nDisallow: /private/\n\nSitemap: http://acme-rockets.test/sitemap.xml\n',
    },
    // A sitemap index (robots.txt names it) pointing at the sitemap of pages.
    '/sitemap.xml': {
      type: 'application/xml',
      body: `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>http://acme-rockets.test/sitemap-pages.xml</loc></sitemap></sitemapindex>`,
    },
    '/sitemap-pages.xml': {
      type: 'application/xml',
      body: `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>http://acme-rockets.test/</loc></url>
  <url><loc>http://acme-rockets.test/jobs</loc></url>
  <url><loc>http://acme-rockets.test/private/board</loc></url>
</urlset>`,
    },
    '/': html(
      layout(
        'Acme Rockets',
        `<h1>Acme Rockets</h1><p>Write to us: hello@acme-rockets.test</p><img src="/img/logo@2x.png" alt="">`,
        `<meta property="og:site_name" content="Acme Rockets"><script type="application/ld+json">${JSON.stringify(ORGANIZATION)}</script>`,
      ),
    ),
    '/contact': html(
      layout(
        'Contact',
        `<h1>Contact</h1>
<p>Sales: <a href="mailto:sales@acme-rockets.test?subject=Hi">email sales</a></p>
<p>Support: support [at] acme-rockets [dot] test</p>
<p>Press: <a href="/cdn-cgi/l/email-protection" class="__cf_email__" data-cfemail="${cfEncode('press@acme-rockets.test')}">[email&#160;protected]</a></p>
<p>Call <a href="tel:+34912345679">+34 912 345 679</a></p>
<p>Lisbon office: Tomás, tomás@acme-rockets.test</p>
<p>Azores desk: reservas@${IDN_DOMAIN} (<a href="mailto:reservas@${domainToASCII(IDN_DOMAIN)}">write</a>)</p>
<p><img src="/img/team@2x.jpg" alt=""> Site built with jquery@3.7.1 and lodash@4.17.21.min.js</p>`,
      ),
    ),
    '/team': html(
      layout(
        'Our team',
        `<h1>Our Team</h1>
<div class="team-member"><h3>Jane Doe</h3><p class="role">Chief Executive Officer</p><a href="mailto:jane.doe@acme-rockets.test">Email Jane</a></div>
<div class="team-member"><h3>John Smith</h3><p class="role">CTO</p></div>
<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Person', name: 'María García', jobTitle: 'Head of Sales' })}</script>`,
      ),
    ),
    // Reached through the sitemap only; served in windows-1252 with the charset in a meta tag.
    '/jobs': {
      type: 'text/html',
      body: Buffer.from(
        `<!doctype html><html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><title>Empleo en Caf\xe9 Rockets</title></head><body><p>Apply: careers@acme-rockets.test</p></body></html>`,
        'latin1',
      ),
    },
    // Disallowed by robots.txt: must never be fetched.
    '/private/board': html(layout('Board', '<p>board-secret@acme-rockets.test</p>')),
  };
}

/** `PUT` here `{ name, value }`: the DNS server answers that TXT record from then on (the e2e run's reseller domain check). */
export const FAKE_DNS_TXT_PATH = '/__fake-dns/txt';

export interface FakeSite {
  port: number;
  dnsPort: number;
  requests: { path: string; userAgent: string }[];
  close(): Promise<void>;
}

/**
 * Ports 0 (the default) are chosen by the OS; the e2e run passes fixed ones the API under test is configured with.
 * `otherNames`: how the DNS server answers names other than the site's (the e2e run: the fixture DNS rules, so the
 * places' `.test` domains take mail); by default they do not exist.
 */
export async function startFakeSite({
  port: sitePort = 0,
  dnsPort: wantedDnsPort = 0,
  otherNames,
}: { port?: number; dnsPort?: number; otherNames?: typeof fixtureAnswer } = {}): Promise<FakeSite> {
  const requests: FakeSite['requests'] = [];
  const content = pages();
  // TXT records published by a test (a reseller's domain-ownership record): name → values.
  const txt = new Map<string, string[]>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === FAKE_DNS_TXT_PATH && req.method === 'PUT') {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const { name, value } = JSON.parse(raw) as { name: string; value: string };
        txt.set(name.toLowerCase(), [value]);
        res.writeHead(204).end();
      });
      return;
    }
    requests.push({ path, userAgent: String(req.headers['user-agent'] ?? '') });
    if (String(req.headers.host ?? '').startsWith(OLD_DOMAIN)) {
      res
        .writeHead(
          path === '/robots.txt' ? 404 : 301,
          path === '/robots.txt' ? {} : { location: `http://${SITE_DOMAIN}${path}` },
        )
        .end();
      return;
    }
    const page = content[path];
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    res.writeHead(200, { 'content-type': page.type }).end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(sitePort, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const { Packet } = dns2;
  const dns = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name.toLowerCase() ?? '';
      type Answer = (typeof response.answers)[number];
      const published = txt.get(name);
      if (published && question!.type === Packet.TYPE.TXT) {
        for (const data of published)
          response.answers.push({
            name,
            type: Packet.TYPE.TXT,
            class: Packet.CLASS.IN,
            ttl: 60,
            data,
          } as unknown as Answer);
      } else if (name === domainToASCII(IDN_DOMAIN) && question!.type === Packet.TYPE.MX) {
        // The IDN's mail exchanger, published (as DNS does) under its ASCII form only.
        response.answers.push({
          name,
          type: Packet.TYPE.MX,
          class: Packet.CLASS.IN,
          ttl: 60,
          exchange: `mail.${name}`,
          priority: 10,
        } as unknown as Answer);
      } else if (
        name === SITE_DOMAIN ||
        name === `www.${SITE_DOMAIN}` ||
        name === `mail.${SITE_DOMAIN}` ||
        name === OLD_DOMAIN
      ) {
        // Plain records, as dns2's README writes them: the packet encoder serialises them by type.
        if (question!.type === Packet.TYPE.A)
          response.answers.push({
            name,
            type: Packet.TYPE.A,
            class: Packet.CLASS.IN,
            ttl: 60,
            address: '127.0.0.1',
          } as unknown as Answer);
        if (question!.type === Packet.TYPE.MX && name === SITE_DOMAIN) {
          response.answers.push({
            name,
            type: Packet.TYPE.MX,
            class: Packet.CLASS.IN,
            ttl: 60,
            exchange: `mail.${SITE_DOMAIN}`,
            priority: 10,
          } as unknown as Answer);
        }
      } else {
        const type = question?.type;
        const answer =
          question && otherNames
            ? otherNames(
                name,
                type === Packet.TYPE.MX
                  ? 'MX'
                  : type === Packet.TYPE.A
                    ? 'A'
                    : type === Packet.TYPE.AAAA
                      ? 'AAAA'
                      : 'other',
              )
            : { type: 'nxdomain' as const };
        type Answer = (typeof response.answers)[number];
        if (answer.type === 'nxdomain') response.header.rcode = Packet.RCODE.NXDOMAIN;
        if (answer.type === 'mx')
          response.answers.push({
            name,
            type: Packet.TYPE.MX,
            class: Packet.CLASS.IN,
            ttl: 60,
            exchange: answer.exchange,
            priority: 10,
          } as unknown as Answer);
      }
      send(response);
    },
  });
  const listening = await dns.listen({ udp: { port: wantedDnsPort, address: '127.0.0.1' } });
  const dnsPort = (listening as { udp: AddressInfo }).udp.port;
  return {
    port,
    dnsPort,
    requests,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await dns.close();
    },
  };
}
