import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { mockApi } from '@leadsmith/shared/testing';
import { CONNECTED, crmRow, renderCrmPage } from './crm-page-fixtures';

/** A related account's view: its parent, Riley Reseller, shares its connections. */
const SHARED_BY_PARENT = { share_with_related: false, can_share: false, shared_by: 'Riley Reseller' };

describe('CrmPage', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('completes a connection returned through /crm/callback and lists each CRM with its status', async () => {
    let connected = false;
    api = renderCrmPage({
      connections: () => [
        crmRow('ghl', 'GoHighLevel', connected ? CONNECTED : {}),
        crmRow('keap', 'Keap'),
        crmRow('zapier', 'Zapier', { available: false }),
      ],
      other: (call) => {
        if (call.url !== '/api/crm/connections/callback') return undefined;
        connected = true;
        return { status: 200, body: { provider: 'ghl', message: 'GoHighLevel connected.' } };
      },
      route: '/settings/integration/crm?code=abc&state=xyz',
    });
    expect(await screen.findByText(/^Connected on/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === '/api/crm/connections/callback').map((c) => c.body)).toEqual([
      { code: 'abc', state: 'xyz' },
    ]);
    expect(screen.getByRole('button', { name: 'Keap not connected, click to connect' })).toBeInTheDocument();
    expect(screen.getByText('Not available on this installation yet.')).toBeInTheDocument();
  });

  it('back from the CRM, the list is read once the connection is stored, so a slow first answer cannot show it unconnected', async () => {
    let connected = false;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    api = renderCrmPage({
      connections: () => [crmRow('ghl', 'GoHighLevel', connected ? CONNECTED : {})],
      // Each answer is the rows as they were when the request was made, held back until the test lets it go.
      hold: () => released,
      other: (call) => {
        if (call.url !== '/api/crm/connections/callback') return undefined;
        connected = true;
        return { status: 200, body: { provider: 'ghl', message: 'GoHighLevel connected.' } };
      },
      route: '/settings/integration/crm?code=late&state=answer',
    });
    await waitFor(() => expect(api.calls.some((c) => c.url === '/api/crm/connections/callback')).toBe(true));
    await waitFor(() => expect(screen.queryByText('Saving the connection…')).not.toBeInTheDocument());
    release();
    expect(await screen.findByText(/^Connected on/)).toBeInTheDocument();
    const order = api.calls.map((c) => c.url);
    expect(order.indexOf('/api/crm/connections')).toBeGreaterThan(order.indexOf('/api/crm/connections/callback'));
  });

  it('a parent account turns on sharing its connections with its related accounts', async () => {
    let shared = false;
    api = renderCrmPage({
      connections: () => [crmRow('ghl', 'GoHighLevel', { ...CONNECTED, kind: 'oauth', target: null, shared: false })],
      sharing: () => ({ share_with_related: shared, can_share: true, shared_by: null }),
      other: (call) => {
        if (call.url !== '/api/crm/sharing') return undefined;
        shared = (call.body as { share_with_related: boolean }).share_with_related;
        return {
          status: 200,
          body: {
            code: 'settings.crm_sharing_saved',
            message: 'Related accounts can now use your CRM connections.',
            share_with_related: shared,
          },
        };
      },
    });
    const box = await screen.findByRole('checkbox', { name: 'Let related accounts use these connections' });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Let related accounts use these connections' })).toBeChecked(),
    );
    expect(api.calls.filter((c) => c.url === '/api/crm/sharing').map((c) => [c.method, c.body])).toEqual([
      ['PUT', { share_with_related: true }],
    ]);
    expect(screen.getByRole('button', { name: 'Disconnect GoHighLevel' })).toBeInTheDocument();
  });

  it("a related account sees its parent's shared connections labelled as shared, without a disconnect button or the switch", async () => {
    api = renderCrmPage({
      connections: () => [
        crmRow('ghl', 'GoHighLevel', { ...CONNECTED, kind: 'oauth', target: null, shared: true }),
        crmRow('keap', 'Keap', { ...CONNECTED, kind: 'oauth', target: null, shared: false }),
      ],
      sharing: () => SHARED_BY_PARENT,
    });
    expect(await screen.findByText('Shared by Riley Reseller')).toBeInTheDocument();
    expect(screen.getByText(/^Riley Reseller shares its CRM connections with you/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disconnect GoHighLevel' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disconnect Keap' })).toBeInTheDocument();
    expect(
      screen.queryByRole('checkbox', { name: 'Let related accounts use these connections' }),
    ).not.toBeInTheDocument();
  });

  it('a related account may connect its own connection to a CRM its parent shares', async () => {
    api = renderCrmPage({
      connections: () => [
        crmRow('ghl', 'GoHighLevel', { ...CONNECTED, kind: 'oauth', target: null, shared: true }),
        crmRow('zapier', 'Zapier', { ...CONNECTED, kind: 'webhook', target: null, shared: true }),
      ],
      sharing: () => SHARED_BY_PARENT,
      // The CRM's authorisation page (a same-page address here: jsdom navigates only within the page).
      other: (call) =>
        call.url === '/api/crm/connections/ghl/authorize'
          ? { status: 200, body: { url: 'http://localhost/#ghl-authorize' } }
          : undefined,
    });
    expect(
      await screen.findByText(
        'Connect your own account to one of these CRMs to send there through your connection instead.',
      ),
    ).toBeInTheDocument();
    const zapier = screen.getByRole('row', { name: /Zapier/ });
    expect(zapier).toHaveTextContent('Shared by Riley Reseller');
    // Zapier has no authorisation page: its own Catch Hook URL, in the shared row.
    expect(within(zapier).getByRole('form', { name: 'Connect Zapier' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Connect your own GoHighLevel' }));
    await waitFor(() => expect(window.location.hash).toBe('#ghl-authorize'));
    expect(api.calls.filter((c) => c.url === '/api/crm/connections/ghl/authorize').map((c) => c.method)).toEqual([
      'POST',
    ]);
  });
});
