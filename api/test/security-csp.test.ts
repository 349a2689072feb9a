import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { createTestApp, type TestContext } from './helpers';

/** The shell page's Content-Security-Policy: own origin plus the registry's remote origins only. */
let ctx: TestContext;
let webRoot: string;

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'leadsmith-csp-'));
  for (const [file, content] of Object.entries({
    'shell/dist/index.html': '<!doctype html><title>Leadsmith</title>',
    'shell/dist/main.0a1b2c3d.js': 'console.log(1)',
    'mfe-admin/dist/1.0.0/mf-manifest.json': '{}',
  })) {
    mkdirSync(path.dirname(path.join(webRoot, file)), { recursive: true });
    writeFileSync(path.join(webRoot, file), content);
  }
  ctx = await createTestApp({ config: { webRoot, nodeEnv: 'production' } });
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const page = async (host = 'app.example.com', url = '/') =>
  ctx.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });
const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

test('the shell page allows script only from its own origin, no inline script, no framing', async () => {
  const res = await page();
  expect(res.statusCode).toBe(200);
  const csp = directives(String(res.headers['content-security-policy']));
  expect(csp['script-src']).toEqual(["'self'"]);
  expect(csp['connect-src']).toEqual(["'self'"]);
  expect(csp['default-src']).toEqual(["'self'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'self'"]);
  expect(res.headers['x-frame-options']).toBe('DENY');
  // SPA routes get the same policy.
  expect((await page('app.example.com', '/settings/profile')).headers['content-security-policy']).toBe(
    res.headers['content-security-policy'],
  );
});

test("remote origins come from the domain's registry (pins, canaries, the _default ones), never another domain's", async () => {
  await ctx.db.query(
    `INSERT INTO delivery_registry_overrides (domain, remote, version, canary_version, canary_percent) VALUES
       ('app.example.com', 'mfe_admin', 'https://cdn-a.example.net/mfe-admin/2.0.0/mf-manifest.json', 'https://canary.example.net/mfe-admin/2.1.0/mf-manifest.json', 10),
       ('_default', 'mfe_ai', 'https://cdn-default.example.net/mfe-ai/1.0.0/mf-manifest.json', NULL, NULL),
       ('other.example.org', 'mfe_ai', 'https://evil.example.org/mfe-ai/9.0.0/mf-manifest.json', NULL, NULL),
       ('app.example.com', 'mfe_settings', '1.2.0', NULL, NULL)`,
  );
  const csp = directives(String((await page('app.example.com:8080')).headers['content-security-policy']));
  const expected = [
    "'self'",
    'https://canary.example.net',
    'https://cdn-a.example.net',
    'https://cdn-default.example.net',
  ];
  expect(csp['script-src']).toEqual(expected);
  expect(csp['connect-src']).toEqual(expected);
  const other = directives(String((await page('other.example.org')).headers['content-security-policy']));
  expect(other['script-src']).toEqual(["'self'", 'https://cdn-default.example.net', 'https://evil.example.org']);
});

test('API answers cannot be framed (frame-ancestors none, X-Frame-Options DENY) and carry nosniff', async () => {
  for (const url of ['/api/health', '/api/me', '/api/campaign-types']) {
    const api = await ctx.app.inject({ method: 'GET', url });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    expect(api.headers['x-frame-options']).toBe('DENY');
  }
});

describe('outside production', () => {
  let dev: TestContext;
  beforeAll(async () => {
    // NODE_ENV unset, read the way the server reads it; behind one proxy that says whether it was HTTPS.
    const config = loadConfig({ TRUST_PROXY: '1' }, path.join(__dirname, '..', '..'));
    dev = await createTestApp({
      config: {
        webRoot,
        nodeEnv: config.nodeEnv,
        cspDevLoopback: config.cspDevLoopback,
        trustProxy: config.trustProxy,
      },
    });
  }, 180_000);
  afterAll(async () => {
    await dev?.close();
  });

  test('the page allows no loopback script origins unless a developer asks (CSP_DEV_LOOPBACK=1)', async () => {
    const res = await dev.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'localhost:8080', accept: 'text/html' },
    });
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    const asked = loadConfig({ CSP_DEV_LOOPBACK: '1' }, path.join(__dirname, '..', '..'));
    expect(asked.cspDevLoopback).toBe(true);
    expect(() =>
      loadConfig(
        {
          CSP_DEV_LOOPBACK: '1',
          NODE_ENV: 'production',
          APP_SECRET: 'x'.repeat(32),
          CHAT_WIDGET_SECRET: 'y'.repeat(32),
        },
        path.join(__dirname, '..', '..'),
      ),
    ).toThrow(/CSP_DEV_LOOPBACK/);
  });

  test('HSTS over HTTPS only', async () => {
    const https = await dev.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await dev.app.inject({ method: 'GET', url: '/api/health' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  test('CORS on purpose: the public API (every route that takes an API key) answers other origins; the rest stays same-origin', async () => {
    const doc = (await dev.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    };
    const keyPaths = Object.entries(doc.paths)
      .filter(([, ops]) => Object.values(ops).some((op) => op.security?.some((s) => 'apiKey' in s)))
      .map(([p]) => p.replace(/\{([^}]+)\}/g, '1'));
    expect(keyPaths.length).toBeGreaterThan(5);
    for (const url of keyPaths) {
      const preflight = await dev.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: 'https://partner.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-api-key, content-type',
        },
      });
      expect({ url, status: preflight.statusCode, origin: preflight.headers['access-control-allow-origin'] }).toEqual({
        url,
        status: 204,
        origin: '*',
      });
      expect(String(preflight.headers['access-control-allow-headers'])).toContain('x-api-key');
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    }
    for (const url of ['/api/me', '/api/campaigns', '/api/admin/users', '/auth/login']) {
      const res = await dev.app.inject({ method: 'GET', url, headers: { origin: 'https://partner.example' } });
      expect({ url, origin: res.headers['access-control-allow-origin'] }).toEqual({ url, origin: undefined });
    }
  });
});
