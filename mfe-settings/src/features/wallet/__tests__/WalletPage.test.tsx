import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAreaTranslations } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { mockApi } from '@leadsmith/shared/testing';
import { WalletPage } from '../components/WalletPage';

registerAreaTranslations(NAMESPACE, translations);

const pricing = { centsPerCredit: 10, validationCents: 100, validationCredits: 10, minTopUp: 10, maxTopUp: 100000 };
const charge = { id: 7, kind: 'card_validation', amount_cents: 100, credits: 10, status: 'succeeded', failure_code: null, card_last4: '4242', created_at: '2026-03-15T12:00:00Z' };

describe('WalletPage', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('shows the balance by bucket, asks for a default card, and adds a card with its validation charge', async () => {
    let cards: unknown[] = [];
    let additional = 0;
    api = mockApi((call) => {
      if (call.url === '/api/wallet' && call.method === 'GET')
        return {
          status: 200,
          body: {
            balance: { monthly: 5, additional, rolled_over: 2, total: 7 + additional },
            lots: additional ? [{ id: 1, amount: 10, remaining: 10, expires_at: '2027-03-15T12:00:00Z', reason: 'Card validation' }] : [],
            cards,
            autoTopUp: { enabled: false, threshold: 10, amount: 100, consent_at: null },
            pricing,
            provider: 'sandbox',
          },
        };
      if (call.url === '/api/wallet/charges') return { status: 200, body: { data: additional ? [charge] : [], currentPage: 1, pageSize: 20, total: additional ? 1 : 0 } };
      if (call.url === '/api/wallet/cards' && call.method === 'POST') {
        cards = [{ id: 1, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2035, is_default: true, created_at: '2026-03-15T12:00:00Z' }];
        additional = 10;
        return { status: 201, body: { message: 'Payment succeeded!', data: cards[0], charge } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<WalletPage />, { route: '/settings/wallet' });
    expect(await screen.findByTestId('balance-total')).toHaveTextContent('7');
    expect(screen.getByTestId('balance-monthly')).toHaveTextContent('5');
    expect(screen.getAllByText('Please add a default credit card!').length).toBeGreaterThan(0);

    const form = screen.getByRole('form', { name: 'Add a card' });
    await user.click(within(form).getByRole('button', { name: 'Add card' }));
    expect(await within(form).findAllByText('This field is required')).not.toHaveLength(0);
    await user.type(within(form).getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(within(form).getByLabelText('Expiry month'), '12');
    await user.type(within(form).getByLabelText('Expiry year'), '2035');
    await user.type(within(form).getByLabelText('Security code'), '123');
    await user.click(within(form).getByRole('button', { name: 'Add card' }));
    expect(await screen.findByTestId('payment-status')).toHaveTextContent('Payment succeeded!');
    expect(await screen.findByText('visa ending in 4242')).toBeInTheDocument();
    expect(screen.getByTestId('balance-additional')).toHaveTextContent('10');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2035, cvc: '123', make_default: false });
  });
  it("shows a reseller's customer the credit price it will pay", async () => {
    api = mockApi((call) => {
      if (call.url === '/api/wallet' && call.method === 'GET')
        return {
          status: 200,
          body: {
            balance: { monthly: 0, additional: 0, rolled_over: 0, total: 0 },
            lots: [],
            cards: [{ id: 1, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2035, is_default: true, created_at: '2026-03-15T12:00:00Z' }],
            autoTopUp: { enabled: false, threshold: 10, amount: 100, consent_at: null },
            pricing: { ...pricing, centsPerCredit: 25 },
            provider: 'sandbox',
          },
        };
      if (call.url === '/api/wallet/charges') return { status: 200, body: { data: [], currentPage: 1, pageSize: 20, total: 0 } };
      return undefined;
    });
    renderWithProviders(<WalletPage />, { route: '/settings/wallet' });
    expect(await screen.findByTestId('price-per-credit')).toHaveTextContent('Price per credit: $0.25');
    // The default 100 credits at 25 cents.
    expect(screen.getByText('Price: $25.00')).toBeInTheDocument();
  });
});
