import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { WebhooksPage } from '../components/WebhooksPage';

registerAreaTranslations(NAMESPACE, translations);

const HOOK = {
  id: 4,
  name: 'My CRM',
  url: 'https://crm.example/hook',
  events: ['subscription.created'],
  secret: 'whsec_…abcd',
  last_delivery_at: null,
  last_status: null,
};

describe('WebhooksPage', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('adds a webhook from the form above the list, then edits one keeping its secret (sent as null) and its events', async () => {
    const sent: { method: string; url: string; body?: unknown }[] = [];
    api = mockApi((call) => {
      if (call.method === 'GET' && call.url === '/api/whitelabel/webhooks')
        return { status: 200, body: { data: [HOOK], currentPage: 1, pageSize: 20, total: 1 } };
      if (call.method === 'POST' || call.method === 'PUT') {
        sent.push(call);
        return { status: call.method === 'POST' ? 201 : 200, body: { data: { ...HOOK, ...(call.body as object) } } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksPage />, { route: '/webhook' });
    const add = screen.getByRole('form', { name: 'Add a webhook' });
    expect(within(add).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.type(within(add).getByLabelText('Name'), ' Billing ');
    await user.type(within(add).getByLabelText('URL'), 'https://billing.example/in');
    await user.type(within(add).getByLabelText('Secret (generated when empty)'), 's3cret');
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    expect(await within(add).findByRole('alert')).toHaveTextContent('This field is required');
    // A click without pointer events: jsdom has no PointerEvent for the checkbox's press handling on blur.
    fireEvent.click(within(add).getByRole('checkbox', { name: 'Refunded' }));
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'POST',
      body: { name: 'Billing', url: 'https://billing.example/in', secret: 's3cret', events: ['subscription.refunded'] },
    });
    await waitFor(() => expect(within(add).getByLabelText('Name')).toHaveValue(''));

    await user.click(await screen.findByRole('button', { name: 'Edit My CRM' }));
    const edit = screen.getByRole('form', { name: 'Edit the webhook' });
    expect(within(edit).getByLabelText('Secret (leave empty to keep it)')).toHaveValue('');
    expect(within(edit).getByRole('checkbox', { name: 'Created' })).toBeChecked();
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({
      method: 'PUT',
      url: '/api/whitelabel/webhooks/4',
      body: { name: 'My CRM', secret: null, events: ['subscription.created'] },
    });
    expect(await screen.findByRole('form', { name: 'Add a webhook' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a test event to My CRM' })).toBeInTheDocument();
  });
});
