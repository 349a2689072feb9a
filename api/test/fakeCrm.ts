import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local CRM for tests (API tests, and the e2e run through e2e/support/FakeCrmGlobalSetup.ts): an
 * OAuth 2.0 token endpoint (authorization code and refresh token grants, rotating refresh tokens)
 * and the contacts endpoints of the adapters — GoHighLevel `POST /contacts/upsert`, Keap
 * `PUT /contacts`, the generic `POST /contacts` — plus Zapier-style hooks `POST /hooks/<id>`.
 * Contacts need a live access token (else 401). `queue()` scripts the next answers (429, 5xx,
 * a hang for timeouts…); `GET /__inspect?code=` lists what was received with tokens descended from
 * one authorization code, so a test reads exactly its own contacts.
 */
export type Behaviour = 'ok' | 'hang' | { status: number; body?: unknown; headers?: Record<string, string> };

export interface FakeCrmRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface ReceivedContact {
  path: string;
  /** The authorization code the sending token descends from (null for a hook). */
  code: string | null;
  token: string | null;
  contact: Record<string, unknown>;
}

export interface FakeCrm {
  base: string;
  tokenUrl: string;
  requests: FakeCrmRequest[];
  contacts: ReceivedContact[];
  /** Next answers of the contacts and hook endpoints, in order (afterwards: 'ok'). */
  queue(...behaviours: Behaviour[]): void;
  /** Every access token issued so far stops working (the next contact call gets 401); refresh tokens stay valid. */
  revokeAccessTokens(): void;
  /** expires_in (seconds) of the next token answers. */
  setExpiresIn(seconds: number): void;
  close(): Promise<void>;
}

const CONTACT_PATHS = new Set(['POST /contacts/upsert', 'PUT /contacts', 'POST /contacts']);

export async function startFakeCrm({
  port = 0,
  host = '127.0.0.1',
}: { port?: number; host?: string } = {}): Promise<FakeCrm> {
  const requests: FakeCrmRequest[] = [];
  const contacts: ReceivedContact[] = [];
  const script: Behaviour[] = [];
  /** access token → the code it descends from; refresh token → the same. */
  const access = new Map<string, string>();
  const refresh = new Map<string, string>();
  /** authorization code → its PKCE challenge (S256). */
  const challenges = new Map<string, string>();
  let expiresIn = 3600;
  let counter = 0;
  let nextId = 1;
  const sockets = new Set<Socket>();

  const issue = (code: string) => {
    counter += 1;
    const tokens = { access_token: `at-${counter}-${code}`, refresh_token: `rt-${counter}-${code}` };
    access.set(tokens.access_token, code);
    refresh.set(tokens.refresh_token, code);
    return {
      ...tokens,
      token_type: 'Bearer',
      expires_in: expiresIn,
      scope: 'contacts.write',
      locationId: 'loc-fake-1',
      userType: 'Location',
    };
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const key = `${req.method} ${url.pathname}`;
      const send = (status: number, answer: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(answer));
      };
      if (key === 'GET /health') return send(200, { ok: true });
      if (key === 'GET /__inspect') {
        const code = url.searchParams.get('code');
        const hook = url.searchParams.get('hook');
        return send(200, {
          contacts: contacts.filter((c) => (code ? c.code === code : hook ? c.path === `/hooks/${hook}` : true)),
        });
      }
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body });

      // The authorisation page, signed in and approved at once: back to redirect_uri with a code (bound to the PKCE challenge, if any).
      if (key === 'GET /oauth/authorize') {
        const code = `auth-${nextId++}`;
        const challenge = url.searchParams.get('code_challenge');
        if (challenge) {
          if (url.searchParams.get('code_challenge_method') !== 'S256')
            return send(400, { error: 'invalid_request', error_description: 'only S256' });
          challenges.set(code, challenge);
        }
        const back = new URL(url.searchParams.get('redirect_uri') ?? 'http://localhost/crm/callback');
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.toString() });
        res.end();
        return;
      }

      if (key === 'POST /oauth/token') {
        const form = new URLSearchParams(body);
        const grant = form.get('grant_type');
        if (grant === 'authorization_code') {
          const code = form.get('code') ?? '';
          if (!code || code.startsWith('bad'))
            return send(400, { error: 'invalid_grant', error_description: 'Invalid authorization code' });
          // RFC 7636 §4.6: a code issued for a challenge needs the verifier whose S256 is that challenge.
          const challenge = challenges.get(code);
          const verifier = form.get('code_verifier');
          if (challenge && (!verifier || createHash('sha256').update(verifier).digest('base64url') !== challenge)) {
            return send(400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
          }
          challenges.delete(code);
          return send(200, issue(code));
        }
        if (grant === 'refresh_token') {
          const old = form.get('refresh_token') ?? '';
          const code = refresh.get(old);
          if (!code) return send(400, { error: 'invalid_grant', error_description: 'Invalid refresh token' });
          refresh.delete(old); // rotated
          return send(200, issue(code));
        }
        return send(400, { error: 'unsupported_grant_type' });
      }

      const isHook = req.method === 'POST' && url.pathname.startsWith('/hooks/');
      if (!CONTACT_PATHS.has(key) && !isHook) return send(404, { message: 'Not found' });
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
      if (!isHook && (!token || !access.has(token))) return send(401, { message: 'Invalid JWT' });
      const behaviour = script.shift() ?? 'ok';
      if (behaviour === 'hang') return; // never answers: the caller's timeout ends it
      if (behaviour !== 'ok')
        return send(behaviour.status, behaviour.body ?? { message: `Scripted ${behaviour.status}` }, behaviour.headers);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return send(400, { message: 'Body is not JSON' });
      }
      const list = Array.isArray(parsed) ? parsed : [parsed];
      for (const contact of list)
        contacts.push({
          path: url.pathname,
          code: token ? (access.get(token) ?? null) : null,
          token,
          contact: contact as Record<string, unknown>,
        });
      const id = `c-${nextId++}`;
      if (isHook) return send(200, { status: 'success', attempt: id });
      if (key === 'POST /contacts/upsert') return send(200, { new: true, contact: { id } });
      return send(201, { id });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const base = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    base,
    tokenUrl: `${base}/oauth/token`,
    requests,
    contacts,
    queue: (...behaviours) => void script.push(...behaviours),
    revokeAccessTokens: () => access.clear(),
    setExpiresIn: (seconds) => {
      expiresIn = seconds;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
