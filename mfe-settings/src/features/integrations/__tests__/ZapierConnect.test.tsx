import { fireEvent, screen, waitFor } from '@testing-library/react';
import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { CrmPage } from '../components/CrmPage';

registerAreaTranslations(NAMESPACE, translations);

describe('Zapier on the CRM page', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('is connected with a pasted webhook URL; the API’s refusal shows on the field', async () => {
    let connected = false;
    api = mockApi((call) => {
      if (call.url === '/api/crm/connections')
        return {
          status: 200,
          body: {
            data: [
              { provider: 'ghl', name: 'GoHighLevel', connected: false, connected_at: null, available: true, kind: 'oauth', target: null },
              { provider: 'zapier', name: 'Zapier', connected, connected_at: connected ? '2026-03-15T12:00:00Z' : null, available: true, kind: 'webhook', target: connected ? 'hooks.zapier.com' : null },
            ],
          },
        };
      if (call.url === '/api/crm/connections/zapier/webhook') {
        const { url } = call.body as { url: string };
        if (url.includes('10.0.0.1')) return { status: 422, body: { code: 'settings.address_refused', field: 'url', message: 'This URL/domain cannot be used: it points to a private or local address.' } };
        connected = true;
        return { status: 200, body: { provider: 'zapier', message: 'Zapier connected.' } };
      }
      return undefined;
    });
    renderWithProviders(<CrmPage />, { route: '/settings/integration/crm' });
    const field = await screen.findByLabelText('Zapier webhook URL');
    fireEvent.click(screen.getByRole('button', { name: 'Connect Zapier' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();

    fireEvent.change(field, { target: { value: 'http://10.0.0.1/hooks/catch/1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect Zapier' }));
    expect(await screen.findByText('This URL/domain cannot be used: it points to a private or local address.')).toBeInTheDocument();

    fireEvent.change(field, { target: { value: 'https://hooks.zapier.com/hooks/catch/1/abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect Zapier' }));
    expect(await screen.findByText('Sends to hooks.zapier.com')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Zapier webhook URL')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ url: 'http://10.0.0.1/hooks/catch/1' }, { url: 'https://hooks.zapier.com/hooks/catch/1/abc' }]);
  });
});
