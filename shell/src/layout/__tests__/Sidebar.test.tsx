import { screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { sessionKeys, useSessionStore, type User } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { Sidebar } from '../Sidebar';

function renderFor(slugs: User['modules'][number]['slug'][], route = '/settings/business-profile') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  useSessionStore.setState({ token: 't' });
  queryClient.setQueryData(sessionKeys.me('t'), { first_name: 'A', last_name: 'B', modules: slugs.map((slug, i) => ({ id: i + 1, slug, name: slug })) } as User);
  renderWithProviders(<Sidebar />, { route, queryClient });
  return screen.getByRole('navigation', { name: 'Main navigation' });
}

const groupTitles = (nav: HTMLElement) => within(nav).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('Sidebar', () => {
  it('shows every group, Resources and Wallet to a user holding all modules, admin last', () => {
    const nav = renderFor(['ai_suggest', 'leads', 'whitelabel', 'admin', 'wallet']);
    expect(groupTitles(nav)).toEqual(['Settings', 'AI tools', 'Lead search', 'White-label', 'Resources', 'Super admin']);
    expect(within(nav).getByRole('link', { name: 'Wallet' })).toHaveAttribute('href', '/settings/wallet');
  });

  it('shows only Settings, without Wallet, to a user with no modules', () => {
    const nav = renderFor([]);
    expect(groupTitles(nav)).toEqual(['Settings']);
    expect(within(nav).queryByRole('link', { name: 'Wallet' })).toBeNull();
  });

  it('hides Resources from users without white-label', () => {
    const nav = renderFor(['leads', 'wallet']);
    expect(groupTitles(nav)).toEqual(['Settings', 'Lead search']);
  });

  it('marks the item of the current path, including nested paths', () => {
    const nav = renderFor(['leads'], '/lead-search/saved-lists/people-4/12');
    expect(within(nav).getByRole('link', { name: 'Saved lists' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'New search' })).not.toHaveAttribute('aria-current');
  });

  it('opens external resources in a new tab, announced to screen readers', () => {
    const nav = renderFor(['whitelabel']);
    const roadmap = within(nav).getByRole('link', { name: /Roadmap/ });
    expect(roadmap).toHaveAttribute('target', '_blank');
    expect(roadmap).toHaveAttribute('rel', 'noopener noreferrer');
    expect(roadmap).toHaveTextContent('(opens in a new tab)');
  });
});
