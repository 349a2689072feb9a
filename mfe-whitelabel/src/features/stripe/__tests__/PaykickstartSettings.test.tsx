import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { PaykickstartSettingsPanel } from '../components/PaykickstartSettings';

registerAreaTranslations(NAMESPACE, translations);

describe('PaykickstartSettingsPanel', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('connects with the IPN secret key and a product mapped to a package, then shows the IPN URL to paste into PayKickstart', async () => {
    const saved = {
      connected: true,
      campaign_id: '215',
      ipn_url: 'http://localhost/api/paykickstart/ipn/abcdefghijklmnopqrstuvwxyz012345',
      products: [{ product_id: '2354', package_id: 3 }],
      connected_at: '2026-11-26T06:00:00.000Z',
    };
    api = mockApi((call) => {
      if (call.url === '/api/whitelabel/packages' && call.method === 'GET')
        return { status: 200, body: { data: [{ id: 3, name: 'Starter' }], currentPage: 1, pageSize: 100, total: 1 } };
      if (call.url === '/api/whitelabel/paykickstart' && call.method === 'GET')
        return {
          status: 200,
          body: { data: { connected: false, campaign_id: null, ipn_url: null, products: [], connected_at: null } },
        };
      if (call.url === '/api/whitelabel/paykickstart' && call.method === 'PUT')
        return {
          status: 200,
          body: { code: 'billing.paykickstart_saved', message: 'PayKickstart settings saved.', data: saved },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<PaykickstartSettingsPanel />, { route: '/stripe' });
    const form = await screen.findByRole('form', { name: 'PayKickstart' });
    await user.type(within(form).getByLabelText('IPN secret key'), 'pk-campaign-secret');
    await user.type(within(form).getByLabelText('Campaign ID (optional)'), '215');
    await user.click(within(form).getByRole('button', { name: 'Add a product' }));
    await user.type(within(form).getByLabelText('Product ID 1'), '2354');
    await user.selectOptions(within(form).getByLabelText('Package of product 1'), '3');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('paykickstart-ipn-url')).toHaveTextContent(saved.ipn_url);
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      secret_key: 'pk-campaign-secret',
      campaign_id: '215',
      products: [{ product_id: '2354', package_id: 3 }],
    });
  });
});
