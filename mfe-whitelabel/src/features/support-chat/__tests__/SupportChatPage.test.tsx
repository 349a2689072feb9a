import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { SupportChatPage } from '../components/SupportChatPage';

registerAreaTranslations(NAMESPACE, translations);

describe('SupportChatPage', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('asks for the app id and the secret the first time, keeps the secret after, and removes the chat', async () => {
    let stored: unknown = null;
    api = mockApi((call) => {
      if (call.url !== '/api/whitelabel/chat-widget') return undefined;
      if (call.method === 'GET') return { status: 200, body: { data: stored } };
      if (call.method === 'PUT') {
        const body = call.body as { app_id: string };
        stored = {
          provider: 'intercom',
          app_id: body.app_id,
          has_secret: true,
          updated_at: '2026-11-26T15:00:00.000Z',
        };
        return { status: 200, body: { code: 'whitelabel.chat_saved', message: 'Support chat saved.', data: stored } };
      }
      stored = null;
      return { status: 200, body: { code: 'whitelabel.chat_removed', message: 'Support chat removed.' } };
    });
    const user = userEvent.setup();
    renderWithProviders(<SupportChatPage />, { route: '/support-chat' });
    const form = await screen.findByRole('form', { name: 'Support chat' });
    expect(screen.getByTestId('support-chat-status')).toHaveTextContent('No support chat yet');

    await user.type(within(form).getByLabelText('Intercom app ID'), 'abc-12');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('No special characters')).toBeInTheDocument();
    expect(within(form).getByText('This field is required')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(within(form).getByLabelText('Intercom app ID'));
    await user.type(within(form).getByLabelText('Intercom app ID'), 'abcd1234');
    await user.type(within(form).getByLabelText('Identity verification secret'), 'too-short');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Must be at least 16 characters')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Identity verification secret'));
    await user.type(within(form).getByLabelText('Identity verification secret'), 'intercom-secret-0123456789');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('support-chat-status')).toHaveTextContent('Your customers see the chat button.');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      provider: 'intercom',
      app_id: 'abcd1234',
      secret: 'intercom-secret-0123456789',
    });

    // Saved: the secret field may stay empty (the saved one is kept).
    const saved = await screen.findByRole('form', { name: 'Support chat' });
    await user.clear(within(saved).getByLabelText('Intercom app ID'));
    await user.type(within(saved).getByLabelText('Intercom app ID'), 'wxyz9876');
    await user.click(within(saved).getByRole('button', { name: 'Save' }));
    await screen.findByDisplayValue('wxyz9876');
    expect(api.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      provider: 'intercom',
      app_id: 'wxyz9876',
    });
    expect(
      within(saved).getByLabelText('Identity verification secret (leave empty to keep the saved one)'),
    ).toHaveValue('');

    await user.click(within(saved).getByRole('button', { name: 'Remove support chat' }));
    expect(await screen.findByText('No support chat yet: your customers see no chat button.')).toBeInTheDocument();
    expect(api.calls.at(-1)?.method).toBe('DELETE');
  });
});
