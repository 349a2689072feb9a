import { applyDevOverrides, parseRegistry } from '../remoteRegistry';

describe('parseRegistry', () => {
  it('accepts a well-formed registry', () => {
    const registry = parseRegistry({ remotes: { mfe_admin: { version: '1.2.0', manifestUrl: '/remotes/mfe-admin/1.2.0/mf-manifest.json' } } });
    expect(registry.remotes.mfe_admin?.version).toBe('1.2.0');
  });

  it('fails loudly naming the bad key', () => {
    expect(() => parseRegistry(null)).toThrow('"remotes" must be an object');
    expect(() => parseRegistry({ remotes: { mfe_ai: { manifestUrl: '/x.json' } } })).toThrow('"remotes.mfe_ai.version"');
    expect(() => parseRegistry({ remotes: { mfe_ai: { version: '1.0.0', manifestUrl: 'javascript:alert(1)' } } })).toThrow('"remotes.mfe_ai.manifestUrl"');
  });
});

describe('applyDevOverrides', () => {
  const base = parseRegistry({ remotes: { mfe_admin: { version: '1.0.0', manifestUrl: '/remotes/mfe-admin/1.0.0/mf-manifest.json' } } });
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));

  it('points a remote at a local dev server', () => {
    const out = applyDevOverrides(base, JSON.stringify({ mfe_admin: 'http://localhost:3005/mf-manifest.json' }));
    expect(out.remotes.mfe_admin).toEqual({ version: 'dev', manifestUrl: 'http://localhost:3005/mf-manifest.json' });
  });

  it('refuses anything but loopback, and ignores junk', () => {
    expect(applyDevOverrides(base, JSON.stringify({ mfe_admin: 'https://evil.example/mf-manifest.json' }))).toEqual(base);
    expect(applyDevOverrides(base, 'not json')).toEqual(base);
    expect(applyDevOverrides(base, null)).toBe(base);
  });
});
