import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync, gzipSync } from 'node:zlib';
import { buildApp } from '../src/app';
import { createTestApp, json, testConfig, type TestContext } from './helpers';

/** Writes `files` (relative path → content) under `root`. */
function writeTree(root: string, files: Record<string, string | Buffer>): void {
  for (const [file, content] of Object.entries(files)) {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
}

const manifest = (name: string, version: string) => JSON.stringify({ id: name, name, metaData: { version } });
const BIG_JS = `console.log(${JSON.stringify('leadsmith '.repeat(500))});\n`;
const PRE_GZIP = gzipSync(BIG_JS, { level: 1 });
const PRE_BROTLI = brotliCompressSync(BIG_JS, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2 } });

describe('web root: remote registry and static files', () => {
  let ctx: TestContext;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'leadsmith-web-'));
    writeTree(webRoot, {
      'shell/dist/index.html':
        '<!doctype html><title>Platform</title><link rel="icon" id="app-favicon" href="data:," /><p>The shell page</p>',
      'shell/dist/main.0a1b2c3d.js': BIG_JS,
      // A build's precompressed copies (shared/compressAssetsPlugin.cjs), made differently from what the server would make.
      'shell/dist/chunk.1a2b3c4d.js': BIG_JS,
      'shell/dist/chunk.1a2b3c4d.js.gz': PRE_GZIP,
      'mfe-admin/dist/1.10.0/chunk.js': BIG_JS,
      'mfe-admin/dist/1.10.0/chunk.js.br': PRE_BROTLI,
      'shell/dist/favicon.ico': 'icon',
      // Numeric, not lexical, order: 0.10.0 > 0.9.0.
      'mfe-settings/dist/0.9.0/mf-manifest.json': manifest('mfe_settings', '0.9.0'),
      'mfe-settings/dist/0.10.0/mf-manifest.json': manifest('mfe_settings', '0.10.0'),
      // A release outranks its pre-release.
      'mfe-ai/dist/1.0.0-rc.1/mf-manifest.json': manifest('mfe_ai', '1.0.0-rc.1'),
      'mfe-ai/dist/1.0.0/mf-manifest.json': manifest('mfe_ai', '1.0.0'),
      // 3.0.0 has no manifest (half-uploaded) and "latest" is not a version: both ignored.
      'mfe-admin/dist/1.2.0/mf-manifest.json': manifest('mfe_admin', '1.2.0'),
      'mfe-admin/dist/1.10.0/mf-manifest.json': manifest('mfe_admin', '1.10.0'),
      'mfe-admin/dist/1.10.0/remoteEntry.js': BIG_JS,
      'mfe-admin/dist/1.10.0/__federation_expose_mount.4e5f6a7b.js': 'export {}',
      'mfe-admin/dist/3.0.0/remoteEntry.js': 'partial',
      'mfe-admin/dist/latest/mf-manifest.json': manifest('mfe_admin', 'latest'),
      // Built but empty: omitted. mfe-lead-search has no dist at all: omitted.
      'mfe-whitelabel/dist/.keep': '',
      // Things that must never be served.
      'secret.txt': 'TOP SECRET',
      'shell/secret.txt': 'SHELL SECRET',
      'other/dist/1.0.0/mf-manifest.json': manifest('other', '1.0.0'),
    });
    ctx = await createTestApp({ config: { webRoot } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });
  const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

  test('the registry lists the highest built version of each remote', async () => {
    const response = await get('/api/remote-registry?domain=localhost:8080');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(json(response)).toEqual({
      remotes: {
        mfe_settings: { version: '0.10.0', manifestUrl: '/remotes/mfe-settings/0.10.0/mf-manifest.json' },
        mfe_ai: { version: '1.0.0', manifestUrl: '/remotes/mfe-ai/1.0.0/mf-manifest.json' },
        mfe_admin: { version: '1.10.0', manifestUrl: '/remotes/mfe-admin/1.10.0/mf-manifest.json' },
      },
    });
  });

  test('a new build shows up without a restart', async () => {
    writeTree(webRoot, { 'mfe-lead-search/dist/2.0.0/mf-manifest.json': manifest('mfe_lead_search', '2.0.0') });
    const body = json<{ remotes: Record<string, { version: string }> }>(await get('/api/remote-registry'));
    expect(body.remotes.mfe_lead_search).toEqual({
      version: '2.0.0',
      manifestUrl: '/remotes/mfe-lead-search/2.0.0/mf-manifest.json',
    });
  });

  test('every manifestUrl in the registry is served, with CORS and no-cache', async () => {
    const { remotes } = json<{ remotes: Record<string, { manifestUrl: string; version: string }> }>(
      await get('/api/remote-registry'),
    );
    for (const [name, entry] of Object.entries(remotes)) {
      const response = await get(entry.manifestUrl);
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(json(response)).toMatchObject({ name, metaData: { version: entry.version } });
    }
  });

  test('remoteEntry.js revalidates; content-hashed chunks are immutable', async () => {
    const entry = await get('/remotes/mfe-admin/1.10.0/remoteEntry.js');
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['content-type']).toMatch(/javascript/);
    const chunk = await get('/remotes/mfe-admin/1.10.0/__federation_expose_mount.4e5f6a7b.js');
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('a missing file under /remotes is a real 404, never the SPA page', async () => {
    for (const url of [
      '/remotes/mfe-admin/1.10.0/missing.js',
      '/remotes/mfe-admin/9.9.9/mf-manifest.json',
      '/remotes/mfe-lead-search/1.0.0/mf-manifest.json',
      '/remotes/other/1.0.0/mf-manifest.json',
      '/remotes/mfe-admin/latest/mf-manifest.json',
      '/remotes/mfe-admin/1.10.0/',
    ]) {
      const response = await get(url, html);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(json(response).code).toBe('not_found');
    }
  });

  test('path traversal is refused, encoded or not', async () => {
    for (const url of [
      '/remotes/mfe-admin/1.10.0/../../../../secret.txt',
      '/remotes/mfe-admin/1.10.0/%2e%2e/%2e%2e/%2e%2e/%2e%2e/secret.txt',
      '/remotes/mfe-admin/1.10.0/..%2f..%2f..%2f..%2fsecret.txt',
      '/remotes/mfe-admin/1.10.0/..%5c..%5c..%5c..%5csecret.txt',
      '/remotes/mfe-admin/..%2f..%2f..%2f/secret.txt',
      '/remotes/..%2f..%2f/1.0.0/secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/../secret.txt',
      '/..%5csecret.txt',
    ]) {
      const response = await get(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.body).not.toContain('SECRET');
    }
  });

  test('/ and any HTML navigation get the shell index.html (no-cache)', async () => {
    for (const url of ['/', '/lead-search/saved-lists/people-12', '/settings/profile?tab=email', '/index.html']) {
      const response = await get(url, html);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('The shell page');
      expect(response.body).toContain('<title>Leadsmith</title>'); // the platform's own domain row
    }
  });

  test("on a reseller's domain the shell page carries its name and favicon, never the platform's", async () => {
    await ctx.db.query(
      `INSERT INTO business_settings (domain, name, favicon) VALUES ('riley.test', 'Riley <Leads>', 'https://cdn.riley.test/favicon.png')`,
    );
    const page = await get('/login', { ...html, host: 'riley.test:8443' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Riley &lt;Leads&gt;</title>');
    expect(page.body).toContain('<link rel="icon" id="app-favicon" href="https://cdn.riley.test/favicon.png" />');
    expect(page.body).not.toMatch(/leadsmith|platform/i);
    // Its API documentation page and document too.
    const docs = await get('/api/docs/', { host: 'riley.test' });
    expect(docs.body).toContain('<title>Riley &lt;Leads&gt; API</title>');
    expect(json<{ info: { title: string } }>(await get('/api/docs/json', { host: 'riley.test' })).info.title).toBe(
      'Riley <Leads> API',
    );
    await ctx.db.query(`DELETE FROM business_settings WHERE domain = 'riley.test'`);
  });

  test('shell files are served; hashed ones are immutable; a missing asset is 404', async () => {
    const main = await get('/main.0a1b2c3d.js');
    expect(main.statusCode).toBe(200);
    expect(main.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/favicon.ico')).headers['cache-control']).toBe('no-cache');
    const missing = await get('/main.ffffffff.js', { accept: '*/*' });
    expect(missing.statusCode).toBe(404);
  });

  test('/api and /auth never fall back to the SPA page', async () => {
    for (const url of ['/api/unknown', '/auth/unknown', '/api', '/remotes']) {
      const response = await get(url, html);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  test('JS, JSON and HTML are compressed with brotli or gzip when asked', async () => {
    const br = await get('/remotes/mfe-admin/1.10.0/remoteEntry.js', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    const gz = await get('/main.0a1b2c3d.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await get('/main.0a1b2c3d.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  test("a build's precompressed copy is sent as it is, not compressed again per response", async () => {
    const gz = await get('/chunk.1a2b3c4d.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Buffer.compare(gz.rawPayload, PRE_GZIP)).toBe(0);
    expect(gz.headers['cache-control']).toContain('immutable');
    const br = await get('/remotes/mfe-admin/1.10.0/chunk.js', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Buffer.compare(br.rawPayload, PRE_BROTLI)).toBe(0);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    // No copy for that encoding: compressed as it goes; none accepted: the file itself.
    const onTheFly = await get('/remotes/mfe-admin/1.10.0/chunk.js', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(onTheFly.rawPayload).toString()).toBe(BIG_JS);
    const plain = await get('/chunk.1a2b3c4d.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  test('without a shell build, navigations get a 503 that says what to do', async () => {
    const emptyRoot = mkdtempSync(path.join(tmpdir(), 'leadsmith-empty-'));
    const app = buildApp({ db: ctx.db, config: testConfig({ webRoot: emptyRoot }), clock: ctx.clock });
    try {
      const response = await app.inject({ url: '/login', headers: html });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('npm run build');
      // Its registry is the shared one (the other instance's builds, on the same database), not its empty disk.
      expect(json(await app.inject({ url: '/api/remote-registry' }))).toEqual(
        json(await ctx.app.inject({ url: '/api/remote-registry' })),
      );
    } finally {
      await app.close();
      rmSync(emptyRoot, { recursive: true, force: true });
    }
  });
});

describe('remote registry on two instances (a rolling deploy)', () => {
  let oldRoot: string;
  let newRoot: string;
  let ctx: TestContext;

  beforeAll(async () => {
    oldRoot = mkdtempSync(path.join(tmpdir(), 'leadsmith-old-'));
    newRoot = mkdtempSync(path.join(tmpdir(), 'leadsmith-new-'));
    writeTree(oldRoot, {
      'mfe-settings/package.json': JSON.stringify({ version: '1.0.0' }),
      'mfe-settings/dist/1.0.0/mf-manifest.json': manifest('mfe_settings', '1.0.0'),
      'mfe-ai/package.json': JSON.stringify({ version: '2.0.0' }),
      'mfe-ai/dist/2.0.0/mf-manifest.json': manifest('mfe_ai', '2.0.0'),
    });
    // The new image keeps the previous release and adds 1.1.0; mfe-ai is unchanged.
    writeTree(newRoot, {
      'mfe-settings/package.json': JSON.stringify({ version: '1.1.0' }),
      'mfe-settings/dist/1.0.0/mf-manifest.json': manifest('mfe_settings', '1.0.0'),
      'mfe-settings/dist/1.1.0/mf-manifest.json': manifest('mfe_settings', '1.1.0'),
      'mfe-ai/package.json': JSON.stringify({ version: '2.0.0' }),
      'mfe-ai/dist/2.0.0/mf-manifest.json': manifest('mfe_ai', '2.0.0'),
    });
    ctx = await createTestApp({ config: { webRoot: oldRoot } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(oldRoot, { recursive: true, force: true });
    rmSync(newRoot, { recursive: true, force: true });
  });

  const registry = async (app: { inject: TestContext['app']['inject'] }) =>
    json<{ remotes: Record<string, { version: string }> }>(await app.inject({ url: '/api/remote-registry' })).remotes;

  test('every instance gives the same answer, whatever its own disk holds, and an old instance does not take the default back', async () => {
    expect(await registry(ctx.app)).toMatchObject({ mfe_settings: { version: '1.0.0' }, mfe_ai: { version: '2.0.0' } });

    // The first instance of the new release starts next to the old one, on the same database.
    const fresh = buildApp({ db: ctx.db, config: testConfig({ webRoot: newRoot }), clock: ctx.clock });
    // An old instance restarting during the deploy.
    const restarted = buildApp({ db: ctx.db, config: testConfig({ webRoot: oldRoot }), clock: ctx.clock });
    try {
      const answers = [await registry(fresh), await registry(ctx.app), await registry(restarted)];
      for (const answer of answers) {
        expect(answer).toEqual({
          mfe_settings: { version: '1.1.0', manifestUrl: '/remotes/mfe-settings/1.1.0/mf-manifest.json' },
          mfe_ai: { version: '2.0.0', manifestUrl: '/remotes/mfe-ai/2.0.0/mf-manifest.json' },
        });
      }
    } finally {
      await fresh.close();
      await restarted.close();
    }
  });
});
