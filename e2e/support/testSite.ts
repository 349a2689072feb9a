import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestSite {
  base: string;
  close(): Promise<void>;
}

/**
 * A small website on 127.0.0.1 for the settings crawl specs (the e2e API is
 * started with OUTBOUND_ALLOW_HOSTS=127.0.0.1). `/slow` answers after `slowMs`,
 * so the browser sees the crawl job pending for at least one poll.
 */
export function startTestSite(slowMs = 2500): Promise<TestSite> {
  const pages: Record<string, string> = {
    '/': '<html><head><title>Acme Dental</title></head><body><a href="/services">Services</a> <a href="/about">About</a> <a href="/slow">Prices</a> <a href="https://example.com/">Elsewhere</a></body></html>',
    '/services': '<title>Our services</title><a href="/">Home</a>',
    '/about': '<title>About Acme</title>',
    '/slow': '<title>Prices</title>',
  };
  const server = http.createServer((req, res) => {
    const page = pages[req.url ?? ''];
    if (!page) {
      res.writeHead(404);
      res.end();
      return;
    }
    const send = () => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page);
    };
    if (req.url === '/slow') setTimeout(send, slowMs);
    else send();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}
