import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, registerAreaTranslations } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { mockApi } from '@leadsmith/shared/testing';
import { WalletPage } from '../components/WalletPage';

registerAreaTranslations(NAMESPACE, translations);

const pricing = { centsPerCredit: 10, validationCents: 100, validationCredits: 10, minTopUp: 10, maxTopUp: 100000 };
/** What every wallet answer of these tests has in common (each test adds its balance, cards and the rest). */
const WALLET_DEFAULTS = {
  autoTopUp: { enabled: false, threshold: 10, amount: 100, consent_at: null },
  pricing,
  provider: 'sandbox',
};
const NO_CHARGES = { status: 200, body: { data: [], currentPage: 1, pageSize: 20, total: 0 } };
const charge = {
  id: 7,
  kind: 'card_validation',
  amount_cents: 100,
  credits: 10,
  status: 'succeeded',
  failure_code: null,
  card_last4: '4242',
  created_at: '2026-03-15T12:00:00Z',
};

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
            lots: additional
              ? [{ id: 1, amount: 10, remaining: 10, expires_at: '2027-03-15T12:00:00Z', reason: 'Card validation' }]
              : [],
            cards,
            ...WALLET_DEFAULTS,
            test_mode: true,
            publishable_key: null,
            charge_waiting_for_confirmation: null,
          },
        };
      if (call.url === '/api/wallet/charges')
        return {
          status: 200,
          body: { data: additional ? [charge] : [], currentPage: 1, pageSize: 20, total: additional ? 1 : 0 },
        };
      if (call.url === '/api/wallet/cards/setup' && call.method === 'POST')
        return {
          status: 201,
          body: {
            setup_intent_id: 'seti_sbx_1',
            client_secret: 'seti_sbx_1_secret_x',
            provider: 'sandbox',
            publishable_key: null,
          },
        };
      if (call.url === '/api/wallet/cards' && call.method === 'POST') {
        cards = [
          {
            id: 1,
            brand: 'visa',
            last4: '4242',
            exp_month: 12,
            exp_year: 2035,
            is_default: true,
            needs_reconnect: false,
            created_at: '2026-03-15T12:00:00Z',
          },
        ];
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
    expect(screen.getByTestId('payments-test-mode')).toHaveTextContent('Test mode');
    // The page sent a token, never the number or the security code.
    expect(api.calls.find((c) => c.url === '/api/wallet/cards' && c.method === 'POST')?.body).toEqual({
      setup_intent_id: 'seti_sbx_1',
      token: 'tok_sandbox_succeed_visa_4242_12_2035',
      make_default: false,
    });
    expect(JSON.stringify(api.calls.map((c) => c.body))).not.toMatch(/4242 ?4242 ?4242|"123"/);
  });

  it('a card the bank wants confirmed: "Card must be reconnected for security reasons" and Confirm card', async () => {
    let confirmed = false;
    api = mockApi((call) => {
      if (call.url === '/api/wallet' && call.method === 'GET')
        return {
          status: 200,
          body: {
            balance: { monthly: 0, additional: 0, rolled_over: 0, total: 0 },
            lots: [],
            cards: [
              {
                id: 1,
                brand: 'visa',
                last4: '3184',
                exp_month: 12,
                exp_year: 2035,
                is_default: true,
                needs_reconnect: !confirmed,
                created_at: '2026-03-15T12:00:00Z',
              },
            ],
            ...WALLET_DEFAULTS,
            test_mode: true,
            publishable_key: null,
            charge_waiting_for_confirmation: confirmed ? null : 9,
          },
        };
      if (call.url === '/api/wallet/charges') return NO_CHARGES;
      if (call.url === '/api/wallet/charges/9/confirm' && call.method === 'POST') {
        confirmed = true;
        return {
          status: 200,
          body: {
            provider: 'sandbox',
            client_secret: null,
            publishable_key: null,
            data: { ...charge, id: 9, status: 'succeeded' },
            message: 'Payment succeeded!',
          },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<WalletPage />, { route: '/settings/wallet' });
    expect(await screen.findByText('Card must be reconnected for security reasons')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm card' }));
    expect(await screen.findByTestId('payment-status')).toHaveTextContent('Payment succeeded!');
    expect(await screen.findByText('visa ending in 3184')).toBeInTheDocument();
    expect(screen.queryByText('Card must be reconnected for security reasons')).not.toBeInTheDocument();
  });
  it("shows a reseller's customer the credit price it will pay", async () => {
    api = mockApi((call) => {
      if (call.url === '/api/wallet' && call.method === 'GET')
        return {
          status: 200,
          body: {
            balance: { monthly: 0, additional: 0, rolled_over: 0, total: 0 },
            lots: [],
            cards: [
              {
                id: 1,
                brand: 'visa',
                last4: '4242',
                exp_month: 12,
                exp_year: 2035,
                is_default: true,
                created_at: '2026-03-15T12:00:00Z',
              },
            ],
            ...WALLET_DEFAULTS,
            pricing: { ...pricing, centsPerCredit: 25 },
          },
        };
      if (call.url === '/api/wallet/charges') return NO_CHARGES;
      return undefined;
    });
    renderWithProviders(<WalletPage />, { route: '/settings/wallet' });
    expect(await screen.findByTestId('price-per-credit')).toHaveTextContent('Price per credit: $0.25');
    // The default 100 credits at 25 cents.
    expect(screen.getByText('Price: $25.00')).toBeInTheDocument();
  });

  it("lists the cards in the kit's table: makes one the default, deletes one only after the second click", async () => {
    let cards = [
      {
        id: 1,
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2035,
        is_default: true,
        needs_reconnect: false,
        created_at: '2026-03-15T12:00:00Z',
      },
      {
        id: 2,
        brand: 'mastercard',
        last4: '4444',
        exp_month: 3,
        exp_year: 2031,
        is_default: false,
        needs_reconnect: false,
        created_at: '2026-03-16T12:00:00Z',
      },
    ];
    api = mockApi((call) => {
      if (call.url === '/api/wallet' && call.method === 'GET')
        return {
          status: 200,
          body: {
            balance: { monthly: 0, additional: 0, rolled_over: 0, total: 0 },
            lots: [],
            cards,
            ...WALLET_DEFAULTS,
            test_mode: true,
            publishable_key: null,
            charge_waiting_for_confirmation: null,
          },
        };
      if (call.url === '/api/wallet/charges') return NO_CHARGES;
      if (call.url === '/api/wallet/cards/2/default' && call.method === 'PUT') {
        cards = cards.map((c) => ({ ...c, is_default: c.id === 2 }));
        return { status: 200, body: { message: 'ok' } };
      }
      if (call.url === '/api/wallet/cards/1' && call.method === 'DELETE') {
        cards = cards.filter((c) => c.id !== 1);
        return { status: 200, body: { message: 'ok' } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<WalletPage />, { route: '/settings/wallet' });
    const table = await screen.findByRole('table', { name: 'Credit cards' });
    expect(await screen.findByText('No payments yet.')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Make mastercard ending in 4444 the default card' }));
    expect(
      await within(table).findByRole('button', { name: 'Make visa ending in 4242 the default card' }),
    ).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Delete visa ending in 4242' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(table).getByRole('button', { name: 'Confirm deleting visa ending in 4242' }));
    await waitFor(() => expect(within(table).queryByText('visa ending in 4242')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/wallet/cards/1']);
  });

  it("groups the balances in the user's language", async () => {
    api = mockApi((call) => {
      if (call.url === '/api/wallet' && call.method === 'GET')
        return {
          status: 200,
          body: {
            balance: { monthly: 800, additional: 1200, rolled_over: 50, total: 2050 },
            lots: [],
            cards: [],
            ...WALLET_DEFAULTS,
          },
        };
      if (call.url === '/api/wallet/charges') return NO_CHARGES;
      return undefined;
    });
    const { unmount } = renderWithProviders(<WalletPage />, { route: '/settings/wallet' });
    expect(await screen.findByTestId('balance-total')).toHaveTextContent('2,050');
    expect(screen.getByTestId('balance-additional')).toHaveTextContent('1,200');
    unmount();
    await i18n.changeLanguage('de');
    try {
      renderWithProviders(<WalletPage />, { route: '/settings/wallet' });
      expect(await screen.findByTestId('balance-total')).toHaveTextContent('2.050');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
