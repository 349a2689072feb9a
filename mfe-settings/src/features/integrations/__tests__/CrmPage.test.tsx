import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it("a parent account turns on sharing its connections with its related accounts", async () => {
    let shared = false;
    api = mockApi((call) => {
      if (call.url === '/api/crm/connections')
        return {
          status: 200,
          body: {
            data: [{ provider: 'ghl', name: 'GoHighLevel', connected: true, connected_at: '2026-03-15T12:00:00Z', kind: 'oauth', target: null, available: true, shared: false }],
            sharing: { share_with_related: shared, can_share: true, shared_by: null },
          },
        };
      if (call.url === '/api/crm/sharing') {
        shared = (call.body as { share_with_related: boolean }).share_with_related;
        return { status: 200, body: { code: 'settings.crm_sharing_saved', message: 'Related accounts can now use your CRM connections.', share_with_related: shared } };
      }
      return undefined;
    });
    renderWithProviders(<CrmPage />, { route: '/settings/integration/crm' });
    const box = await screen.findByRole('checkbox', { name: 'Let related accounts use these connections' });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Let related accounts use these connections' })).toBeChecked());
    expect(api.calls.filter((c) => c.url === '/api/crm/sharing').map((c) => [c.method, c.body])).toEqual([['PUT', { share_with_related: true }]]);
    expect(screen.getByRole('button', { name: 'Disconnect GoHighLevel' })).toBeInTheDocument();
  });

  it("a related account sees its parent's shared connections labelled as shared, without a disconnect button or the switch", async () => {
    api = mockApi((call) => {
      if (call.url === '/api/crm/connections')
        return {
          status: 200,
          body: {
            data: [
              { provider: 'ghl', name: 'GoHighLevel', connected: true, connected_at: '2026-03-15T12:00:00Z', kind: 'oauth', target: null, available: true, shared: true },
              { provider: 'keap', name: 'Keap', connected: true, connected_at: '2026-03-15T12:00:00Z', kind: 'oauth', target: null, available: true, shared: false },
            ],
            sharing: { share_with_related: false, can_share: false, shared_by: 'Riley Reseller' },
          },
        };
      return undefined;
    });
    renderWithProviders(<CrmPage />, { route: '/settings/integration/crm' });
    expect(await screen.findByText('Shared by Riley Reseller')).toBeInTheDocument();
    expect(screen.getByText(/^Riley Reseller shares its CRM connections with you/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disconnect GoHighLevel' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disconnect Keap' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Let related accounts use these connections' })).not.toBeInTheDocument();
  });

  it('a related account may connect its own connection to a CRM its parent shares', async () => {
    api = mockApi((call) => {
      if (call.url === '/api/crm/connections')
        return {
          status: 200,
          body: {
            data: [
              { provider: 'ghl', name: 'GoHighLevel', connected: true, connected_at: '2026-03-15T12:00:00Z', kind: 'oauth', target: null, available: true, shared: true },
              { provider: 'zapier', name: 'Zapier', connected: true, connected_at: '2026-03-15T12:00:00Z', kind: 'webhook', target: null, available: true, shared: true },
            ],
            sharing: { share_with_related: false, can_share: false, shared_by: 'Riley Reseller' },
          },
        };
      // The CRM's authorisation page (a same-page address here: jsdom navigates only within the page).
      if (call.url === '/api/crm/connections/ghl/authorize') return { status: 200, body: { url: 'http://localhost/#ghl-authorize' } };
      return undefined;
    });
    renderWithProviders(<CrmPage />, { route: '/settings/integration/crm' });
    expect(await screen.findByText('Connect your own account to one of these CRMs to send there through your connection instead.')).toBeInTheDocument();
    const zapier = screen.getByRole('row', { name: /Zapier/ });
    expect(zapier).toHaveTextContent('Shared by Riley Reseller');
    // Zapier has no authorisation page: its own Catch Hook URL, in the shared row.
    expect(within(zapier).getByRole('form', { name: 'Connect Zapier' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Connect your own GoHighLevel' }));
    await waitFor(() => expect(window.location.hash).toBe('#ghl-authorize'));
    expect(api.calls.filter((c) => c.url === '/api/crm/connections/ghl/authorize').map((c) => c.method)).toEqual(['POST']);
  });
});
