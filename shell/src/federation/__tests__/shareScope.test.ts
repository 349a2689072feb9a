import satisfies from 'semver/functions/satisfies';
import type { ShareScope, SharedOffer } from '../container';
import { analyseShareScope, hasOtherVersions } from '../shareScope';

const offer = (container: string, name: string, version: string, requiredVersion: string | false): SharedOffer => ({
  container,
  name,
  version,
  requiredVersion,
});

describe('analyseShareScope', () => {
  it('reports nothing when every container offers the version in use', () => {
    // webpack's runtime keeps one provider per version: the remote's 19.3.1 does not replace the shell's.
    const scope: ShareScope = { react: { '19.3.1': { from: 'shell', loaded: 1 } } };
    const offers = [offer('mfe_admin', 'react', '19.3.1', '^19.3.1')];
    const { shared, mismatches } = analyseShareScope(scope, offers, satisfies);
    expect(mismatches).toEqual([]);
    expect(shared).toEqual([
      {
        name: 'react',
        inUse: '19.3.1',
        from: 'shell',
        registered: [
          { version: '19.3.1', from: 'shell', requiredVersion: false },
          { version: '19.3.1', from: 'mfe_admin', requiredVersion: '^19.3.1' },
        ],
      },
    ]);
    expect(hasOtherVersions(scope, offers)).toBe(false);
  });

  it('flags a remote that offers another version, and whether the singleton in use satisfies its range', () => {
    const scope: ShareScope = {
      zustand: {
        '5.1.0': { from: 'shell', loaded: 1 },
        '6.0.0': { from: 'mfe_whitelabel' },
        '5.1.2': { from: 'mfe_admin' },
      },
    };
    const offers = [
      offer('mfe_whitelabel', 'zustand', '6.0.0', '^6.0.0'),
      offer('mfe_admin', 'zustand', '5.1.2', '^5.1.0'),
    ];
    const { shared, mismatches } = analyseShareScope(scope, offers, satisfies);
    expect(shared[0]).toMatchObject({ name: 'zustand', inUse: '5.1.0', from: 'shell' });
    expect(mismatches).toEqual([
      {
        name: 'zustand',
        container: 'mfe_whitelabel',
        registeredVersion: '6.0.0',
        requiredVersion: '^6.0.0',
        inUse: '5.1.0',
        satisfied: false,
      },
      {
        name: 'zustand',
        container: 'mfe_admin',
        registeredVersion: '5.1.2',
        requiredVersion: '^5.1.0',
        inUse: '5.1.0',
        satisfied: true,
      },
    ]);
    expect(hasOtherVersions(scope, offers)).toBe(true);
  });

  it('does not guess a version in use before any container loaded the package', () => {
    const scope: ShareScope = {
      i18next: { '26.7.2': { from: 'shell' }, '27.0.0': { from: 'mfe_ai' } },
    };
    const offers = [offer('mfe_ai', 'i18next', '27.0.0', '^27.0.0')];
    const { shared, mismatches } = analyseShareScope(scope, offers, satisfies);
    expect(shared[0]?.inUse).toBeNull();
    expect(mismatches).toEqual([]);
    expect(hasOtherVersions(scope, offers)).toBe(false);
    expect(analyseShareScope({}, [], satisfies)).toEqual({ shared: [], mismatches: [] });
  });
});
