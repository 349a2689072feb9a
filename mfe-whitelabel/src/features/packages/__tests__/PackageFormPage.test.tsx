import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AreaRoutes, registerAreaTranslations, useSessionStore } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { PackageFormPage } from '../components/PackageFormPage';
import { PackagesPage } from '../components/PackagesPage';

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
  modules: [] as string[],
  unavailable_modules: [] as string[],
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-02T00:00:00.000Z',
};

describe('PackageFormPage', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  const resellerModules = (slugs: string[]) => slugs.map((slug, i) => ({ id: i + 1, slug, name: slug }));

  const open = (onOldTerms: number, held = ['leads', 'whitelabel', 'wallet'], pkg: Partial<typeof PKG> = {}) => {
    useSessionStore.setState({ token: 'test-token' });
    api = mockApi((call) => {
      if (call.url === '/api/me') return { status: 200, body: { id: 1, modules: resellerModules(held) } };
      if (call.url === '/api/whitelabel/packages/7' && call.method === 'GET')
        return { status: 200, body: { ...PKG, ...pkg, subscribers_on_old_terms: onOldTerms } };
      if (call.url === '/api/whitelabel/packages/7' && call.method === 'PUT')
        return { status: 200, body: { ...PKG, ...(call.body as object) } };
      return undefined;
    });
    return renderWithProviders(
      <AreaRoutes routes={[{ path: 'packages/:id/edit', element: <PackageFormPage mode="edit" /> }]} />,
      { route: '/packages/7/edit' },
    );
  };

  it('says how many subscribers a change between free and paid left on their previous price', async () => {
    open(2);
    expect(
      await screen.findByText(/^2 subscribers stay on the previous price until they change plan/),
    ).toBeInTheDocument();
  });

  it('says nothing of it when every subscriber follows the price', async () => {
    open(0);
    expect(await screen.findByRole('form', { name: 'Edit package' })).toBeInTheDocument();
    expect(screen.queryByText(/stay on the previous price/)).not.toBeInTheDocument();
  });

  it("offers the modules the reseller holds beyond the customers' base, and saves the ones ticked", async () => {
    open(0, ['ai_suggest', 'leads', 'whitelabel', 'wallet']);
    const aiTools = await screen.findByRole('checkbox', { name: 'AI tools' });
    const group = screen.getByRole('group', { name: 'Modules' });
    expect(group).toHaveTextContent('Every customer has lead search and the wallet');
    // Lead search and the wallet are every customer's base: not offered; white-label never is.
    expect(within(group).getAllByRole('checkbox')).toEqual([aiTools]);
    await userEvent.click(aiTools);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ modules: ['ai_suggest'] }),
    );
  });

  it('says so when the reseller holds no module a package could add', async () => {
    const { queryClient } = open(0);
    await waitFor(() => expect(queryClient.getQueryData(['session', 'me', 'test-token'])).toBeDefined());
    const group = await screen.findByRole('group', { name: 'Modules' });
    expect(group).toHaveTextContent('Your account holds no other module a package could add');
    expect(screen.queryByRole('checkbox', { name: 'AI tools' })).not.toBeInTheDocument();
  });

  it('marks a module the reseller lost as no longer available: still ticked, and can be taken off', async () => {
    // The package adds AI tools; the reseller has since lost them and the wallet (ADR 056).
    open(0, ['leads', 'whitelabel'], { modules: ['ai_suggest'], unavailable_modules: ['ai_suggest', 'wallet'] });
    const lost = await screen.findByRole('checkbox', { name: 'AI tools (no longer available)' });
    expect(lost).toBeChecked();
    const group = screen.getByRole('group', { name: 'Modules' });
    expect(group).toHaveTextContent(
      'Your account no longer holds AI tools and Wallet: customers of this package don’t get them until your account holds them again.',
    );
    await userEvent.click(lost);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ modules: [] }));
  });
});

describe('PackagesPage', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it("lists each package's modules, marking those the reseller no longer holds", async () => {
    useSessionStore.setState({ token: 'test-token' });
    const rows = [
      {
        ...PKG,
        id: 7,
        name: 'Starter',
        modules: ['ai_suggest'],
        unavailable_modules: ['ai_suggest'],
        subscribers: 3,
        has_sales_settings: false,
      },
      { ...PKG, id: 8, name: 'Basic', modules: [], unavailable_modules: [], subscribers: 0, has_sales_settings: false },
    ];
    api = mockApi((call) =>
      call.url === '/api/whitelabel/packages'
        ? { status: 200, body: { data: rows, currentPage: 1, pageSize: 10, total: 2 } }
        : undefined,
    );
    renderWithProviders(<AreaRoutes routes={[{ path: 'packages', element: <PackagesPage /> }]} />, {
      route: '/packages',
    });
    const starter = (await screen.findByRole('cell', { name: 'Starter' })).closest('tr')!;
    expect(starter).toHaveTextContent('Lead search, Wallet, AI tools (no longer available)');
    const basic = screen.getByRole('cell', { name: 'Basic' }).closest('tr')!;
    expect(basic).toHaveTextContent('Lead search, Wallet');
    expect(basic).not.toHaveTextContent('no longer available');
  });
});
