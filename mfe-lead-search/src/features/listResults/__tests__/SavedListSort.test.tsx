import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AreaContext, registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders, type MockCall } from '@leadsmith/shared/testing';
import { Route, Routes } from 'react-router';
import { NAMESPACE, translations } from '../../../locales';
import { SavedListScreen } from '../components/SavedListScreen';
import { installIntersectionObserver, scrollToEnd } from '../../../__tests__/listEndInView';
import { peopleList, peopleListAreaProps, personRow, Where } from '../../../__tests__/listFixtures';

registerAreaTranslations(NAMESPACE, translations);
installIntersectionObserver();

const campaign = peopleList({ result_count: 40 });
const row = (id: number) => personRow(id);

function listApi(call: MockCall) {
  if (call.method === 'GET') return { status: 200, body: { data: [] } };
  if (call.method !== 'POST' || call.url !== '/api/people-results/7') return undefined;
  const ids = Array.from({ length: 20 }, (_, i) => 40 - i);
  return {
    status: 200,
    body: {
      data: ids.map(row),
      currentPage: 1,
      pageSize: 20,
      total: 40,
      total_capped: false,
      total_estimated: false,
      campaign,
    },
  };
}

describe('results table: sort (issue 32)', () => {
  it('sends the chosen order, keeps it in the URL with the filters, and loads more rows in that order', async () => {
    const api = mockApi(listApi);
    try {
      renderWithProviders(
        // In its area, as the list always is: the selection bar (drawn hidden with the list) asks for the area's props.
        <AreaContext.Provider value={peopleListAreaProps}>
          <Routes>
            <Route path="/saved-lists/:typeId" element={<SavedListScreen />} />
          </Routes>
          <Where />
        </AreaContext.Provider>,
        { route: '/saved-lists/people-7?withEmail=1' },
      );
      expect(await screen.findByText('Person 40')).toBeInTheDocument();
      const pageCalls = () => api.calls.filter((c) => c.method === 'POST' && c.url === '/api/people-results/7');
      // The default order is the list's own: nothing sent.
      expect(pageCalls()[0]!.body).not.toHaveProperty('sort');
      const user = userEvent.setup();
      await user.selectOptions(screen.getByLabelText('Sort by'), 'Name Z–A');
      await waitFor(() => expect(pageCalls().at(-1)!.body).toMatchObject({ sort: 'name_desc', withEmail: 1, page: 1 }));
      expect(screen.getByTestId('where').textContent).toBe('/saved-lists/people-7?withEmail=1&sort=name_desc');
      // The end of the list comes into view: the rows after the last one, in the same order.
      scrollToEnd();
      await waitFor(() => expect(pageCalls().at(-1)!.body).toMatchObject({ sort: 'name_desc', page: 2, after: 21 }));
      // Back to the list's own order: out of the URL, position dropped.
      await user.selectOptions(screen.getByLabelText('Sort by'), 'As added');
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/saved-lists/people-7?withEmail=1'));
    } finally {
      api.restore();
    }
    // Four renders of the whole list screen: 10 to 20 s on a busy two-core machine, past the default 15 s under load.
  }, 40_000);
});
