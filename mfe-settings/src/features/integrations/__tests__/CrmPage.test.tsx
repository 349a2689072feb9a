import { screen } from '@testing-library/react';
import { registerAreaTranslations } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { mockApi } from '@leadsmith/shared/testing';
import { CrmPage } from '../components/CrmPage';

registerAreaTranslations(NAMESPACE, translations);

describe('CrmPage', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('completes a connection returned through /crm/callback and lists each CRM with its status', async () => {
    let connected = false;
    api = mockApi((call) => {
      if (call.url === '/api/crm/connections')
        return {
          status: 200,
          body: {
            data: [
              { provider: 'ghl', name: 'GoHighLevel', connected, connected_at: connected ? '2026-03-15T12:00:00Z' : null, available: true },
              { provider: 'keap', name: 'Keap', connected: false, connected_at: null, available: true },
              { provider: 'zapier', name: 'Zapier', connected: false, connected_at: null, available: false },
            ],
          },
        };
      if (call.url === '/api/crm/connections/callback') {
        connected = true;
        return { status: 200, body: { provider: 'ghl', message: 'GoHighLevel connected.' } };
      }
      return undefined;
    });
    renderWithProviders(<CrmPage />, { route: '/settings/integration/crm?code=abc&state=xyz' });
    expect(await screen.findByText(/^Connected on/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === '/api/crm/connections/callback').map((c) => c.body)).toEqual([{ code: 'abc', state: 'xyz' }]);
    expect(screen.getByRole('button', { name: 'Keap not connected, click to connect' })).toBeInTheDocument();
    expect(screen.getByText('Not available on this installation yet.')).toBeInTheDocument();
  });
});
