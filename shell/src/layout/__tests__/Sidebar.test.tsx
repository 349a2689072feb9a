import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, sessionKeys, useSessionStore, type User } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { Sidebar } from '../Sidebar';

function renderFor(slugs: User['modules'][number]['slug'][], route = '/settings/business-profile') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  useSessionStore.setState({ token: 't' });
  queryClient.setQueryData(sessionKeys.me('t'), {
    first_name: 'A',
    last_name: 'B',
    modules: slugs.map((slug, i) => ({ id: i + 1, slug, name: slug })),
  } as User);
  renderWithProviders(<Sidebar />, { route, queryClient });
  return screen.getByRole('navigation', { name: 'Main navigation' });
}

const groupTitles = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

let api: ReturnType<typeof mockApi>;
let menuLinks: { title: string; url: string }[] = [];
beforeEach(() => {
  menuLinks = [];
  api = mockApi((call) =>
    call.url === '/api/whitelabel/menu-links' ? { status: 200, body: { data: menuLinks } } : undefined,
  );
});
afterEach(() => api.restore());

describe('Sidebar', () => {
  it('shows every group, Resources and Wallet to a user holding all modules, admin last', () => {
    const nav = renderFor(['ai_suggest', 'leads', 'whitelabel', 'admin', 'wallet']);
    expect(groupTitles(nav)).toEqual([
      'Settings',
      'AI tools',
      'Lead search',
      'White-label',
      'Resources',
      'Super admin',
    ]);
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

  it("shows the reseller's custom links to its customers under Resources, in a new tab, titles as text, http(s) only", async () => {
    menuLinks = [
      { title: 'Help desk', url: 'https://help.acme.example/start' },
      { title: '<img src=x onerror=alert(1)>', url: 'http://status.acme.example' },
      { title: 'Sneaky', url: 'javascript:alert(2)' },
      { title: 'Data', url: 'data:text/html,<script>alert(3)</script>' },
    ];
    const nav = renderFor(['leads', 'wallet']);
    const help = await within(nav).findByRole('link', { name: /Help desk/ });
    expect(groupTitles(nav)).toEqual(['Settings', 'Lead search', 'Resources']);
    expect(help).toHaveAttribute('href', 'https://help.acme.example/start');
    expect(help).toHaveAttribute('target', '_blank');
    expect(help).toHaveAttribute('rel', 'noopener noreferrer');
    expect(help).toHaveTextContent('(opens in a new tab)');
    const payload = within(nav).getByRole('link', { name: /<img src=x onerror=alert\(1\)>/ });
    expect(payload).toHaveAttribute('href', 'http://status.acme.example');
    expect(nav.querySelector('img')).toBeNull();
    expect(within(nav).queryByRole('link', { name: /Sneaky|Data/ })).toBeNull();
    expect(within(nav).getAllByTestId('sidebar-custom-link')).toHaveLength(2);
    // The built-in white-label resources stay for white-label users only.
    expect(within(nav).queryByRole('link', { name: /Roadmap/ })).toBeNull();
  });

  it('adds the custom links after the built-in resources for a white-label user', async () => {
    menuLinks = [{ title: 'Partner portal', url: 'https://partners.acme.example' }];
    const nav = renderFor(['whitelabel']);
    await within(nav).findByRole('link', { name: /Partner portal/ });
    expect(groupTitles(nav)).toEqual(['Settings', 'White-label', 'Resources']);
    const links = within(screen.getByTestId('sidebar-group-resources')).getAllByRole('link');
    expect(links.at(-1)).toHaveTextContent('Partner portal');
    expect(links.some((l) => /Roadmap/.test(l.textContent ?? ''))).toBe(true);
  });

  it('collapses to icons with the labels kept as names and tooltips, and remembers the choice', async () => {
    localStorage.removeItem(STORAGE_KEYS.sidebarCollapsed);
    const nav = renderFor(['leads']);
    const toggle = within(nav).getByRole('button', { name: 'Collapse sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Saved lists' })).not.toHaveAttribute('title');
    // Every link carries its icon, hidden from assistive technology.
    expect(
      within(nav).getByRole('link', { name: 'Saved lists' }).querySelector('svg[aria-hidden="true"]'),
    ).not.toBeNull();

    await userEvent.click(toggle);
    expect(nav).toHaveClass('ls-nav--collapsed');
    expect(within(nav).getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).getByRole('link', { name: 'Saved lists' })).toHaveAttribute('title', 'Saved lists');
    expect(localStorage.getItem(STORAGE_KEYS.sidebarCollapsed)).toBe('1');

    // A new visit draws it collapsed; expanding forgets the choice.
    cleanup();
    const again = renderFor(['leads']);
    expect(again).toHaveClass('ls-nav--collapsed');
    await userEvent.click(within(again).getByRole('button', { name: 'Expand sidebar' }));
    expect(again).not.toHaveClass('ls-nav--collapsed');
    expect(localStorage.getItem(STORAGE_KEYS.sidebarCollapsed)).toBeNull();
  });
});
