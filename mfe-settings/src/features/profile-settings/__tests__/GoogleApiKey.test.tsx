import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAreaTranslations, sessionKeys, useSessionStore, type User } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { ProfilePage } from '../components/ProfilePage';

registerAreaTranslations(NAMESPACE, translations);

describe("the user's own Google API key (profile)", () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('checks the key locally, saves it write-only, then offers to remove it', async () => {
    let isSet = false;
    const me = () =>
      ({
        id: 7,
        first_name: 'Ana',
        last_name: 'Silva',
        lang: 'en',
        team_owner_id: null,
        has_google_api_key: isSet,
        modules: [],
      }) as unknown as User;
    api = mockApi((call) => {
      if (call.method === 'GET' && call.url === '/api/me') return { status: 200, body: me() };
      if (call.method === 'PUT' && call.url === '/api/me/google-api-key') {
        isSet = true;
        return {
          status: 200,
          body: { code: 'leadSources.google_key_saved', message: 'Saved', has_google_api_key: true },
        };
      }
      if (call.method === 'DELETE' && call.url === '/api/me/google-api-key') {
        isSet = false;
        return {
          status: 200,
          body: { code: 'leadSources.google_key_removed', message: 'Removed', has_google_api_key: false },
        };
      }
      return undefined;
    });
    useSessionStore.setState({ token: 'test-token' });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(sessionKeys.me('test-token'), me());
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: '/profile-settings/profile', queryClient });

    expect(await screen.findByTestId('google-api-key-status')).toHaveTextContent('No key is set');
    const field = screen.getByLabelText('Your Google API key');
    await user.type(field, 'not-a-key');
    await user.click(screen.getByRole('button', { name: 'Save key' }));
    expect(await screen.findByText('A Google API key starts with AIza and has 39 characters.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(field);
    await user.type(field, `AIza${'x'.repeat(35)}`);
    await user.click(screen.getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(screen.getByTestId('google-api-key-status')).toHaveTextContent('A key is set'));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ google_api_key: `AIza${'x'.repeat(35)}` });
    expect(field).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Remove key' }));
    await waitFor(() => expect(screen.getByTestId('google-api-key-status')).toHaveTextContent('No key is set'));
  });
});
