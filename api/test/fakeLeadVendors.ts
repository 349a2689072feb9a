import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { guardedHttpClient, type SourceDeps } from '../src/providers/leads/sourceHttp';
import { domainSearchAnswer, emailFinderAnswer, HUNTER_ERRORS } from './fixtures/leadVendors/hunter';
import { NOMINATIM_PORTO, OVERPASS_ELEMENTS, overpassAnswer } from './fixtures/leadVendors/osm';

/**
 * Local stand-ins for the lead sources, one loopback server with a path prefix per vendor
 * (`/nominatim/`, `/overpass/`, `/hunter/`, …): each answers in the vendor's documented format
 * from the fixtures in `fixtures/leadVendors/` (which cite the reference pages), checks the key the
 * way the vendor does, and records what it received. `queue(vendor, …)` scripts the next answers
 * (a 429 with Retry-After, a 5xx, a refused key) before the normal ones resume.
 */
export type Vendor = 'nominatim' | 'overpass' | 'hunter' | 'apollo' | 'google' | 'modash' | 'youtube' | 'ipinfo';

export interface Scripted {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ReceivedRequest {
  vendor: Vendor;
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeLeadVendors {
  /** Base URL of one vendor (ends with `/`). */
  url(vendor: Vendor): string;
  requests: ReceivedRequest[];
  of(vendor: Vendor): ReceivedRequest[];
  queue(vendor: Vendor, ...answers: Scripted[]): void;
  close(): Promise<void>;
}

export const FAKE_KEYS = { hunter: 'hunter-test-key', apollo: 'apollo-test-key', google: 'google-test-key', modash: 'modash-test-token', youtube: 'youtube-test-key', ipinfo: 'ipinfo-test-token' } as const;

/** Hunter domains the fake knows, with how many addresses each has. */
export const HUNTER_DOMAINS: Record<string, number> = { 'acme.test': 23, 'tripeiro.test': 2, 'dentes-boavista.test': 1 };

type Handler = (request: ReceivedRequest) => Scripted;

function overpass(request: ReceivedRequest): Scripted {
  const query = new URLSearchParams(request.body).get('data') ?? '';
  const box = /\((-?[\d.]+),(-?[\d.]+),(-?[\d.]+),(-?[\d.]+)\)/.exec(query);
  if (!query.startsWith('[out:json]') || !box) return { status: 400, body: 'Error: line 1: parse error' };
  const [s, w, n, e] = box.slice(1).map(Number) as [number, number, number, number];
  const tags = [...query.matchAll(/nwr\["([^"]+)"="([^"]+)"\]/g)].map((m) => [m[1]!, m[2]!] as const);
  const named = query.includes('["name"]');
  const elements = OVERPASS_ELEMENTS.filter((el) => {
    const lat = 'center' in el ? el.center.lat : el.lat;
    const lon = 'center' in el ? el.center.lon : el.lon;
    return lat >= s && lat <= n && lon >= w && lon <= e && tags.some(([k, v]) => el.tags[k] === v) && (!named || Boolean(el.tags.name));
  });
  return { status: 200, body: overpassAnswer(elements) };
}

function nominatim(request: ReceivedRequest): Scripted {
  if (!request.path.endsWith('/search')) return { status: 404, body: { error: 'Not found' } };
  if (request.query.get('format') !== 'jsonv2') return { status: 400, body: { error: { code: 400, message: 'Parameter format' } } };
  // The public instance refuses stock library user agents (usage policy).
  if (!/Leadsmith/.test(String(request.headers['user-agent']))) return { status: 403, body: 'Access blocked' };
  const q = (request.query.get('q') ?? '').toLowerCase();
  return { status: 200, body: q === 'porto' ? NOMINATIM_PORTO : [] };
}

function hunter(request: ReceivedRequest): Scripted {
  if (request.headers['x-api-key'] !== FAKE_KEYS.hunter) return { status: 401, body: HUNTER_ERRORS.unauthorized };
  const q = request.query;
  const domain = q.get('domain') ?? '';
  if (request.path.endsWith('/v2/domain-search')) {
    const limit = Number(q.get('limit') ?? 10);
    const offset = Number(q.get('offset') ?? 0);
    return { status: 200, body: domainSearchAnswer(domain, HUNTER_DOMAINS[domain] ?? 0, limit, offset, q.get('type') ?? undefined) };
  }
  if (request.path.endsWith('/v2/email-finder')) {
    if (!HUNTER_DOMAINS[domain]) return { status: 404, body: HUNTER_ERRORS.notFound };
    const first = q.get('first_name') ?? '';
    return { status: 200, body: emailFinderAnswer(domain, first, q.get('last_name') ?? '', first === 'Maybe' ? 'accept_all' : 'valid') };
  }
  if (request.path.endsWith('/v2/email-verifier')) {
    const email = q.get('email') ?? '';
    return { status: 200, body: { data: { status: email.endsWith('.test') ? 'valid' : 'invalid', result: 'deliverable', score: 95, email } } };
  }
  return { status: 404, body: { errors: [{ id: 'route_not_found', code: 404, details: 'Route not found' }] } };
}

export async function startFakeLeadVendors(extra: Partial<Record<Vendor, Handler>> = {}): Promise<FakeLeadVendors> {
  const handlers: Partial<Record<Vendor, Handler>> = { nominatim, overpass, hunter, ...extra };
  const requests: ReceivedRequest[] = [];
  const scripts = new Map<Vendor, Scripted[]>();
  const sockets = new Set<Socket>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const vendor = url.pathname.split('/')[1] as Vendor;
      const received: ReceivedRequest = { vendor, method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(received);
      const answer = scripts.get(vendor)?.shift() ?? handlers[vendor]?.(received) ?? { status: 404, body: { error: 'no such vendor' } };
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
      res.writeHead(answer.status, { 'content-type': typeof answer.body === 'string' ? 'text/plain' : 'application/json', ...answer.headers });
      res.end(text);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: (vendor) => (vendor === 'overpass' ? `http://127.0.0.1:${port}/overpass/api/interpreter` : `http://127.0.0.1:${port}/${vendor}/`),
    requests,
    of: (vendor) => requests.filter((r) => r.vendor === vendor),
    queue: (vendor, ...answers) => scripts.set(vendor, [...(scripts.get(vendor) ?? []), ...answers]),
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}

/**
 * Deps for adapters under test: the real guarded client (loopback allowed through OUTBOUND_ALLOW_HOSTS,
 * as the app's tests allow their receivers) and a clock that moves by the waits asked for, recorded instead of slept.
 */
export function testSourceDeps(): SourceDeps & { waits: number[] } {
  const waits: number[] = [];
  let now = Date.now();
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  return {
    http: guardedHttpClient(),
    waits,
    now: () => now,
    wait: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  };
}
