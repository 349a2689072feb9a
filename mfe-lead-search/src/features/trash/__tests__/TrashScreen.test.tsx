import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NAMESPACE, translations } from '../../../locales';
import { TrashScreen } from '../components/TrashScreen';

registerAreaTranslations(NAMESPACE, translations);

const trashed = (id: number, name: string) => ({
  id,
  name,
  list_type: 'local',
  result_count: 12,
  deleted_at: '2026-03-01T10:00:00.000Z',
  purge_at: '2026-03-31T10:00:00.000Z',
});

describe('trash (issue 29 item 5)', () => {
  it('lists deleted lists with their purge day, restores one and deletes another for good after a confirmation', async () => {
    let rows = [trashed(1, 'Dentists'), trashed(2, 'Bakers')];
    const api = mockApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/campaign-trash')
        return { status: 200, body: { data: rows, currentPage: 1, pageSize: 20, total: rows.length } };
      if (method === 'POST' && url === '/api/campaign-trash/1/restore') {
        rows = rows.filter((r) => r.id !== 1);
        return { status: 200, body: { code: 'leadSearch.list_restored', message: 'List restored from the trash.' } };
      }
      if (method === 'DELETE' && url === '/api/campaign-trash/2') {
        rows = rows.filter((r) => r.id !== 2);
        return { status: 200, body: { code: 'leadSearch.list_deleted_forever', message: 'List deleted for good.' } };
      }
      return undefined;
    });
    try {
      renderWithProviders(<TrashScreen />, { route: '/saved-lists/trash' });
      const user = userEvent.setup();
      expect(await screen.findByText('Dentists')).toBeInTheDocument();
      expect(screen.getByText(/30 days/)).toBeInTheDocument();
      const bakers = screen.getAllByTestId('trash-row').find((row) => within(row).queryByText('Bakers'))!;
      expect(within(bakers).getByText('Mar 31, 2026')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Restore Dentists' }));
      await waitFor(() => expect(screen.queryByText('Dentists')).toBeNull());

      await user.click(screen.getByRole('button', { name: 'Delete Bakers forever' }));
      expect(screen.getByText('Delete Bakers and its results for good?')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Delete forever' }));
      expect(await screen.findByText('The trash is empty.')).toBeInTheDocument();
      expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual(
        expect.arrayContaining(['POST /api/campaign-trash/1/restore', 'DELETE /api/campaign-trash/2']),
      );
    } finally {
      api.restore();
    }
  });
});
