import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO, bearer, createTestApp, json, login, type TestContext } from './helpers';
import type { ApiResponse } from '../../shared/src/api/contract';
import { canaryBucket } from '../src/web/remotes';

function writeTree(root: string, files: Record<string, string>): void {
  for (const [file, content] of Object.entries(files)) {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
}
const manifest = (name: string, version: string) => JSON.stringify({ id: name, name, metaData: { version } });

interface Entry {
  version: string;
  manifestUrl: string;
  source?: string;
}
type Registry = { remotes: { mfe_whitelabel: Entry; mfe_admin: Entry } };

describe('delivery: per-domain remote registry', () => {
  let ctx: TestContext;
  let webRoot: string;
  let admin: string;
  let reseller: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'leadsmith-delivery-'));
    writeTree(webRoot, {
      // The repository's current release is 1.0.0; 1.1.0 and 1.2.0-faults were built beside it with RELEASE_VERSION.
      'mfe-whitelabel/package.json': JSON.stringify({ name: 'mfe-whitelabel', version: '1.0.0' }),
      'mfe-whitelabel/dist/1.0.0/mf-manifest.json': manifest('mfe_whitelabel', '1.0.0'),
      'mfe-whitelabel/dist/1.1.0/mf-manifest.json': manifest('mfe_whitelabel', '1.1.0'),
      'mfe-whitelabel/dist/1.2.0-faults/mf-manifest.json': manifest('mfe_whitelabel', '1.2.0-faults'),
      // No package.json: the newest built stable release is the default.
      'mfe-admin/dist/2.0.0/mf-manifest.json': manifest('mfe_admin', '2.0.0'),
      'mfe-admin/dist/2.1.0-rc.1/mf-manifest.json': manifest('mfe_admin', '2.1.0-rc.1'),
    });
    ctx = await createTestApp({ config: { webRoot } });
    admin = await login(ctx.app, DEMO.admin);
    reseller = await login(ctx.app, DEMO.reseller);
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const registry = async (query: string, token?: string) => {
    const response = await ctx.app.inject({ url: `/api/remote-registry${query}`, headers: token ? bearer(token) : {} });
    expect(response.statusCode).toBe(200);
    return json<Registry>(response).remotes;
  };
  const put = (domain: string, remote: string, payload: object, token = admin) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/remote-registry/${domain}/${remote}`,
      headers: bearer(token),
      payload,
    });
  const del = (domain: string, remote: string, token = admin) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/admin/remote-registry/${domain}/${remote}`, headers: bearer(token) });

  test('the default is the current release, not the newest extra build', async () => {
    const remotes = await registry('?domain=reseller.example');
    expect(remotes.mfe_whitelabel).toEqual({
      version: '1.0.0',
      manifestUrl: '/remotes/mfe-whitelabel/1.0.0/mf-manifest.json',
    });
    expect(remotes.mfe_admin).toEqual({ version: '2.0.0', manifestUrl: '/remotes/mfe-admin/2.0.0/mf-manifest.json' });
  });

  test('only admins read or edit overrides (401 signed out, 403 without the admin module)', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/remote-registry' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/admin/remote-registry', headers: bearer(reseller) })).statusCode).toBe(
      403,
    );
    expect((await put('reseller.example', 'mfe_whitelabel', { version: '1.1.0' }, reseller)).statusCode).toBe(403);
    expect((await del('reseller.example', 'mfe_whitelabel', reseller)).statusCode).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/admin/remote-registry/reseller.example/mfe_whitelabel',
          payload: { version: '1.1.0' },
        })
      ).statusCode,
    ).toBe(401);
  });

  test('a pinned domain gets its version on the next registry read; other domains keep theirs', async () => {
    const saved = await put('Reseller.Example:443', 'mfe_whitelabel', { version: '1.1.0' });
    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toMatchObject({
      code: 'delivery.override_saved',
      override: { domain: 'reseller.example', remote: 'mfe_whitelabel', version: '1.1.0', canary: null },
    });

    expect((await registry('?domain=reseller.example')).mfe_whitelabel).toEqual({
      version: '1.1.0',
      manifestUrl: '/remotes/mfe-whitelabel/1.1.0/mf-manifest.json',
      source: 'pinned',
    });
    expect((await registry('?domain=other.example')).mfe_whitelabel.version).toBe('1.0.0');
    expect((await registry('')).mfe_whitelabel.version).toBe('1.0.0');
    // The pin touches that remote only.
    expect((await registry('?domain=reseller.example')).mfe_admin.version).toBe('2.0.0');

    const listed = json<ApiResponse<'/api/admin/remote-registry', 'get'>>(
      await ctx.app.inject({ url: '/api/admin/remote-registry?pageSize=10', headers: bearer(admin) }),
    );
    expect(listed.overrides).toMatchObject({
      total: 1,
      currentPage: 1,
      pageSize: 10,
      data: [{ domain: 'reseller.example', version: '1.1.0' }],
    });
    expect(listed.remotes.find((r) => r.remote === 'mfe_whitelabel')).toMatchObject({
      default_version: '1.0.0',
      versions: ['1.2.0-faults', '1.1.0', '1.0.0'],
    });

    expect((await del('reseller.example', 'mfe_whitelabel')).statusCode).toBe(200);
    expect((await registry('?domain=reseller.example')).mfe_whitelabel.version).toBe('1.0.0');
    expect((await del('reseller.example', 'mfe_whitelabel')).statusCode).toBe(404);
  });

  test('the _default override applies to every domain without its own; a domain override wins', async () => {
    expect((await put('_default', 'mfe_admin', { version: '2.1.0-rc.1' })).statusCode).toBe(200);
    expect((await put('pinned.example', 'mfe_admin', { version: '2.0.0' })).statusCode).toBe(200);
    expect((await registry('?domain=any.example')).mfe_admin).toMatchObject({
      version: '2.1.0-rc.1',
      source: 'pinned',
    });
    expect((await registry('?domain=pinned.example')).mfe_admin).toMatchObject({ version: '2.0.0', source: 'pinned' });
    await del('_default', 'mfe_admin');
    await del('pinned.example', 'mfe_admin');
    expect((await registry('?domain=any.example')).mfe_admin).toEqual({
      version: '2.0.0',
      manifestUrl: '/remotes/mfe-admin/2.0.0/mf-manifest.json',
    });
  });

  test('a canary is decided by a stable hash of the user (or session): same subject, same answer; the share matches the percent', async () => {
    expect(
      (await put('canary.example', 'mfe_whitelabel', { canary: { version: '1.1.0', percent: 30 } })).statusCode,
    ).toBe(200);
    const sids = Array.from({ length: 200 }, (_, i) => `session-${String(i).padStart(4, '0')}`);
    const versions: string[] = [];
    for (const sid of sids) versions.push((await registry(`?domain=canary.example&sid=${sid}`)).mfe_whitelabel.version);
    // Deterministic: asking again gives the same answer, and it matches the published bucket function.
    for (const [i, sid] of sids.slice(0, 20).entries()) {
      expect((await registry(`?domain=canary.example&sid=${sid}`)).mfe_whitelabel.version).toBe(versions[i]);
      expect(versions[i]).toBe(canaryBucket(`session:${sid}`, 'mfe_whitelabel', '1.1.0') < 30 ? '1.1.0' : '1.0.0');
    }
    const share = versions.filter((v) => v === '1.1.0').length / versions.length;
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.45);
    // Signed in, the user decides (not the session): the same user gets the same version from any browser.
    const asUser = (await registry('?domain=canary.example&sid=aaaaaaaa', admin)).mfe_whitelabel.version;
    expect((await registry('?domain=canary.example&sid=bbbbbbbb', admin)).mfe_whitelabel.version).toBe(asUser);
    // Without a subject nobody is canaried; other domains never are.
    expect((await registry('?domain=canary.example')).mfe_whitelabel.version).toBe('1.0.0');
    expect((await registry('?domain=other.example&sid=session-0001')).mfe_whitelabel.version).toBe('1.0.0');
    // 100% sends everyone.
    await put('canary.example', 'mfe_whitelabel', { version: '1.0.0', canary: { version: '1.1.0', percent: 100 } });
    expect((await registry('?domain=canary.example&sid=session-0002')).mfe_whitelabel).toMatchObject({
      version: '1.1.0',
      source: 'canary',
    });
    await del('canary.example', 'mfe_whitelabel');
  });

  test('validation: unknown versions are 422 naming the field; https URLs are accepted; bad input is 400', async () => {
    const missing = await put('reseller.example', 'mfe_whitelabel', { version: '9.9.9' });
    expect(missing.statusCode).toBe(422);
    expect(json(missing)).toMatchObject({ code: 'delivery.version_not_found', field: 'version' });
    expect(json(missing).message).toContain('9.9.9');

    const canary = await put('reseller.example', 'mfe_whitelabel', {
      version: '1.0.0',
      canary: { version: '3.0.0', percent: 10 },
    });
    expect(canary.statusCode).toBe(422);
    expect(json(canary)).toMatchObject({ code: 'delivery.version_not_found', field: 'canary.version' });

    for (const version of ['latest', '../1.0.0', 'http://cdn.example/mf-manifest.json']) {
      const bad = await put('reseller.example', 'mfe_whitelabel', { version });
      expect(bad.statusCode).toBe(422);
      expect(json(bad)).toMatchObject({ code: 'delivery.version_format', field: 'version' });
    }
    expect(json(await put('reseller.example', 'mfe_whitelabel', {}))).toMatchObject({
      code: 'delivery.override_empty',
      field: 'version',
    });

    const percent = await put('reseller.example', 'mfe_whitelabel', { canary: { version: '1.1.0', percent: 101 } });
    expect(percent.statusCode).toBe(400);
    expect(JSON.stringify(json(percent))).toContain('percent');
    expect((await put('reseller.example', 'mfe_unknown', { version: '1.0.0' })).statusCode).toBe(400);
    expect((await put('reseller.example', 'mfe_whitelabel', { version: '1.0.0', extra: 1 })).statusCode).toBe(400);

    const cdn = 'https://cdn.example.com/remotes/mfe-whitelabel/1.3.0/mf-manifest.json';
    expect((await put('cdn.example', 'mfe_whitelabel', { version: cdn })).statusCode).toBe(200);
    expect((await registry('?domain=cdn.example')).mfe_whitelabel).toEqual({
      version: '1.3.0',
      manifestUrl: cdn,
      source: 'pinned',
    });
    await del('cdn.example', 'mfe_whitelabel');
    const badSid = await ctx.app.inject({ url: '/api/remote-registry?domain=x&sid=bad%20id' });
    expect(badSid.statusCode).toBe(400);
    expect(badSid.body).toContain('sid');
  });
});
