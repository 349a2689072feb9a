import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { mockApi } from '@leadsmith/shared/testing';
import { CONNECTED, crmRow, renderCrmPage } from './crm-page-fixtures';

describe('Zapier on the CRM page', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('is connected with a pasted webhook URL; the API’s refusal shows on the field', async () => {
    let connected = false;
    api = renderCrmPage({
      connections: () => [
        crmRow('ghl', 'GoHighLevel', { kind: 'oauth', target: null }),
        crmRow('zapier', 'Zapier', {
          kind: 'webhook',
          ...(connected ? { ...CONNECTED, target: 'hooks.zapier.com' } : { target: null }),
        }),
      ],
      other: (call) => {
        if (call.url !== '/api/crm/connections/zapier/webhook') return undefined;
        const { url } = call.body as { url: string };
        if (url.includes('10.0.0.1'))
          return {
            status: 422,
            body: {
              code: 'settings.address_refused',
              field: 'url',
              message: 'This URL/domain cannot be used: it points to a private or local address.',
            },
          };
        connected = true;
        return { status: 200, body: { provider: 'zapier', message: 'Zapier connected.' } };
      },
    });
    const field = await screen.findByLabelText('Zapier webhook URL');
    fireEvent.click(screen.getByRole('button', { name: 'Connect Zapier' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();

    fireEvent.change(field, { target: { value: 'http://10.0.0.1/hooks/catch/1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect Zapier' }));
    expect(
      await screen.findByText('This URL/domain cannot be used: it points to a private or local address.'),
    ).toBeInTheDocument();

    fireEvent.change(field, { target: { value: 'https://hooks.zapier.com/hooks/catch/1/abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect Zapier' }));
    expect(await screen.findByText('Sends to hooks.zapier.com')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Zapier webhook URL')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { url: 'http://10.0.0.1/hooks/catch/1' },
      { url: 'https://hooks.zapier.com/hooks/catch/1/abc' },
    ]);
  });
});
