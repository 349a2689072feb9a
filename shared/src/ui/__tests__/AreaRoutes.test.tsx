import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { AreaRoutes, flattenRoutePaths, preloadAreaScreen, type AreaRouteConfig } from '../AreaRoutes';
import { AreaRoot } from '../AreaRoot';
import { mockApi, renderWithProviders } from '../../testing';
import { registerAreaTranslations } from '../../i18n/i18n';
import { queryClient } from '../../api/queryClient';
import type { AreaMountProps } from '../../contract/areaContract';

registerAreaTranslations('demo', {
  en: { routes: { list: 'Things', create: 'Create thing', profile: 'Profile' } },
  es: { routes: { list: 'Cosas', create: 'Crear cosa', profile: 'Perfil' } },
  fr: { routes: { list: 'Choses', create: 'Créer', profile: 'Profil' } },
  de: { routes: { list: 'Dinge', create: 'Ding erstellen', profile: 'Profil' } },
});

const routes: AreaRouteConfig[] = [
  { path: '', redirectTo: 'things' },
  {
    path: 'things',
    titleKey: 'demo:routes.list',
    children: [{ path: 'create', titleKey: 'demo:routes.create', back: true }],
  },
  { path: 'me', redirectTo: 'profile', children: [{ path: 'profile', titleKey: 'demo:routes.profile' }] },
];

describe('AreaRoutes', () => {
  it('redirects the index to its default child', async () => {
    renderWithProviders(<AreaRoutes routes={routes} />, { route: '/' });
    expect(await screen.findByRole('heading', { name: 'Things' })).toBeInTheDocument();
  });

  it('renders nested screens with a back button where the spec has one', async () => {
    renderWithProviders(<AreaRoutes routes={routes} />, { route: '/things/create' });
    expect(await screen.findByRole('heading', { name: 'Create thing' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /back/i })).toBeInTheDocument();
  });

  it('follows a redirecting parent to its child', async () => {
    renderWithProviders(<AreaRoutes routes={routes} />, { route: '/me' });
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  });

  it('shows not-found for an unknown path inside the area', async () => {
    renderWithProviders(<AreaRoutes routes={routes} />, { route: '/things/create/extra' });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });

  it('renders a lazy screen once its code arrives, showing the route title and the loading state meanwhile', async () => {
    let arrive: (screen: ReactElement) => void = () => undefined;
    const load = jest.fn(() => new Promise<ReactElement>((resolve) => (arrive = resolve)));
    const lazyRoutes: AreaRouteConfig[] = [{ path: 'things', titleKey: 'demo:routes.list', lazy: load }];
    renderWithProviders(<AreaRoutes routes={lazyRoutes} />, { route: '/things' });

    expect(await screen.findByRole('heading', { name: 'Things' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => arrive(<p>the things screen</p>));
    expect(await screen.findByText('the things screen')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts fetching the screen a location will render before the area renders it, once', async () => {
    const load = jest.fn(() => Promise.resolve(<p>the profile screen</p>));
    const other = jest.fn(() => Promise.resolve(<p>another screen</p>));
    const lazyRoutes: AreaRouteConfig[] = [
      { path: 'me', redirectTo: 'profile', children: [{ path: 'profile', lazy: load }] },
      { path: 'things', lazy: other },
    ];
    preloadAreaScreen(lazyRoutes, '/area/me/profile', '/area');
    expect(load).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();

    renderWithProviders(<AreaRoutes routes={lazyRoutes} />, { route: '/me/profile' });
    expect(await screen.findByText('the profile screen')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('flattens a route table into its paths', () => {
    expect(flattenRoutePaths(routes)).toEqual(['', 'things', 'things/create', 'me', 'me/profile']);
  });
});

describe('AreaRoutes in an area whose screen code cannot be fetched', () => {
  const props = (pathname: string): AreaMountProps => ({
    contractVersion: '1.0.0',
    area: 'whitelabel',
    basename: '/whitelabel',
    location: { pathname, search: '', hash: '', state: null, key: 'k' },
    navigator: { navigate: jest.fn(), go: jest.fn() },
  });

  it("shows the area's could-not-be-loaded error with Retry, reported with the remote, and Retry fetches again", async () => {
    const api = mockApi(() => ({ status: 204, body: null }));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const load = jest.fn(async () => {
      if (fail) throw Object.assign(new Error('Loading chunk 512 failed.'), { name: 'ChunkLoadError' });
      return <p>the packages screen</p>;
    });
    const lazyRoutes: AreaRouteConfig[] = [{ path: 'packages', titleKey: 'demo:routes.list', lazy: load }];
    try {
      render(
        <AreaRoot {...props('/whitelabel/packages')} remote="mfe_whitelabel" remoteVersion="1.2.3">
          <AreaRoutes routes={lazyRoutes} />
        </AreaRoot>,
      );
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('White-label could not be loaded.');
      expect(api.calls.find((c) => c.url.includes('log-app-error'))?.body).toMatchObject({
        remote: 'mfe_whitelabel',
        remote_version: '1.2.3',
      });

      fail = false;
      await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('the packages screen')).toBeInTheDocument();
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      api.restore();
      queryClient.clear();
      jest.restoreAllMocks();
    }
  });
});
