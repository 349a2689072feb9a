import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { NAMESPACE, translations } from '../../../locales';
import { ResultRowActions } from '../components/ResultRowActions';

registerAreaTranslations(NAMESPACE, translations);

describe("a result's Delete: undone from its toast (issue 29 item 5)", () => {
  it('deletes the row after the confirmation, shows the answer with an Undo button, and undoes that operation', async () => {
    const api = mockApi(async ({ method, url }) => {
      if (method === 'POST' && url === '/api/people-results/7/delete')
        return {
          status: 200,
          body: { code: 'leadSearch.results_deleted', message: '1 result deleted.', deleted: 1, undo_id: 91 },
        };
      if (method === 'POST' && url === '/api/list-operations/91/undo')
        return {
          status: 200,
          body: {
            code: 'leadSearch.undo_delete_results',
            message: 'Undone: 1 result restored.',
            kind: 'delete_results',
            count: 1,
          },
        };
      return undefined;
    });
    try {
      const user = userEvent.setup();
      renderWithProviders(
        <>
          <ResultRowActions
            type="people"
            listId={7}
            result={{ id: 42, name: 'Ana Silva' }}
            enrichment={null}
            onOpen={() => undefined}
          />
          <ToastContainer />
        </>,
      );
      await user.click(screen.getByRole('button', { name: 'Actions for Ana Silva' }));
      const item = await screen.findByRole('menuitem', { name: 'Delete' });
      // Chosen with the keyboard: the menu's pointer handling needs a layout jsdom does not have.
      for (let i = 0; i < 5 && !item.hasAttribute('data-highlighted'); i += 1) await user.keyboard('{ArrowDown}');
      await user.keyboard('{Enter}');
      const dialog = await screen.findByRole('alertdialog');
      expect(within(dialog).getByText(/Ana Silva/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() =>
        expect(api.calls.find((c) => c.url === '/api/people-results/7/delete')?.body).toEqual({ ids: [42] }),
      );
      // The answer is toasted once, by the Undo toast (not by the client as well).
      expect(await screen.findByText('1 result deleted.')).toBeInTheDocument();
      expect(screen.getAllByText('1 result deleted.')).toHaveLength(1);

      await user.click(screen.getByRole('button', { name: 'Undo' }));
      await waitFor(() => expect(api.calls.filter((c) => c.url === '/api/list-operations/91/undo')).toHaveLength(1));
    } finally {
      api.restore();
    }
  });
});
