import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AreaContext, registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders, type MockCall } from '@leadsmith/shared/testing';
import { Route, Routes } from 'react-router';
import { NAMESPACE, translations } from '../../../locales';
import { AreaShortcuts } from '../../../components/keyboard/AreaShortcuts';
import { SavedListScreen } from '../components/SavedListScreen';
import { peopleList, personRow, Where, where, peopleListAreaProps } from '../../../__tests__/listFixtures';

registerAreaTranslations(NAMESPACE, translations);

const campaign = peopleList();
const row = (id: number) => personRow(id);
const savedView = {
  id: 5,
  name: 'Companies',
  list_type: 'people',
  columns: [{ key: 'company', width: 250 }],
  filters: { search: 'acme' },
  created_at: '2026-03-14T12:00:00Z',
  updated_at: '2026-03-14T12:00:00Z',
};

function listApi(call: MockCall) {
  if (call.method === 'GET' && call.url === '/api/list-views') return { status: 200, body: { data: [savedView] } };
  if (call.method === 'GET') return { status: 200, body: { data: [] } };
  if (call.method !== 'POST' || call.url !== '/api/people-results/7') return undefined;
  return {
    status: 200,
    body: {
      data: [1, 2, 3].map(row),
      currentPage: 1,
      pageSize: 20,
      total: 3,
      total_capped: false,
      total_estimated: false,
      campaign,
    },
  };
}

function renderList(route: string) {
  return renderWithProviders(
    <AreaContext.Provider value={peopleListAreaProps}>
      <Routes>
        <Route path="/saved-lists/:typeId" element={<SavedListScreen />} />
        <Route path="/saved-lists" element={<p>All lists</p>} />
      </Routes>
      <AreaShortcuts />
      <Where />
    </AreaContext.Provider>,
    { route },
  );
}
const headers = () =>
  within(screen.getByRole('table', { name: /results/i }))
    .getAllByRole('columnheader')
    .map((h) => h.textContent)
    .slice(1);

describe('results table: columns, saved views and keyboard (issue 29 items 6 and 7)', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('shows the columns the URL names, in its order and widths; the chooser hides and moves them in the URL', async () => {
    api = mockApi(listApi);
    renderList('/saved-lists/people-7?cols=email.320,company');
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    expect(headers()).toEqual(['Name', 'Email', 'Company']);
    expect(screen.getByRole('columnheader', { name: 'Email' })).toHaveStyle({ width: '320px' });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const chooser = screen.getByRole('region', { name: 'Columns' });
    await user.click(within(chooser).getByRole('button', { name: 'Move Company up' }));
    expect(headers()).toEqual(['Name', 'Company', 'Email']);
    await user.click(within(chooser).getByRole('checkbox', { name: 'Phone' }));
    await waitFor(() => expect(headers()).toEqual(['Name', 'Company', 'Email', 'Phone']));
    expect(where()).toContain('cols=company%2Cemail.320%2Cphone');
    await user.click(within(chooser).getByRole('button', { name: 'Default columns' }));
    expect(where()).not.toContain('cols=');
    expect(headers()).toContain('Credits');
  });

  it("applies a saved view's columns and filters to the URL and saves the table under a name", async () => {
    api = mockApi((call) => {
      if (call.method === 'POST' && call.url === '/api/list-views')
        return {
          status: 201,
          body: {
            code: 'leadSearch.view_saved',
            message: 'View saved.',
            view: { ...savedView, id: 6, name: 'Mine', ...(call.body as object) },
          },
        };
      return listApi(call);
    });
    renderList('/saved-lists/people-7');
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Companies' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Saved view'), 'Companies');
    await waitFor(() => expect(headers()).toEqual(['Name', 'Company']));
    expect(where()).toMatch(/search=acme/);
    expect(where()).toMatch(/sv=5/);
    expect(api.calls.filter((c) => c.url === '/api/people-results/7').at(-1)?.body).toMatchObject({ search: 'acme' });

    await user.click(screen.getByRole('button', { name: 'Save view' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Give the view a name.');
    await user.type(screen.getByLabelText('View name'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.url === '/api/list-views')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST' && c.url === '/api/list-views')?.body).toEqual({
      name: 'Mine',
      list_type: 'people',
      columns: [{ key: 'company', width: 250 }],
      filters: { search: 'acme' },
    });
  });

  it('j and k move a visible focus through the rows, x selects, never while typing; ? lists every shortcut; g then l goes to the saved lists', async () => {
    api = mockApi(listApi);
    renderList('/saved-lists/people-7');
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    const rows = screen.getAllByTestId('result-row');
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(rows[0]).toHaveFocus();
    fireEvent.keyDown(rows[0]!, { key: 'j' });
    expect(rows[1]).toHaveFocus();
    fireEvent.keyDown(rows[1]!, { key: 'x' });
    expect(screen.getByRole('checkbox', { name: 'Select Person 2' })).toBeChecked();
    fireEvent.keyDown(rows[1]!, { key: 'k' });
    expect(rows[0]).toHaveFocus();

    // "/" focuses the search field; typing j there types, it does not move.
    fireEvent.keyDown(rows[0]!, { key: '/' });
    const search = screen.getByLabelText('Search');
    expect(search).toHaveFocus();
    fireEvent.keyDown(search, { key: 'j' });
    expect(search).toHaveFocus();
    fireEvent.keyDown(search, { key: 'x' });
    expect(screen.getByRole('checkbox', { name: 'Select Person 1' })).not.toBeChecked();

    fireEvent.keyDown(document.body, { key: '?' });
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getAllByRole('row')).toHaveLength(8);
    expect(within(dialog).getByText('Go to saved lists')).toBeInTheDocument();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.keyDown(document.body, { key: 'g' });
    fireEvent.keyDown(document.body, { key: 'l' });
    expect(await screen.findByText('All lists')).toBeInTheDocument();
  });
});
