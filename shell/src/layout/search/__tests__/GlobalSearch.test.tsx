import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { Route, Routes, useLocation } from 'react-router';
import { i18n, loadLanguage, sessionKeys, useSessionStore, type User } from '@leadsmith/shared';
import { mockApi, renderWithProviders, type MockCall } from '@leadsmith/shared/testing';
import { GlobalSearch } from '../GlobalSearch';

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}

function renderFor(slugs: User['modules'][number]['slug'][]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  useSessionStore.setState({ token: 't' });
  queryClient.setQueryData(sessionKeys.me('t'), {
    first_name: 'A',
    last_name: 'B',
    email: 'a@b.test',
    user_type: 'customer',
    modules: slugs.map((slug, i) => ({ id: i + 1, slug, name: slug })),
  } as User);
  renderWithProviders(
    <>
      <GlobalSearch />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { route: '/settings/business-profile', queryClient },
  );
}

const page = (
  currentPage: number,
  lists: object[],
  results: object[],
  totals = { lists: lists.length, results: results.length },
  searched = true,
) => ({
  status: 200,
  body: {
    currentPage,
    pageSize: 5,
    lists: { data: lists, total: totals.lists, total_capped: false },
    results: { data: results, total: totals.results, total_capped: false },
    results_searched: searched,
  },
});

let api: ReturnType<typeof mockApi>;
let answer: (call: MockCall) => { status: number; body: unknown } | undefined;
beforeEach(() => {
  answer = () => undefined;
  api = mockApi((call) => (call.url === '/api/global-search' ? answer(call) : undefined));
});
afterEach(async () => {
  api.restore();
  await act(() => i18n.changeLanguage('en'));
});

const combobox = () => screen.getByRole('combobox', { name: 'Search lists, results and pages' });

describe('GlobalSearch', () => {
  it('opens with Ctrl+K, finds pages, lists and results, moves by arrow keys and opens a result with Enter', async () => {
    const user = userEvent.setup();
    answer = (call) =>
      call.params?.q === 'acme'
        ? page(
            1,
            [{ id: 7, name: 'Acme dentists', list_type: 'people', archived: true, result_count: 1 }],
            [
              {
                id: 91,
                name: 'Dana Acme',
                company: 'Acme Inc',
                email: 'dana@acme.test',
                campaign_id: 7,
                campaign_name: 'Acme dentists',
                list_type: 'people',
              },
            ],
          )
        : page(1, [], []);
    renderFor(['leads', 'wallet']);
    await user.keyboard('{Control>}k{/Control}');
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    expect(combobox()).toHaveFocus();

    await user.type(combobox(), 'acme');
    const lists = await within(dialog).findByRole('group', { name: 'Lists' });
    expect(within(lists).getByRole('option', { name: /Acme dentists/ })).toHaveTextContent(
      'People list · 1 result · Archived',
    );
    const results = within(dialog).getByRole('group', { name: 'Results' });
    expect(within(results).getByRole('option', { name: /Dana Acme/ })).toHaveTextContent(
      'Acme Inc · dana@acme.test · in Acme dentists',
    );
    expect(screen.getByTestId('global-search-status')).toHaveTextContent('2 matches');
    expect(api.calls.find((c) => c.url === '/api/global-search')?.params).toMatchObject({
      q: 'acme',
      page: 1,
      pageSize: 5,
    });

    // The first option is active; ArrowDown moves to the result.
    const options = within(dialog).getAllByRole('option');
    expect(combobox()).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(combobox()).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('where')).toHaveTextContent('/lead-search/saved-lists/people-7/91');
  });

  it('finds pages by their translated title without asking the API for one letter, and opens one by a click', async () => {
    const user = userEvent.setup();
    renderFor(['leads', 'wallet']);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(combobox(), 'w');
    const pages = within(screen.getByRole('dialog')).getByRole('group', { name: 'Pages' });
    const names = within(pages)
      .getAllByRole('option')
      .map((o) => o.querySelector('.ls-search-option-label')?.textContent);
    // Titles that start with the text first.
    expect(names.slice(0, 2)).toEqual(['Wallet', 'Workflows']);
    expect(names).toContain('New search');
    expect(api.calls.filter((c) => c.url === '/api/global-search')).toHaveLength(0);
    await user.click(within(pages).getByRole('option', { name: /Workflows/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/lead-search/workflow');
  });

  it('searches in the user’s language and says in it when results need more characters', async () => {
    await loadLanguage('de');
    await act(() => i18n.changeLanguage('de'));
    const user = userEvent.setup();
    answer = () =>
      page(
        1,
        [{ id: 3, name: 'Zz Liste', list_type: 'local', archived: false, result_count: 1200 }],
        [],
        undefined,
        false,
      );
    renderFor(['leads']);
    await user.click(screen.getByRole('button', { name: 'Suchen' }));
    await user.type(screen.getByRole('combobox', { name: 'Listen, Ergebnisse und Seiten durchsuchen' }), 'zz');
    expect(await screen.findByRole('option', { name: /Zz Liste/ })).toHaveTextContent(
      'Liste (Lokale Unternehmen) · 1.200 Ergebnisse',
    );
    expect(screen.getByTestId('global-search-status')).toHaveTextContent(
      '1 Treffer Ergebnisse werden ab 3 Zeichen durchsucht.',
    );
  });

  it('never asks the API for a user without lead search, and Escape closes giving focus back', async () => {
    const user = userEvent.setup();
    renderFor(['wallet']);
    const button = screen.getByRole('button', { name: 'Search' });
    await user.click(button);
    await user.type(combobox(), 'lead');
    expect(screen.getByTestId('global-search-status')).toHaveTextContent('Nothing matches “lead”.');
    expect(api.calls).toHaveLength(0);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('loads the next page of both sections with Show more', async () => {
    const user = userEvent.setup();
    const list = (id: number) => ({ id, name: `Beta ${id}`, list_type: 'company', archived: false, result_count: 0 });
    answer = (call) =>
      call.params?.page === 1
        ? page(1, [1, 2, 3, 4, 5].map(list), [], { lists: 7, results: 0 })
        : page(2, [6, 7].map(list), [], { lists: 7, results: 0 });
    renderFor(['leads']);
    await user.keyboard('{Meta>}k{/Meta}');
    await user.type(combobox(), 'beta');
    await user.click(await screen.findByRole('option', { name: 'Show more' }));
    expect(await screen.findByRole('option', { name: /Beta 7/ })).toBeInTheDocument();
    expect(screen.getAllByRole('option', { name: /Beta/ })).toHaveLength(7);
    expect(screen.queryByRole('option', { name: 'Show more' })).toBeNull();
  });
});
