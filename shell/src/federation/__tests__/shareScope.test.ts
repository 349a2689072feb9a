import { satisfy } from '@module-federation/enhanced/runtime';
import { analyseShareScope, type ShareScopeLike } from '../shareScope';

const entry = (
  version: string,
  from: string,
  requiredVersion: string | false,
  extra: { loaded?: boolean; useIn?: string[] } = {},
) => ({
  version,
  from,
  shareConfig: { singleton: true, requiredVersion },
  ...extra,
});

describe('analyseShareScope', () => {
  it('reports nothing when every container offers the version in use', () => {
    const scope: ShareScopeLike = {
      default: {
        react: { '19.3.1': entry('19.3.1', 'shell', '^19.3.1', { loaded: true, useIn: ['shell', 'mfe_admin'] }) },
      },
    };
    const { shared, mismatches } = analyseShareScope(scope, satisfy);
    expect(mismatches).toEqual([]);
    expect(shared).toEqual([
      {
        name: 'react',
        inUse: '19.3.1',
        from: 'shell',
        registered: [
          { version: '19.3.1', from: 'shell', requiredVersion: '^19.3.1' },
          { version: '19.3.1', from: 'mfe_admin', requiredVersion: '^19.3.1' },
        ],
      },
    ]);
  });

  it('flags a remote that offers another version, and whether the singleton in use satisfies its range', () => {
    const scope: ShareScopeLike = {
      default: {
        zustand: {
          '5.1.0': entry('5.1.0', 'shell', '^5.1.0', { loaded: true }),
          '6.0.0': entry('6.0.0', 'mfe_whitelabel', '^6.0.0'),
          '5.1.2': entry('5.1.2', 'mfe_admin', '^5.1.0'),
        },
      },
    };
    const { shared, mismatches } = analyseShareScope(scope, satisfy);
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
  });

  it('does not guess a version in use before any container loaded the package', () => {
    const scope: ShareScopeLike = {
      default: {
        i18next: { '26.7.2': entry('26.7.2', 'shell', '^26.7.2'), '27.0.0': entry('27.0.0', 'mfe_ai', '^27.0.0') },
      },
    };
    const { shared, mismatches } = analyseShareScope(scope, satisfy);
    expect(shared[0]?.inUse).toBeNull();
    expect(mismatches).toEqual([]);
    expect(analyseShareScope({}, satisfy)).toEqual({ shared: [], mismatches: [] });
  });
});
