import { screen } from '@testing-library/react';
import { AreaRoutes, registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { PackageFormPage } from '../components/PackageFormPage';

registerAreaTranslations(NAMESPACE, translations);

const PKG = {
  id: 7,
  slug: 'starter',
  name: 'Starter',
  description: null,
  monthly_price_cents: 0,
  yearly_price_cents: null,
  one_time_price_cents: null,
  trial_days: 0,
  trial_amount_cents: 0,
  monthly_credits: 500,
  credit_price_cents: 15,
  collect_payment_method: true,
  available_for_billing_portal: true,
  show_on_sales_page: true,
  create_via_form: true,
  form_available_days: null,
  thank_you_url: null,
  custom_fields: [],
  search_limit: 1000,
  past_due_access: 'pause',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-02T00:00:00.000Z',
};

describe('PackageFormPage', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  const open = (onOldTerms: number) => {
    api = mockApi((call) => (call.url === '/api/whitelabel/packages/7' ? { status: 200, body: { ...PKG, subscribers_on_old_terms: onOldTerms } } : undefined));
    return renderWithProviders(<AreaRoutes routes={[{ path: 'packages/:id/edit', element: <PackageFormPage mode="edit" /> }]} />, { route: '/packages/7/edit' });
  };

  it('says how many subscribers a change between free and paid left on their previous price', async () => {
    open(2);
    expect(await screen.findByText(/^2 subscribers stay on the previous price until they change plan/)).toBeInTheDocument();
  });

  it('says nothing of it when every subscriber follows the price', async () => {
    open(0);
    expect(await screen.findByRole('form', { name: 'Edit package' })).toBeInTheDocument();
    expect(screen.queryByText(/stay on the previous price/)).not.toBeInTheDocument();
  });
});
