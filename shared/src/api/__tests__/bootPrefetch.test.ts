import { QueryClient } from '@tanstack/react-query';
import { mockApi } from '../../testing/mockApi';
import { BOOT_PREFETCH_GLOBAL, takeSettledBootPrefetch, type BootPrefetch } from '../bootPrefetch';
import { meQueryOptions } from '../../session/sessionQueries';
import { useSessionStore } from '../../session/sessionStore';
import { DEFAULT_BRANDING, brandingQueryOptions } from '../../theme/branding';

/** The network behind the one API client: every call answers `status` with `body`; returns the calls made. */
function fakeNetwork(status: number, body: unknown) {
  const api = mockApi(() => ({ status, body }));
  restore = api.restore;
  return api.calls;
}

const prefetched = (entries: BootPrefetch) => (window[BOOT_PREFETCH_GLOBAL] = entries);
const fromNetwork = { id: 2, email: 'network@leadsmith.test' };
const fromBoot = { id: 1, email: 'boot@leadsmith.test' };
let client: QueryClient;
let restore: (() => unknown) | undefined;

afterEach(() => restore?.());

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  delete window[BOOT_PREFETCH_GLOBAL];
});

describe('the session query and the boot prefetch', () => {
  it('takes the prefetched user once, then asks the API', async () => {
    const seen = fakeNetwork(200, fromNetwork);
    prefetched({ me: { key: 'tok', response: Promise.resolve(fromBoot) } });
    await expect(client.fetchQuery(meQueryOptions('tok'))).resolves.toEqual(fromBoot);
    expect(seen).toHaveLength(0);

    await expect(client.fetchQuery({ ...meQueryOptions('tok'), staleTime: 0 })).resolves.toEqual(fromNetwork);
    expect(seen.map((c) => c.url)).toEqual(['/api/me']);
  });

  it('never serves a user prefetched for another token, and drops it', async () => {
    const seen = fakeNetwork(200, fromNetwork);
    prefetched({ me: { key: 'old-token', response: Promise.resolve(fromBoot) } });
    await expect(client.fetchQuery(meQueryOptions('new-token'))).resolves.toEqual(fromNetwork);
    expect(seen).toHaveLength(1);
    expect(window[BOOT_PREFETCH_GLOBAL]?.me).toBeUndefined();
  });

  it('asks the API again when the prefetch failed, so its error surfaces the usual way', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const seen = fakeNetwork(401, { message: 'Unauthenticated.' });
    prefetched({ me: { key: 'tok', response: Promise.reject(new Error('GET /api/me answered 401')) } });
    await expect(client.fetchQuery(meQueryOptions('tok'))).rejects.toThrow('status code 401');
    expect(seen).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('boot prefetch "me" failed'), expect.any(Error));
    warn.mockRestore();
  });

  it('drops every prefetch when the session changes (sign-in, sign-out)', () => {
    prefetched({ me: { key: 'tok', response: Promise.resolve(fromBoot), settled: { data: fromBoot } } });
    useSessionStore.getState().setToken(null);
    expect(window[BOOT_PREFETCH_GLOBAL]).toBeUndefined();
    expect(takeSettledBootPrefetch('me', 'tok')).toBeUndefined();
  });

  it('hands a settled answer over synchronously, once, and only for its key', () => {
    prefetched({ me: { key: 'tok', response: Promise.resolve(fromBoot), settled: { data: fromBoot } } });
    expect(takeSettledBootPrefetch('me', 'other')).toBeUndefined();
    expect(takeSettledBootPrefetch('me', 'tok')).toEqual({ data: fromBoot });
    expect(takeSettledBootPrefetch('me', 'tok')).toBeUndefined();
  });
});

describe('branding and the boot prefetch', () => {
  it('takes the prefetched site settings of this domain over the defaults', async () => {
    const seen = fakeNetwork(200, {});
    prefetched({ branding: { key: 'reseller.example', response: Promise.resolve({ name: 'Acme Leads' }) } });
    const branding = await client.fetchQuery(brandingQueryOptions('reseller.example'));
    expect(branding).toEqual({ ...DEFAULT_BRANDING, name: 'Acme Leads' });
    expect(seen).toHaveLength(0);
  });

  it('falls back to the API, then to the defaults, when the prefetch failed', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const seen = fakeNetwork(500, {});
    prefetched({
      branding: {
        key: 'reseller.example',
        response: Promise.reject(new Error('POST /api/site-settings answered 500')),
      },
    });
    await expect(client.fetchQuery(brandingQueryOptions('reseller.example'))).resolves.toEqual(DEFAULT_BRANDING);
    expect(seen.map((c) => c.url)).toEqual(['/api/site-settings']);
    warn.mockRestore();
  });
});
