import { screen, within } from '@testing-library/react';
import { AreaContext, registerAreaTranslations, type AreaMountProps } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { UsersPage } from '../components/UsersPage';

registerAreaTranslations(NAMESPACE, translations);

const user = (id: number, email: string, modules: string[], held_modules: string[]) => ({
  id,
  email,
  first_name: email.split('@')[0],
  last_name: '',
  role: 'user',
  user_type: 'customer',
  modules,
  held_modules,
  created_at: '2026-11-01T10:00:00.000Z',
  deleted_at: null,
  last_login_at: null,
  license_expires_at: null,
  subscription_id: null,
  subscription_status: null,
  parent_id: null,
  parent_email: null,
  children_count: 0,
  sub_account_limit: null,
  referral_partner_id: null,
  search_limit: null,
  searches_used: 0,
  unused_limits: 0,
  additional_query_count: 0,
  last_reset_date: null,
  payment_product_id: null,
  crm_plan_id: null,
  plan_id: null,
  plan_name: null,
  can_create_related_accounts: false,
  lang: 'en',
});

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi((call) =>
    call.method === 'GET' && call.url === '/api/admin/users'
      ? {
          status: 200,
          body: {
            data: [user(7, 'planned@x.test', [], ['ai_suggest', 'wallet']), user(8, 'bare@x.test', [], [])],
            currentPage: 1,
            pageSize: 20,
            total: 2,
          },
        }
      : undefined,
  );
});
afterEach(() => api.restore());

describe('admin users list', () => {
  it("shows each user's held modules (own and granted), not their own modules only", async () => {
    const props: AreaMountProps = {
      contractVersion: '1.0.0',
      area: 'admin',
      basename: '/admin',
      location: { pathname: '/admin/users', search: '', hash: '', state: null, key: 'k' },
      navigator: { navigate: jest.fn(), go: jest.fn() },
    };
    renderWithProviders(
      <AreaContext.Provider value={props}>
        <UsersPage />
      </AreaContext.Provider>,
      { route: '/users' },
    );
    const planned = (await screen.findByText('planned@x.test', {}, { timeout: 10_000 })).closest('tr')!;
    expect(within(planned).getByText('AI tools, Wallet')).toBeInTheDocument();
    const bare = screen.getByText('bare@x.test').closest('tr')!;
    expect(within(bare).queryByText(/AI tools|Wallet|Lead search/)).toBeNull();
  });
});
