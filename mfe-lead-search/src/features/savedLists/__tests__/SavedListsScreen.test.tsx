import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { screen } from '@testing-library/react';
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

describe('saved lists', () => {
  it('shows the pager with the loaded lists only, never "(0 results)" while they load', async () => {
    let answer: (() => void) | undefined;
    const loaded = new Promise<void>((resolve) => (answer = resolve));
    // The answer is held back until the loading state has been looked at.
    const api = mockApi(async ({ method, url }) => {
      if (method !== 'GET' || url !== '/api/campaigns') return undefined;
      await loaded;
      return {
        status: 200,
        body: { data: [campaign(1, 'Dentists'), campaign(2, 'Bakers')], currentPage: 1, pageSize: 20, total: 2 },
      };
    });
    try {
      renderWithProviders(<SavedListsScreen />, { route: '/saved-lists' });
      expect(await screen.findByRole('status')).toBeInTheDocument();
      expect(screen.queryByTestId('pagination-summary')).toBeNull();
      answer?.();
      expect(await screen.findByText('Dentists')).toBeInTheDocument();
      expect(screen.getByTestId('pagination-summary')).toHaveTextContent('Page 1 of 1 (2 results)');
    } finally {
      api.restore();
    }
  });
});
