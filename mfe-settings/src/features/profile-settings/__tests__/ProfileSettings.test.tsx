import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAreaTranslations } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { mockApi } from '@leadsmith/shared/testing';
import type { ApiKey } from '../api/get-api-keys';
import { ApiKeysPage } from '../components/ApiKeysPage';
import { PasswordPage } from '../components/PasswordPage';

registerAreaTranslations(NAMESPACE, translations);

describe('ApiKeysPage', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('creates a key, shows it once, and revokes a key', async () => {
    const keys: ApiKey[] = [
      {
        id: 1,
        name: 'Old key',
        key_prefix: 'lsk_abcdef',
        created_at: '2026-01-01T10:00:00Z',
        last_used_at: null,
        revoked_at: null,
      },
    ];
    api = mockApi((call) => {
      if (call.method === 'GET' && call.url === '/api/user-api-key')
        return { status: 200, body: { data: keys, currentPage: 1, pageSize: 20, total: keys.length } };
      if (call.method === 'POST' && call.url === '/api/user-api-key') {
        const row: ApiKey = {
          id: 2,
          name: (call.body as { name: string }).name,
          key_prefix: 'lsk_zzzzzz',
          created_at: '2026-01-02T10:00:00Z',
          last_used_at: null,
          revoked_at: null,
        };
        keys.unshift(row);
        return { status: 201, body: { data: row, key: `lsk_${'z'.repeat(43)}` } };
      }
      if (call.method === 'PUT' && call.url === '/api/user-api-key/1') {
        keys[keys.length - 1] = { ...keys[keys.length - 1]!, revoked_at: '2026-01-03T10:00:00Z' };
        return { status: 200, body: { data: keys[keys.length - 1] } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysPage />, { route: '/profile-settings/api-key' });
    const table = await screen.findByRole('table', { name: 'Your API keys' });
    expect(within(table).getByText('Old key')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the API documentation' })).toHaveAttribute('href', '/api/docs');

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Key name'), 'Zapier');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('new-api-key')).toHaveTextContent(`lsk_${'z'.repeat(43)}`);
    expect(await within(table).findByText('Zapier')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByTestId('new-api-key')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Revoke Old key' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke Old key' })).toBeNull());
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ revoked: true });
  });
});

describe('PasswordPage', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('checks length and match locally, then shows the server error on current password', async () => {
    api = mockApi((call) =>
      call.method === 'PUT'
        ? {
            status: 422,
            body: {
              code: 'settings.wrong_password',
              field: 'current_password',
              message: 'The current password is not correct.',
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<PasswordPage />, { route: '/profile-settings/password' });
    await user.type(screen.getByLabelText('Current password'), 'whatever');
    await user.type(screen.getByLabelText('New password'), '123');
    await user.type(screen.getByLabelText('Confirm new password'), '456');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'abcdefg');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'abcdefg');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
    expect(api.calls[0]?.body).toEqual({
      current_password: 'whatever',
      password: 'abcdefg',
      password_confirmation: 'abcdefg',
    });
  });
});
