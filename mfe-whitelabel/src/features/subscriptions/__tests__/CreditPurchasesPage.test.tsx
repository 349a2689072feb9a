import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { CreditPurchasesPage } from '../components/CreditPurchasesPage';

registerAreaTranslations(NAMESPACE, translations);

const PAID = {
  id: 7,
  customer_id: 3,
  customer_name: 'Bea Buyer',
  email: 'bea@buyer.test',
  kind: 'top_up',
  amount_cents: 750,
  credits: 50,
  status: 'succeeded',
  created_at: '2026-11-20T10:00:00.000Z',
  paid_to_you: true,
  refund_requested_at: null,
  refund_failure_code: null,
  refund_taken_credits: null,
  refund_shortfall_credits: null,
  wallet_additional: 20,
};
const PLATFORM = { ...PAID, id: 8, customer_name: 'Cy Platform', paid_to_you: false };

describe('CreditPurchasesPage: refund of a customer’s credit purchase', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('says before refunding how many credits were already spent, refunds, then shows what was taken back; a payment to the platform has no refund button', async () => {
    let refunded = false;
    api = mockApi((call) => {
      if (call.url === '/api/whitelabel/credit-purchases' && call.method === 'GET') {
        const first = refunded
          ? {
              ...PAID,
              status: 'refunded',
              refund_requested_at: '2026-11-21T10:00:00.000Z',
              refund_taken_credits: 20,
              refund_shortfall_credits: 30,
              wallet_additional: 0,
            }
          : PAID;
        return { status: 200, body: { data: [first, PLATFORM], currentPage: 1, pageSize: 20, total: 2 } };
      }
      if (call.url === '/api/whitelabel/credit-purchases/7/refund' && call.method === 'POST') {
        refunded = true;
        return {
          status: 200,
          body: {
            code: 'settings.refund_done_short',
            message: 'Refunded',
            data: {
              id: 7,
              status: 'refunded',
              credits: 50,
              refund_requested_at: '2026-11-21T10:00:00.000Z',
              refund_failure_code: null,
              refund_taken_credits: 20,
              refund_shortfall_credits: 30,
            },
          },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<CreditPurchasesPage />, { route: '/subscriptions/credit-purchases' });
    expect(await screen.findByText('Bea Buyer (bea@buyer.test)')).toBeInTheDocument();
    expect(screen.getByText('Paid to the platform')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Refund the purchase of/ })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: /^Refund the purchase of Bea Buyer/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('$7.50 goes back to the card of Bea Buyer, and 50 credits leave their wallet.');
    expect(dialog).toHaveTextContent(
      'Their wallet holds 20 purchased credits: 30 have already been spent and cannot be taken back.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await screen.findByTestId('purchase-refund-7')).toHaveTextContent(
      'Credits taken back: 20; already spent: 30',
    );
    expect(screen.getByTestId('purchase-status-7')).toHaveTextContent('Refunded');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
