import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { SubscriptionFormPage } from '../components/SubscriptionFormPage';

registerAreaTranslations(NAMESPACE, translations);

describe('SubscriptionFormPage', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it("shows the API's refusals: a short wallet on the additional credits field, the sub-account limit above the buttons", async () => {
    let answer = {
      status: 422,
      body: {
        code: 'whitelabel.credits_insufficient',
        field: 'additional_credits',
        message: 'Your wallet has fewer than the 500 additional credits you are granting.',
      },
    };
    api = mockApi((call) => {
      if (call.url === '/api/whitelabel/packages' && call.method === 'GET')
        return { status: 200, body: { data: [{ id: 3, name: 'Starter' }], currentPage: 1, pageSize: 100, total: 1 } };
      if (call.url === '/api/whitelabel/subscriptions' && call.method === 'POST') return answer;
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SubscriptionFormPage mode="create" />, { route: '/subscriptions/create' });
    const form = await screen.findByRole('form', { name: 'Create subscription' });
    await user.type(within(form).getByLabelText('Customer name'), 'Carl Customer');
    await user.type(within(form).getByLabelText('Email'), 'carl@customer.test');
    await user.type(within(form).getByLabelText('Username'), 'carl');
    await user.selectOptions(within(form).getByLabelText('Plan'), '3');
    await user.clear(within(form).getByLabelText('Additional credits'));
    await user.type(within(form).getByLabelText('Additional credits'), '500');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('Your wallet has fewer than the 500 additional credits you are granting.'),
    ).toBeInTheDocument();

    answer = {
      status: 422,
      body: {
        code: 'whitelabel.sub_account_limit',
        field: 'sub_account_limit',
        message: 'Your account allows 1 customer accounts and has reached that limit (sub-account limit).',
      },
    };
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Your account allows 1 customer accounts and has reached that limit (sub-account limit).',
    );
  });
});
