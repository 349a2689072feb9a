import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Receiver {
  url: string;
  /** Deliveries received so far: headers and parsed JSON body. */
  deliveries: { headers: http.IncomingHttpHeaders; body: { results: { name: string }[] } }[];
  close(): Promise<void>;
}

const listen = (server: http.Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
const closer = (server: http.Server) => () => new Promise<void>((done) => server.close(() => done()));

/** A webhook receiver on loopback (the e2e API allows 127.0.0.1 through OUTBOUND_ALLOW_HOSTS). */
export async function startWebhookReceiver(): Promise<Receiver> {
  const deliveries: Receiver['deliveries'] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body: JSON.parse(raw) as Receiver['deliveries'][number]['body'] });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  const base = await listen(server);
  return { url: `${base}/leads-hook`, deliveries, close: closer(server) };
}

export interface CustomerSite {
  base: string;
  close(): Promise<void>;
}

/** The user's own website with the intent tracking snippet pasted into every page. */
export async function startCustomerSite(snippet: string): Promise<CustomerSite> {
  const server = http.createServer((req, res) => {
    const title = req.url === '/' ? 'Home' : (req.url ?? '').replace(/\W+/g, ' ').trim();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1>${snippet}</body></html>`,
    );
  });
  const base = await listen(server);
  return { base, close: closer(server) };
}
