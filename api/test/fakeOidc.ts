import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/**
 * A local OpenID Connect provider speaking the protocol Google speaks: a discovery document, a JWKS,
 * an authorization step and a token endpoint that checks the client's secret, the code, the redirect
 * URI and the PKCE verifier, then answers with an RS256-signed ID token carrying the nonce.
 *
 * The authorization step is either `approve` (API tests: the code the provider's redirect would carry)
 * or, for a browser, `GET /authorize`: an account page (an email field and Continue, or Cancel) whose
 * form posts back to `/authorize` and redirects to the client's redirect URI with `code` and `state`
 * (or `error=access_denied`), as Google's consent page does. The e2e run starts it on a fixed port.
 */
export interface FakeOidc {
  issuer: string;
  server: Server;
  /** The user consents: a code for this authorization URL (as the provider's redirect would carry it). */
  approve(
    authorizationUrl: string,
    user: { email: string; emailVerified?: boolean; sub?: string },
  ): { code: string; state: string; redirectUri: string };
  tokenRequests: number;
  close(): Promise<void>;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string;
  user: { email: string; emailVerified: boolean; sub: string };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The authorization request's parameters the account page carries through its form. */
const AUTHORIZE_PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
] as const;

export async function fakeOidc(
  client: { id: string; secret: string },
  options: { port?: number } = {},
): Promise<FakeOidc> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const grants = new Map<string, Grant>();
  let issuer = '';
  const state = { tokenRequests: 0 };
  const send = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  /** A code for an authorization request the user approved; throws when the request lacks what the provider requires. */
  const grantFor = (p: URLSearchParams, user: { email: string; emailVerified?: boolean; sub?: string }): string => {
    if (p.get('code_challenge_method') !== 'S256' || !p.get('code_challenge') || !p.get('state') || !p.get('nonce'))
      throw new Error('authorization request without PKCE, state or nonce');
    const code = randomBytes(12).toString('hex');
    grants.set(code, {
      clientId: p.get('client_id') ?? '',
      redirectUri: p.get('redirect_uri') ?? '',
      challenge: p.get('code_challenge') ?? '',
      nonce: p.get('nonce') ?? '',
      user: { email: user.email, emailVerified: user.emailVerified ?? true, sub: user.sub ?? `sub-${user.email}` },
    });
    return code;
  };
  /** Why an authorization request is refused before the account page (Google answers such requests with an error page too). */
  const refusal = (p: URLSearchParams): string | null => {
    if (p.get('response_type') !== 'code') return 'unsupported_response_type';
    if (p.get('client_id') !== client.id) return 'invalid_client';
    if (!/^https?:\/\//.test(p.get('redirect_uri') ?? '')) return 'invalid_request: redirect_uri';
    if (!(p.get('scope') ?? '').split(' ').includes('openid')) return 'invalid_scope';
    if (p.get('code_challenge_method') !== 'S256' || !p.get('code_challenge') || !p.get('state') || !p.get('nonce'))
      return 'invalid_request: PKCE, state and nonce are required';
    return null;
  };
  const page = (res: import('node:http').ServerResponse, status: number, html: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in – Fake OpenID provider</title></head><body><main>${html}</main></body></html>`,
    );
  };
  const redirect = (res: import('node:http').ServerResponse, to: URL) => {
    res.writeHead(302, { location: to.href });
    res.end();
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (req.method === 'GET' && url.pathname === '/authorize') {
      const problem = refusal(url.searchParams);
      if (problem) return page(res, 400, `<h1>Error</h1><p>${escapeHtml(problem)}</p>`);
      const hidden = AUTHORIZE_PARAMS.map(
        (k) => `<input type="hidden" name="${k}" value="${escapeHtml(url.searchParams.get(k) ?? '')}">`,
      ).join('');
      return page(
        res,
        200,
        `<h1>Choose an account</h1><form method="post" action="/authorize">${hidden}<label for="email">Email</label> <input id="email" name="email" type="email" required>` +
          `<button type="submit" name="decision" value="allow">Continue</button> <button type="submit" name="decision" value="deny" formnovalidate>Cancel</button></form>`,
      );
    }
    if (req.method === 'POST' && url.pathname === '/authorize') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const problem = refusal(form);
        if (problem) return page(res, 400, `<h1>Error</h1><p>${escapeHtml(problem)}</p>`);
        const back = new URL(form.get('redirect_uri')!);
        if (form.get('decision') === 'deny' || !form.get('email')) back.searchParams.set('error', 'access_denied');
        else back.searchParams.set('code', grantFor(form, { email: form.get('email')! }));
        back.searchParams.set('state', form.get('state')!);
        redirect(res, back);
      });
      return undefined;
    }
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return send(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      });
    }
    if (req.method === 'GET' && url.pathname === '/jwks') return send(res, 200, { keys: [jwk] });
    if (req.method === 'POST' && url.pathname === '/token') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        state.tokenRequests += 1;
        const form = new URLSearchParams(body);
        const basic = req.headers.authorization?.startsWith('Basic ')
          ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString('utf8')
          : null;
        const [id, secret] = basic
          ? basic.split(':').map(decodeURIComponent)
          : [form.get('client_id'), form.get('client_secret')];
        if (id !== client.id || secret !== client.secret) return send(res, 401, { error: 'invalid_client' });
        const grant = grants.get(form.get('code') ?? '');
        grants.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (
          !grant ||
          form.get('grant_type') !== 'authorization_code' ||
          form.get('redirect_uri') !== grant.redirectUri ||
          challenge !== grant.challenge
        ) {
          return send(res, 400, { error: 'invalid_grant' });
        }
        void new SignJWT({
          email: grant.user.email,
          email_verified: grant.user.emailVerified,
          nonce: grant.nonce,
          given_name: 'Gia',
          family_name: 'Google',
        })
          .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
          .setIssuer(issuer)
          .setAudience(grant.clientId)
          .setSubject(grant.user.sub)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey)
          .then((idToken) =>
            send(res, 200, {
              access_token: randomBytes(16).toString('hex'),
              token_type: 'Bearer',
              expires_in: 300,
              id_token: idToken,
            }),
          );
      });
      return undefined;
    }
    return send(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    server,
    get tokenRequests() {
      return state.tokenRequests;
    },
    set tokenRequests(n: number) {
      state.tokenRequests = n;
    },
    approve(authorizationUrl, user) {
      const p = new URL(authorizationUrl).searchParams;
      return { code: grantFor(p, user), state: p.get('state') ?? '', redirectUri: p.get('redirect_uri') ?? '' };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A browser keeps its connections open: closed here so the close does not wait on them.
        server.closeAllConnections();
      }),
  };
}
