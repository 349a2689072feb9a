import { screen } from '@testing-library/react';
import { AreaRoutes, flattenRoutePaths, type AreaRouteConfig } from '../AreaRoutes';
import { renderWithProviders } from '../../testing';
import { registerAreaTranslations } from '../../i18n/i18n';

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

  it('flattens a route table into its paths', () => {
    expect(flattenRoutePaths(routes)).toEqual(['', 'things', 'things/create', 'me', 'me/profile']);
  });
});
