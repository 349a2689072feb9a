import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { NAMESPACE, translations } from '../../../locales';
import { SavedListsScreen } from '../components/SavedListsScreen';
import { peopleList } from '../../../__tests__/listFixtures';

registerAreaTranslations(NAMESPACE, translations);

const campaign = (id: number, name: string) =>
  peopleList({
    id,
    name,
    result_count: 25,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
  });

describe('saved lists by keyboard (issue 29 item 6)', () => {
  it('j and k move a visible focus through the lists, x selects, o opens; never while typing', async () => {
    const api = mockApi(async ({ method, url }) =>
      method === 'GET' && url === '/api/campaigns'
        ? {
            status: 200,
            body: { data: [campaign(1, 'Dentists'), campaign(2, 'Bakers')], currentPage: 1, pageSize: 20, total: 2 },
          }
        : undefined,
    );
    try {
      renderWithProviders(
        <Routes>
          <Route path="/saved-lists" element={<SavedListsScreen />} />
          <Route path="/saved-lists/:typeId" element={<p>The list page</p>} />
        </Routes>,
        { route: '/saved-lists' },
      );
      expect(await screen.findByText('Bakers')).toBeInTheDocument();
      const rows = screen.getAllByTestId('list-row');
      fireEvent.keyDown(document.body, { key: 'j' });
      expect(rows[0]).toHaveFocus();
      fireEvent.keyDown(rows[0]!, { key: 'j' });
      expect(rows[1]).toHaveFocus();
      expect(rows[1]).toHaveAttribute('data-cursor');
      fireEvent.keyDown(rows[1]!, { key: 'x' });
      expect(screen.getByRole('checkbox', { name: 'Select Bakers' })).toBeChecked();
      expect(screen.getByRole('region', { name: 'Selection' })).toBeInTheDocument();
      fireEvent.keyDown(rows[1]!, { key: 'j' });
      expect(rows[1]).toHaveFocus();
      fireEvent.keyDown(rows[1]!, { key: 'k' });
      expect(rows[0]).toHaveFocus();

      // Typing in the search field types: j and x do nothing there.
      const search = screen.getByLabelText('Search lists');
      search.focus();
      fireEvent.keyDown(search, { key: 'x' });
      expect(screen.getByRole('checkbox', { name: 'Select Dentists' })).not.toBeChecked();

      fireEvent.keyDown(rows[0]!, { key: 'o' });
      expect(await screen.findByText('The list page')).toBeInTheDocument();
    } finally {
      api.restore();
    }
  });
});
