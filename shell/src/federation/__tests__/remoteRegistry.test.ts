import { applyDevOverrides, browserSessionId, parseRegistry } from '../remoteRegistry';

describe('parseRegistry', () => {
  it('accepts a well-formed registry', () => {
    const registry = parseRegistry({
      remotes: { mfe_admin: { version: '1.2.0', manifestUrl: '/remotes/mfe-admin/1.2.0/mf-manifest.json' } },
    });
    expect(registry.remotes.mfe_admin?.version).toBe('1.2.0');
  });

  it('fails loudly naming the bad key', () => {
    expect(() => parseRegistry(null)).toThrow('"remotes" must be an object');
    expect(() => parseRegistry({ remotes: { mfe_ai: { manifestUrl: '/x.json' } } })).toThrow(
      '"remotes.mfe_ai.version"',
    );
    expect(() =>
      parseRegistry({ remotes: { mfe_ai: { version: '1.0.0', manifestUrl: 'javascript:alert(1)' } } }),
    ).toThrow('"remotes.mfe_ai.manifestUrl"');
  });
});

describe('applyDevOverrides', () => {
  const base = parseRegistry({
    remotes: { mfe_admin: { version: '1.0.0', manifestUrl: '/remotes/mfe-admin/1.0.0/mf-manifest.json' } },
  });
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));

  it('points a remote at a local dev server', () => {
    const out = applyDevOverrides(base, JSON.stringify({ mfe_admin: 'http://localhost:3005/mf-manifest.json' }));
    expect(out.remotes.mfe_admin).toEqual({ version: 'dev', manifestUrl: 'http://localhost:3005/mf-manifest.json' });
  });

  it('refuses anything but loopback, and ignores junk', () => {
    expect(applyDevOverrides(base, JSON.stringify({ mfe_admin: 'https://evil.example/mf-manifest.json' }))).toEqual(
      base,
    );
    expect(applyDevOverrides(base, 'not json')).toEqual(base);
    expect(applyDevOverrides(base, null)).toBe(base);
  });
});

describe('registry overrides and the canary subject', () => {
  it('keeps the source an override set', () => {
    const registry = parseRegistry({
      remotes: {
        mfe_whitelabel: {
          version: '1.1.0',
          manifestUrl: '/remotes/mfe-whitelabel/1.1.0/mf-manifest.json',
          source: 'canary',
        },
      },
    });
    expect(registry.remotes.mfe_whitelabel).toEqual({
      version: '1.1.0',
      manifestUrl: '/remotes/mfe-whitelabel/1.1.0/mf-manifest.json',
      source: 'canary',
    });
  });

  it('gives a browser one stable session id for canary decisions', () => {
    window.localStorage.clear();
    const first = browserSessionId();
    expect(first).toMatch(/^[0-9a-f]{24}$/);
    expect(browserSessionId()).toBe(first);
    window.localStorage.setItem('leadsmith:registry-sid', 'bad id!');
    expect(browserSessionId()).not.toBe('bad id!');
  });
});
