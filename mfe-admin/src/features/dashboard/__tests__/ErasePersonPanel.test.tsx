import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { ErasePersonPanel } from '../components/ErasePersonPanel';

registerAreaTranslations(NAMESPACE, translations);

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi((call) =>
    call.method === 'POST' && call.url === '/api/admin/privacy/erase-person'
      ? { status: 200, body: { code: 'privacy.person_erased', message: 'Erased.', results_removed: 3, accounts: 2 } }
      : undefined,
  );
});
afterEach(() => {
  api.restore();
  jest.restoreAllMocks();
});

describe('ErasePersonPanel', () => {
  it('asks for confirmation, erases the person and says how many results went', async () => {
    const confirm = jest.spyOn(window, 'confirm');
    const user = userEvent.setup();
    renderWithProviders(<ErasePersonPanel />);
    await user.type(screen.getByLabelText('Their email address'), 'ada@example.test');
    await user.click(screen.getByRole('button', { name: 'Erase everywhere' }));
    // The app's own dialog (in the page's typeface), never the browser's confirm().
    const dialog = await screen.findByRole('alertdialog', { name: 'Erase a person' });
    expect(dialog).toHaveTextContent('Erase ada@example.test from every account? This cannot be undone.');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Erase everywhere' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(await screen.findByRole('status')).toHaveTextContent('Removed 3 results from 2 accounts.');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'ada@example.test' });
  });

  it('sends nothing for an invalid address or when the confirmation is declined', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ErasePersonPanel />);
    await user.type(screen.getByLabelText('Their email address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Erase everywhere' }));
    expect(await screen.findByText('Enter a valid email')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Their email address'));
    await user.type(screen.getByLabelText('Their email address'), 'ada@example.test');
    await user.click(screen.getByRole('button', { name: 'Erase everywhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Erase a person' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
