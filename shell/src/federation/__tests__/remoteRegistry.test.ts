import { parseRegistry } from '../remoteRegistry';

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
