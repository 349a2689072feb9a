import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { BOOT_PREFETCH_GLOBAL, DEFAULT_BRANDING, brandingQueryOptions, sessionKeys } from '@leadsmith/shared';
import { mockApi } from '@leadsmith/shared/testing';
import { registryQueryOptions } from '../../federation/remoteRegistry';
import { seedFromBootPrefetch } from '../seedFromBootPrefetch';

const BOOT_SCRIPT = readFileSync(path.join(__dirname, '../../../public/boot-prefetch.js'), 'utf8');
const DOMAIN = window.location.hostname;
const user = { id: 7, email: 'admin@leadsmith.test' };
const registry = {
  remotes: { mfe_admin: { version: '1.0.0', manifestUrl: '/remotes/mfe-admin/1.0.0/mf-manifest.json' } },
};

/** What the API answers the boot script's fetch calls. */
function fakeFetch() {
  const calls: { url: string; init: RequestInit }[] = [];
  const answer = (url: string) =>
    url === '/api/me' ? user : url.startsWith('/api/remote-registry') ? registry : { name: 'Acme Leads' };
  window.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return { ok: true, status: 200, json: async () => answer(String(url)) } as Response;
  });
  return calls;
}

/** The API behind the shared client: any call here means a prefetch was not used. */
function axiosCalls() {
  const api = mockApi(() => ({ status: 200, body: registry }));
  restoreApi = api.restore;
  return api.calls;
}

const runBootScript = () => new Function(BOOT_SCRIPT)();
const allSettled = () => Promise.all(Object.values(window[BOOT_PREFETCH_GLOBAL] ?? {}).map((e) => e.response));

let restoreApi: (() => unknown) | undefined;

beforeEach(() => delete window[BOOT_PREFETCH_GLOBAL]);
afterEach(() => restoreApi?.());

describe('boot prefetch script (shell/public/boot-prefetch.js)', () => {
  it('asks for the user, branding and registry with the stored token, as the queries would', async () => {
    localStorage.setItem('access_token', 'tok');
    localStorage.setItem('lang', 'fr');
    const calls = fakeFetch();
    runBootScript();
    await allSettled();
    const sid = localStorage.getItem('leadsmith:registry-sid');
    expect(sid).toMatch(/^[0-9a-f]{24}$/);
    expect(calls.map((c) => c.url).sort()).toEqual([
      '/api/me',
      `/api/remote-registry?domain=${DOMAIN}&sid=${sid}`,
      '/api/site-settings',
    ]);
    const me = calls.find((c) => c.url === '/api/me')!;
    expect(me.init.headers).toMatchObject({
      Authorization: 'Bearer tok',
      'User-Language': 'fr',
      Accept: 'application/json',
    });
    expect(JSON.parse(String(calls.find((c) => c.url === '/api/site-settings')!.init.body))).toEqual({
      domain: DOMAIN,
    });
  });

  it('signed out, asks for the branding only', async () => {
    const calls = fakeFetch();
    runBootScript();
    await allSettled();
    expect(calls.map((c) => c.url)).toEqual(['/api/site-settings']);
    expect(window[BOOT_PREFETCH_GLOBAL]?.me).toBeUndefined();
  });

  it('seeds the user and branding before the first render and hands the registry to its query', async () => {
    localStorage.setItem('access_token', 'tok');
    fakeFetch();
    const seen = axiosCalls();
    runBootScript();
    await allSettled();
    const client = new QueryClient();
    seedFromBootPrefetch(client, 'tok', DOMAIN);
    expect(client.getQueryData(sessionKeys.me('tok'))).toEqual(user);
    expect(client.getQueryData(brandingQueryOptions(DOMAIN).queryKey)).toEqual({
      ...DEFAULT_BRANDING,
      name: 'Acme Leads',
    });
    await expect(client.fetchQuery(registryQueryOptions(DOMAIN))).resolves.toEqual(registry);
    expect(seen).toHaveLength(0);
    // Taken once: a second read of the registry calls the API.
    await client.fetchQuery({ ...registryQueryOptions(DOMAIN), staleTime: 0 });
    expect(seen.map((c) => c.url)).toEqual(['/api/remote-registry']);
  });

  it('leaves an answer made for another token to the network', async () => {
    localStorage.setItem('access_token', 'tok');
    fakeFetch();
    const seen = axiosCalls();
    runBootScript();
    await allSettled();
    localStorage.setItem('access_token', 'someone-else');
    const client = new QueryClient();
    seedFromBootPrefetch(client, 'someone-else', DOMAIN);
    expect(client.getQueryData(sessionKeys.me('someone-else'))).toBeUndefined();
    await client.fetchQuery(registryQueryOptions(DOMAIN));
    expect(seen.map((c) => c.url)).toEqual(['/api/remote-registry']);
  });
});
