import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
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

describe('saved lists: undo from the toast (issue 29 item 5)', () => {
  it('deletes the selection, shows the answer with an Undo button, and undoes that operation', async () => {
    let deleted = false;
    const api = mockApi(async ({ method, url }) => {
      if (method === 'GET' && url === '/api/campaigns') {
        const data = deleted ? [campaign(2, 'Bakers')] : [campaign(1, 'Dentists'), campaign(2, 'Bakers')];
        return { status: 200, body: { data, currentPage: 1, pageSize: 20, total: data.length } };
      }
      if (method === 'POST' && url === '/api/campaigns/bulk-delete') {
        deleted = true;
        return {
          status: 200,
          body: { code: 'leadSearch.lists_deleted', message: '1 list deleted.', deleted: 1, undo_id: 77 },
        };
      }
      if (method === 'POST' && url === '/api/list-operations/77/undo') {
        deleted = false;
        return {
          status: 200,
          body: { code: 'leadSearch.undo_delete', message: 'Undone: 1 list restored.', kind: 'delete', count: 1 },
        };
      }
      return undefined;
    });
    try {
      renderWithProviders(
        <>
          <SavedListsScreen />
          <ToastContainer />
        </>,
        { route: '/saved-lists' },
      );
      const user = userEvent.setup();
      await user.click(await screen.findByRole('checkbox', { name: 'Select Dentists' }));
      const bar = screen.getByRole('region', { name: /selection/i });
      await user.click(within(bar).getByRole('button', { name: 'Delete' }));
      await user.click(within(bar).getByRole('button', { name: /confirm|yes/i }));
      expect(await screen.findByText('1 list deleted.')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('Dentists')).toBeNull());

      await user.click(screen.getByRole('button', { name: 'Undo' }));
      expect(await screen.findByText('Dentists')).toBeInTheDocument();
      expect(api.calls.filter((c) => c.url === '/api/list-operations/77/undo')).toHaveLength(1);
    } finally {
      api.restore();
    }
  });
});
