import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, type RenderResult } from '@testing-library/react';
import path from 'node:path';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { i18n, registerAreaTranslations, type AreaTranslations } from '../i18n/i18n';
import { AreaRoutes, flattenRoutePaths, type AreaRouteConfig } from '../ui/AreaRoutes';
import { AreaContext } from '../ui/AreaContext';
import type { AreaMountProps } from '../contract/areaContract';
import type { User } from '../session/types';
import { useSessionStore } from '../session/sessionStore';
import { sessionKeys } from '../session/sessionQueries';
import { STORAGE_KEYS } from '../constants/limits';
import { createBrandSystem } from '../theme/theme';
import { DEFAULT_BRANDING, brandingQueryOptions } from '../theme/branding';
import { dynamicImports, staticGraph } from './importGraph';

export interface RenderOptions {
  route?: string;
  queryClient?: QueryClient;
}

/** Renders through the real providers (Chakra, Query, i18n, router) for component tests. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', queryClient }: RenderOptions = {},
): RenderResult & { queryClient: QueryClient } {
  const client = queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Branding is the shell's concern; component tests get the defaults without a request.
  client.setQueryData(brandingQueryOptions(window.location.hostname).queryKey, DEFAULT_BRANDING);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <ChakraProvider value={createBrandSystem(DEFAULT_BRANDING)}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </ChakraProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
  return Object.assign(render(ui, { wrapper }), { queryClient: client });
}

/** Every path of a route table, with `:params` filled, paired with the title key it must show. */
function routeCases(routes: AreaRouteConfig[], prefix = ''): { path: string; titleKey: string }[] {
  return routes.flatMap((r) => {
    const full = r.path === '' ? prefix : prefix ? `${prefix}/${r.path}` : r.path;
    const own =
      r.titleKey && !r.redirectTo && !r.element && !r.lazy
        ? [
            {
              path: `/${full.replace(/:[A-Za-z]+/g, (p) => (p === ':typeId' ? 'people-1' : '1'))}`,
              titleKey: r.titleKey,
            },
          ]
        : [];
    return [...own, ...routeCases(r.children ?? [], full)];
  });
}

const ALL_MODULES: User['modules'] = (['ai_suggest', 'leads', 'whitelabel', 'admin', 'wallet'] as const).map(
  (slug, i) => ({ id: i + 1, slug, name: slug }),
);

/**
 * Renders every title-only route of an area's table through AreaRoutes and
 * asserts it shows its translated title (not the not-found page). Built
 * screens (routes with an `element` or a `lazy` screen) are covered by their own tests.
 */
export function describeAreaRoutes(
  name: string,
  routes: AreaRouteConfig[],
  namespace: string,
  translations: AreaTranslations,
): void {
  registerAreaTranslations(namespace, translations);
  const cases = routeCases(routes);
  describe(`${name} route table`, () => {
    it('has at least one screen', () => expect(flattenRoutePaths(routes).length).toBeGreaterThan(0));
    // Once every screen of an area is built, no title-only route is left to check here.
    if (cases.length === 0) return;
    it.each(cases)('$path shows its title', async ({ path, titleKey }) => {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      localStorage.setItem(STORAGE_KEYS.token, 'test-token');
      useSessionStore.setState({ token: 'test-token' });
      client.setQueryData(sessionKeys.me('test-token'), { modules: ALL_MODULES } as User);
      const props: AreaMountProps = {
        contractVersion: '1.0.0',
        area: 'settings',
        basename: '/',
        location: { pathname: path, search: '', hash: '', state: null, key: 'k' },
        navigator: { navigate: jest.fn(), go: jest.fn() },
      };
      renderWithProviders(
        <AreaContext.Provider value={props}>
          <AreaRoutes routes={routes} />
        </AreaContext.Provider>,
        { route: path, queryClient: client },
      );
      expect(await screen.findByRole('heading', { level: 1, name: i18n.t(titleKey) })).toBeInTheDocument();
      expect(screen.queryByTestId('not-found')).toBeNull();
    });
    it.each(['es', 'fr', 'de'])('titles differ from English in %s where the words differ', async (lang) => {
      const translated = cases.filter(
        ({ titleKey }) => i18n.getFixedT(lang)(titleKey) !== i18n.getFixedT('en')(titleKey),
      );
      expect(translated.length).toBeGreaterThan(0);
      for (const { titleKey } of cases) expect(i18n.getFixedT(lang)(titleKey)).not.toBe(titleKey);
    });
  });
}
/**
 * The screens an area's route table loads on demand stay out of its mount chunk: none of them is reached by static
 * imports from the exposed `mount.tsx` (one would bring its code, and what it imports, into every visit of the area).
 */
export function describeLazyScreens(name: string, mountFile: string, routesFile: string): void {
  describe(`${name} lazy screens`, () => {
    const lazy = dynamicImports(routesFile);
    it('has screens loaded on demand', () => expect(lazy.length).toBeGreaterThan(0));
    it('keeps every one out of the mount chunk', () => {
      const mounted = staticGraph(mountFile).files;
      const root = path.dirname(routesFile);
      expect(lazy.filter((file) => mounted.has(file)).map((file) => path.relative(root, file))).toEqual([]);
    });
  });
}

export * from './mockApi';
export * from './importGraph';
