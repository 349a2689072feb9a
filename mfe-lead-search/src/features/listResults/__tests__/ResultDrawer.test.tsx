import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AreaContext, registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders, type MockCall } from '@leadsmith/shared/testing';
import { Route, Routes } from 'react-router';
import { NAMESPACE, translations } from '../../../locales';
import { SavedListScreen } from '../components/SavedListScreen';
import { peopleList, personRow, Where, where, peopleListAreaProps } from '../../../__tests__/listFixtures';

registerAreaTranslations(NAMESPACE, translations);

// Zag's checkbox makes a PointerEvent when its input loses focus (the click after ticking a row): jsdom has none.
const { PointerEvent: jsdomPointerEvent } = window as unknown as { PointerEvent?: unknown };
beforeAll(() => {
  (window as unknown as { PointerEvent: unknown }).PointerEvent = class PointerEvent extends MouseEvent {};
});
afterAll(() => {
  (window as unknown as { PointerEvent: unknown }).PointerEvent = jsdomPointerEvent;
});

const campaign = peopleList({ result_count: 2 });
const row = (id: number) => personRow(id, { job_title: `Title ${id}`, city: `City ${id}`, labels: ['hot'] });

function listApi(call: MockCall) {
  if (call.method === 'GET' && /^\/api\/people-results\/7\/\d+$/.test(call.url))
    return { status: 200, body: row(Number(call.url.split('/').at(-1))) };
  if (call.method === 'GET') return { status: 200, body: { data: [] } };
  if (call.method !== 'POST' || call.url !== '/api/people-results/7') return undefined;
  return {
    status: 200,
    body: {
      data: [1, 2].map(row),
      currentPage: 1,
      pageSize: 20,
      total: 2,
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
        <Route path="/saved-lists/:typeId/:resultId" element={<h1>Full page</h1>} />
      </Routes>
      <Where />
    </AreaContext.Provider>,
    { route },
  );
}

describe('a result in the side panel', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('opens from a click on its row, keeps the table, names the result in the URL, and Escape closes it back onto the row', async () => {
    api = mockApi(listApi);
    renderList('/saved-lists/people-7?search=');
    const user = userEvent.setup();
    expect(await screen.findByText('Person 2')).toBeInTheDocument();
    const rows = screen.getAllByTestId('result-row');
    await user.click(within(rows[1]!).getByText('Company 2'));

    const panel = await screen.findByRole('dialog', { name: 'Person 2' }, { timeout: 5000 });
    expect(await within(panel).findByText('City 2')).toBeInTheDocument();
    expect(within(panel).getByText('hot')).toBeInTheDocument();
    expect(where()).toMatch(/[?&]result=2(&|$)/);
    // The table stays behind the panel (inert while it is open).
    expect(screen.getByRole('table', { name: 'Results', hidden: true })).toContainElement(rows[1]!);
    expect(within(panel).getByRole('link', { name: 'Open full page' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/saved-lists\/people-7\/2\?/),
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(where()).not.toMatch(/result=/);
    await waitFor(() => expect(rows[1]).toHaveFocus());
  });

  it('is open on a reload of a URL that names the result; its link leads to the full page; a click on the name still opens the page', async () => {
    api = mockApi(listApi);
    renderList('/saved-lists/people-7?result=1');
    const user = userEvent.setup();
    const panel = await screen.findByRole('dialog', { name: 'Person 1' }, { timeout: 5000 });
    expect(await within(panel).findByText('City 1')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(where()).toBe('/saved-lists/people-7');
    await waitFor(() => expect(screen.getAllByTestId('result-row')[0]).toHaveFocus());
    await user.click(within(screen.getAllByTestId('result-row')[1]!).getByText('Company 2'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Person 2' }, { timeout: 5000 })).getByRole('button', {
        name: 'Close details',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(screen.getAllByTestId('result-row')[0]!).getByRole('checkbox'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Person 1' }));
    expect(await screen.findByRole('heading', { name: 'Full page' })).toBeInTheDocument();
  });
});

describe('row selection', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it("uses the design system's checkbox, named for its row, in the table and the grid", async () => {
    api = mockApi(listApi);
    const user = userEvent.setup();
    const { container } = renderList('/saved-lists/people-7');
    expect(await screen.findByText('Person 2')).toBeInTheDocument();
    const boxes = () => [...container.querySelectorAll('input[type="checkbox"]')];
    for (const box of boxes()) expect(box.closest('[data-scope="checkbox"]')).not.toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Person 2' }));
    expect(screen.getByRole('checkbox', { name: 'Select Person 2' })).toBeChecked();
    expect(screen.getByTestId('selection-count')).toHaveTextContent('1 selected');
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select Person 1' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Grid view' }));
    expect(await screen.findAllByTestId('result-card')).toHaveLength(2);
    for (const box of boxes()) expect(box.closest('[data-scope="checkbox"]')).not.toBeNull();
    // A new view starts with nothing selected.
    expect(screen.getByRole('checkbox', { name: 'Select Person 1' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select Person 1' }));
    expect(screen.getByTestId('selection-count')).toHaveTextContent('1 selected');
  });
});
