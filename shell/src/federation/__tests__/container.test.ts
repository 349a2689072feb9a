import { loadRemoteMount, parseManifest, RemoteManifestError, unprovidedShared } from '../container';
import { diagnosticsSnapshot } from '../diagnostics';

const manifest = (runtime: string | null = 'webpack-container') => ({
  name: 'mfe_admin',
  metaData: {
    globalName: 'mfe_admin',
    remoteEntry: { name: 'remoteEntry.js', path: '' },
    ...(runtime ? { runtime } : {}),
  },
  shared: [{ name: 'react', version: '19.3.1', requiredVersion: '^19.3.1' }],
  exposes: [
    { name: 'mount', path: './mount', assets: { js: { sync: ['__federation_expose_mount.1.js'], async: [] } } },
  ],
});

describe('parseManifest', () => {
  it('reads the entry, the global and the mount files', () => {
    const parsed = parseManifest('mfe_admin', manifest());
    expect(parsed.metaData.globalName).toBe('mfe_admin');
    expect(parsed.exposes[0]?.assets.js.sync).toEqual(['__federation_expose_mount.1.js']);
  });

  it('refuses a manifest built for another federation runtime, as final', () => {
    const parse = () => parseManifest('mfe_admin', manifest(null));
    expect(parse).toThrow(RemoteManifestError);
    expect(parse).toThrow('built for the federation runtime "unknown", the shell runs "webpack-container"');
    const thrown = (() => {
      try {
        return parse();
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toMatchObject({ name: 'RemoteManifestError', incompatible: true });
  });

  it('names what is missing', () => {
    expect(() => parseManifest('mfe_admin', { name: 'mfe_admin' })).toThrow('the manifest names no remote entry');
    expect(() => parseManifest('mfe_admin', { ...manifest(), exposes: [] })).toThrow('exposes no ./mount');
  });
});

describe('unprovidedShared', () => {
  const requiring = (requires: string[]) => {
    const m = manifest();
    return parseManifest('mfe_admin', { ...m, exposes: [{ ...m.exposes[0], requires }] });
  };
  const provider = { from: 'shell', get: async () => () => ({}) };

  it('names the shared packages the mount consumes that no container in the page provides', () => {
    const scope = { react: { '19.3.1': provider }, 'react/jsx-runtime': { '19.3.1': provider }, zustand: {} };
    expect(unprovidedShared(requiring(['react', 'react/jsx-runtime', 'zustand', 'react-hook-form']), scope)).toEqual([
      'zustand',
      'react-hook-form',
    ]);
  });

  it('has nothing to name when every package is provided, or the manifest lists none', () => {
    const scope = { react: { '19.3.1': provider } };
    expect(unprovidedShared(requiring(['react']), scope)).toEqual([]);
    expect(unprovidedShared(parseManifest('mfe_admin', manifest()), scope)).toEqual([]);
  });
});

/** What the loader reads of a fetch answer (jsdom has no Response). */
const answer = (status: number) => ({ ok: status < 400, status, json: async () => ({}) });

describe('loadRemoteMount', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('retries a manifest answering 5xx once, then stops at the final answer and records it', async () => {
    const statuses = [503, 404];
    const fetchMock = jest.fn(async () => answer(statuses.shift() ?? 0));
    global.fetch = fetchMock as unknown as typeof fetch;
    await expect(loadRemoteMount('mfe_admin', '/remotes/mfe-admin/1.0.0/mf-manifest.json')).rejects.toThrow(
      'manifest answered 404',
    );
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenCalledWith('/remotes/mfe-admin/1.0.0/mf-manifest.json', { cache: 'no-cache' });
    expect(diagnosticsSnapshot().manifestFetches.at(-1)).toMatchObject({
      url: '/remotes/mfe-admin/1.0.0/mf-manifest.json',
      status: 404,
    });
  });

  it('does not keep a failed load: the next call fetches again', async () => {
    const fetchMock = jest.fn(async () => answer(404));
    global.fetch = fetchMock as unknown as typeof fetch;
    const url = '/remotes/mfe-admin/2.0.0/mf-manifest.json';
    await expect(loadRemoteMount('mfe_admin', url)).rejects.toThrow('404');
    await expect(loadRemoteMount('mfe_admin', url)).rejects.toThrow('404');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
