import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { registerAreaTranslations } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { mockApi } from '@leadsmith/shared/testing';
import { WebhookListPage } from '../components/WebhookListPage';
import { WebhookPage } from '../components/WebhookPage';

registerAreaTranslations(NAMESPACE, translations);

describe('webhook screens', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('validates, creates a webhook, lists it and shows the test answer', async () => {
    const hooks: unknown[] = [];
    api = mockApi((call) => {
      if (call.url === '/api/integrations/webhooks' && call.method === 'POST') {
        hooks.push({
          id: 3,
          ...(call.body as object),
          secret: 's',
          last_status: null,
          last_sent_at: null,
          created_at: '2026-03-15T12:00:00Z',
        });
        return { status: 201, body: { data: hooks[0] } };
      }
      if (call.url === '/api/integrations/webhooks')
        return { status: 200, body: { data: hooks, currentPage: 1, pageSize: 20, total: hooks.length } };
      if (call.url === '/api/integrations/webhooks/3/test') return { status: 200, body: { status: 204, ok: true } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/settings/integration/webhook" element={<WebhookPage />} />
        <Route path="/settings/integration/webhook/list" element={<WebhookListPage />} />
      </Routes>,
      { route: '/settings/integration/webhook' },
    );
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    expect(await screen.findByText('Select at least one event')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Hook');
    await user.type(screen.getByLabelText('URL'), 'not a url');
    await user.click(screen.getByLabelText('A list is created'));
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    expect(await screen.findByText('Enter a valid URL')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('URL'));
    await user.type(screen.getByLabelText('URL'), 'https://example.com/hook');
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    expect(await screen.findByRole('table', { name: 'Your webhooks' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Hook',
      url: 'https://example.com/hook',
      events: ['list.created'],
    });
    await user.click(screen.getByRole('button', { name: 'Send test to Hook' }));
    expect(await screen.findByText('Test sent: answered 204')).toBeInTheDocument();
  });
});

describe('webhook list', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('shows each hook’s last answer, deletes one only after the second click, then says the list is empty', async () => {
    const hooks = [
      {
        id: 5,
        name: 'Orders',
        url: 'https://example.com/orders',
        events: ['lead.created'],
        secret: 's',
        last_status: 500,
        last_sent_at: '2026-03-15T12:00:00Z',
        created_at: '2026-03-15T12:00:00Z',
      },
    ];
    api = mockApi((call) => {
      if (call.url.startsWith('/api/integrations/webhooks') && call.method === 'GET')
        return { status: 200, body: { data: hooks, currentPage: 1, pageSize: 20, total: hooks.length } };
      if (call.url === '/api/integrations/webhooks/5' && call.method === 'DELETE') {
        hooks.splice(0, 1);
        return { status: 204, body: '' };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhookListPage />, { route: '/settings/integration/webhook/list' });
    const table = await screen.findByRole('table', { name: 'Your webhooks' });
    expect(within(table).getByTestId('webhook-status-5')).toHaveTextContent(/500/);
    expect(screen.queryByRole('navigation', { name: /Your webhooks/ })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Delete Orders' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(table).getByRole('button', { name: 'Confirm deleting Orders' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
        '/api/integrations/webhooks/5',
      ]),
    );
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
  });
});
